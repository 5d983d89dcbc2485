/**
 * /myhomeback/siteassets, the backpack's overview: the four packs (chat vouchers, broadcast
 * vouchers, gifts, rides) with what is new in each and the vouchers' summary (total, expiring
 * soon), then the way to his balances' histories.
 */
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import {
  BACKPACK_PATHS,
  type BackpackKind,
  type VoucherSummary,
  type VoucherSummaryData,
} from '../../../protocol/backpack/backpack';
import { useRequest } from '../../api/use-request';
import { menuBadge } from '../../app/layout/badges';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { userState } from '../../state/user';
import { getVoucherSummary } from './api';
import { BackpackTabs } from './BackpackTabs';
import { backpackState, refreshBackpackUnread } from './unread';
import './backpack.css';

const PACKS: { kind: BackpackKind; title: string; what: string }[] = [
  { kind: 'voucher', title: 'Vouchers', what: 'Broadcast vouchers pay your first minutes in a paid room.' },
  { kind: 'livechat_voucher', title: 'Chat vouchers', what: 'Each pays the first minutes of a live chat.' },
  { kind: 'gift', title: 'Gifts', what: "Virtual gifts to give in a broadcaster's room." },
  { kind: 'ride', title: 'Rides', what: "Rides announce your arrival in a broadcaster's room." },
];

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "2 vouchers · 1 expiring in 1 day", or nothing to say. */
function summaryText(s: VoucherSummary | undefined): string {
  if (!s || s.total === 0) return 'None at the moment.';
  const held = plural(s.total, 'voucher');
  if (s.expiring_num === 0) return held;
  return `${held} · ${s.expiring_num} expiring in ${plural(s.expiring_day, 'day')}`;
}

async function loadOverview(): Promise<VoucherSummaryData> {
  const [summary] = await Promise.all([getVoucherSummary(), refreshBackpackUnread()]);
  return summary;
}

export function BackpackPage() {
  const { unread } = useSnapshot(backpackState);
  const { me } = useSnapshot(userState);
  const load = useCallback(() => loadOverview(), []);
  const [state, retry] = useRequest(load, me?.userid ?? '');
  return (
    <section className="page backpack-page" aria-labelledby="backpack-title" data-testid="backpack">
      <h1 className="page-title" id="backpack-title">
        My backpack
      </h1>
      <BackpackTabs />
      {state.status === 'loading' && (
        <ul className="pack-grid" aria-busy="true" aria-label="Loading your backpack">
          {PACKS.map((p) => (
            <li key={p.kind} className="pack-card skeleton" />
          ))}
        </ul>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <ul className="pack-grid">
          {PACKS.map((p) => {
            const fresh = unread?.[p.kind] ?? 0;
            const badge = menuBadge(fresh);
            const summary =
              p.kind === 'voucher'
                ? state.data.broadcast
                : p.kind === 'livechat_voucher'
                  ? state.data.chat
                  : undefined;
            return (
              <li key={p.kind}>
                <Link to={BACKPACK_PATHS[p.kind]} className="pack-card card" data-testid={`pack-${p.kind}`}>
                  <span className="pack-head">
                    <strong>{p.title}</strong>
                    {badge && (
                      <span className="badge" data-testid={`pack-${p.kind}-new`}>
                        {badge} new
                      </span>
                    )}
                  </span>
                  <span className="pack-what">{p.what}</span>
                  {summary && <span className="pack-summary">{summaryText(summary)}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <h2 className="backpack-sub">Balances</h2>
      <ul className="backpack-links">
        <li>
          <Link to="/myhomeback/credithistories">Credit history</Link>
        </li>
        <li>
          <Link to="/myhomeback/stamps">Post stamps</Link>
        </li>
        {me?.isPaidMember === 1 && (
          <li>
            <Link to="/myhomeback/chatminhistories">Chat minute history</Link>
          </li>
        )}
      </ul>
    </section>
  );
}
