/**
 * Her earnings (protocol/earnings/earnings.ts) as her studio shows them: read on mount, every
 * EARNINGS_REFRESH_MS while `active` (she is live or in a One-on-One), and again whenever
 * `reloadKey` changes (a One-on-One ended: its last minute is in the ledger by then).
 */
import { useEffect, useState } from 'react';
import { EARNINGS_REFRESH_MS, type EarningsAnswer, EarningsApi } from '../../../protocol/earnings/earnings';
import { call } from '../../api/http';
import { errorText } from '../../api/use-request';

const getEarnings = (sinceMs: number, roomId = '') =>
  call<EarningsAnswer>(EarningsApi.mine, roomId ? { since: sinceMs, room_id: roomId } : { since: sinceMs }, {
    method: 'GET',
  });

export type EarningsState =
  | { status: 'loading' }
  | { status: 'ready'; data: EarningsAnswer }
  | { status: 'error'; error: string; data?: EarningsAnswer };

export function useEarnings(opts: {
  /** When her session began (ms); without one the session reads from now (0). */
  sinceMs: number | null;
  roomId?: string;
  active: boolean;
  reloadKey?: unknown;
}): [EarningsState, () => void] {
  const { sinceMs, roomId = '', active, reloadKey } = opts;
  const [state, setState] = useState<EarningsState>({ status: 'loading' });
  const [retries, setRetries] = useState(0);
  useEffect(() => {
    let on = true;
    const since = sinceMs ?? Date.now();
    const load = () =>
      getEarnings(since, roomId).then(
        (data) => on && setState({ status: 'ready', data }),
        (e: unknown) =>
          on &&
          // A failed refresh keeps the figures she saw, with the error beside them.
          setState((prev) => ({
            status: 'error',
            error: errorText(e),
            ...(prev.status !== 'loading' && prev.data && { data: prev.data }),
          })),
      );
    void load();
    const timer = active ? setInterval(load, EARNINGS_REFRESH_MS) : undefined;
    return () => {
      on = false;
      clearInterval(timer);
    };
    // reloadKey and retries only ask again.
  }, [sinceMs, roomId, active, reloadKey, retries]);
  return [state, () => setRetries((n) => n + 1)];
}
