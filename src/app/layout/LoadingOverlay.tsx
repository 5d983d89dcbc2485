/**
 * The full-screen loading overlay: while the session starts and while a route's data loads. After
 * LOADING_OVERLAY_TIMEOUT_MS it says there is trouble connecting (or that the device is offline) and
 * offers Reload. Pages that need
 * no login do not wait for the session.
 */
import { type AnyRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LOADING_OVERLAY_TIMEOUT_MS } from '../../../protocol/constants';
import { Messages } from '../../../protocol/errors';
import { sessionState } from '../../state/session';
import { isPublicPath } from '../route-helpers';
import { useOnline } from '../use-online';

/** Quick route loads do not flash the overlay. */
const ROUTE_DELAY_MS = 250;

export function LoadingOverlay({ router }: { router: AnyRouter }) {
  const { status } = useSnapshot(sessionState);
  const routePending = useRouterState({ router, select: (s) => s.status === 'pending' });
  const [routeShown, setRouteShown] = useState(false);
  const [trouble, setTrouble] = useState(false);
  const online = useOnline();

  useEffect(() => {
    if (!routePending) {
      setRouteShown(false);
      return;
    }
    const t = setTimeout(() => setRouteShown(true), ROUTE_DELAY_MS);
    return () => clearTimeout(t);
  }, [routePending]);

  // Pages that need no login (help) never wait for the session: offline they are readable at once.
  const publicPage = useRouterState({ router, select: (s) => isPublicPath(s.location.pathname) });
  const unreachable = status === 'unreachable' && !publicPage;
  const visible = (status === 'booting' && !publicPage) || routeShown || unreachable;

  useEffect(() => {
    if (!visible) {
      setTrouble(false);
      return;
    }
    const t = setTimeout(() => setTrouble(true), LOADING_OVERLAY_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [visible]);

  if (!visible) return null;
  const showTrouble = trouble || unreachable;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" aria-busy={!showTrouble}>
      {showTrouble ? (
        <div className="loading-trouble" role="alert">
          <p>{online ? Messages.loadingTrouble : Messages.offline}</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      ) : (
        <div className="loading-spinner" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </div>
      )}
    </div>
  );
}
