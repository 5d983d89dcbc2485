/** The app shell: header, navigation, the routed page, footer, and the page-change helpers. */
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { InviteBubbles } from '../../features/invites/Bubbles';
import { linkPush } from '../../features/notifications/link';
import { VoucherBanner } from '../../features/vouchers/VoucherBanner';
import { sessionState } from '../../state/session';
import { Footer } from './Footer';
import { Header } from './Header';
import { ProgressBar } from './ProgressBar';
import { RouteMeta } from './RouteMeta';
import { ScrollTopButton } from './ScrollTopButton';
import './shell.css';

export function Shell() {
  const href = useLocation({ select: (l) => l.href });
  const { offline } = useSnapshot(sessionState);

  // Web Push: notification clicks drop bubbles here; bubbles shown here close notifications.
  useEffect(() => linkPush(), []);

  // The router scrolls to the top on every change (spec 002 §2).
  useEffect(() => {
    if (href) window.scrollTo(0, 0);
  }, [href]);

  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={skipToMain}>
        Skip to content
      </button>
      <ProgressBar />
      <RouteMeta />
      <Header />
      <VoucherBanner />
      {offline && (
        <p className="offline-banner" role="status">
          You are offline. Showing your saved profile and balances.
        </p>
      )}
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollTopButton />
      <InviteBubbles />
    </div>
  );
}

/** The hash router owns '#', so the skip link focuses the main region itself. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
