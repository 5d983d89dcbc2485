/**
 * Her earnings (protocol/earnings/earnings.ts) as her studio shows them, loaded by the app's
 * useRequest: read on mount, every EARNINGS_REFRESH_MS while `active` (she is live or in a
 * One-on-One), and again when `active` or `reloadKey` changes (a One-on-One ended: its last minute
 * is in the ledger by then).
 */
import { useEffect, useRef, useState } from 'react';
import { EARNINGS_REFRESH_MS, type EarningsAnswer, EarningsApi } from '../../../protocol/earnings/earnings';
import { call } from '../../api/http';
import { useRequest } from '../../api/use-request';

const getEarnings = (sinceMs: number, roomId = '') =>
  call<EarningsAnswer>(EarningsApi.mine, roomId ? { since: sinceMs, room_id: roomId } : { since: sinceMs }, {
    method: 'GET',
  });

export type EarningsState =
  | { status: 'loading' }
  | { status: 'ready'; data: EarningsAnswer }
  | { status: 'error'; error: string; data?: EarningsAnswer };

export function useEarnings(opts: {
  /** When her session began (ms); without one the session reads from when the studio opened. */
  sinceMs: number | null;
  roomId?: string;
  active: boolean;
  reloadKey?: unknown;
}): [EarningsState, () => void] {
  const { sinceMs, roomId = '', active, reloadKey } = opts;
  const [openedAt] = useState(Date.now);
  const since = sinceMs ?? openedAt;
  const [state, again] = useRequest(() => getEarnings(since, roomId), `${since}|${roomId}`);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(again, EARNINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, again]);

  // Asking again keeps the figures shown until the answer comes (useRequest's same key).
  const asked = useRef({ active, reloadKey });
  useEffect(() => {
    if (asked.current.active === active && Object.is(asked.current.reloadKey, reloadKey)) return;
    asked.current = { active, reloadKey };
    again();
  }, [active, reloadKey, again]);

  // A failed refresh keeps the figures she saw, with the error beside them.
  const shown = useRef<{ key: string; data: EarningsAnswer } | null>(null);
  if (state.status === 'ready') shown.current = { key: `${since}|${roomId}`, data: state.data };
  if (state.status !== 'error') return [state, again];
  const kept = shown.current?.key === `${since}|${roomId}` ? shown.current.data : undefined;
  return [{ status: 'error', error: state.error, ...(kept && { data: kept }) }, again];
}
