/**
 * "Where to use my vouchers" (/myhomeback/voucheranchors): the broadcasters online now whose rooms
 * take his broadcast vouchers (getCouponAnchorList), all of them or one kind of room, with the
 * spec's empty text. Reached from the voucher pack, the voucher banner and the voucher pop.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { VOUCHER_ANCHORS_EMPTY, VoucherAnchorTexts } from '../../../protocol/vouchers/voucher-anchors';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import { useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { memberPrivOf, userState } from '../../state/user';
import { BackpackTabs } from '../backpack/BackpackTabs';
import { AnchorCard } from '../discover/AnchorCard';
import { getCouponAnchors } from './anchors-api';
import './vouchers.css';

/** The list's tags (bq_id): every room, premium rooms, One-on-Ones (2 and 4 read together here). */
const TAGS = [
  { id: 0, label: 'All rooms' },
  { id: 3, label: 'Premium rooms' },
  { id: 2, label: 'One-on-One' },
] as const;

export function VoucherAnchorsPage() {
  const { me } = useSnapshot(userState);
  const [tag, setTag] = useState<number>(0);
  const load = useCallback(async () => {
    if (tag !== 2) return getCouponAnchors(tag);
    // One-on-One rooms are type 2 or 4 (by the broadcaster's type): both lists, one grid.
    const [two, four] = await Promise.all([getCouponAnchors(2), getCouponAnchors(4)]);
    return { list: [...two.list, ...four.list] };
  }, [tag]);
  const [state, retry] = useRequest(load, `voucher-anchors-${tag}`);
  const priv = memberPrivOf(me);

  return (
    <section
      className="page backpack-page"
      aria-labelledby="voucher-anchors-title"
      data-testid="voucher-anchors"
    >
      <h1 className="page-title" id="voucher-anchors-title">
        {VoucherAnchorTexts.pageTitle}
      </h1>
      <BackpackTabs />
      <p className="muted">
        A broadcast voucher pays your first {BROADCAST_VOUCHER_MINUTES} minutes in a room it is good for.
        These broadcasters are online now in such a room. <Link to="/myhomeback/pack1">See my vouchers</Link>
      </p>
      <fieldset className="voucher-tags" data-testid="voucher-tags">
        <legend className="visually-hidden">Rooms</legend>
        {TAGS.map((t) => (
          <label key={t.id} className={`chip${tag === t.id ? ' chip-on' : ''}`}>
            <input
              type="radio"
              name="voucher-tag"
              className="visually-hidden"
              checked={tag === t.id}
              onChange={() => setTag(t.id)}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="voucher-anchors-empty">
          <p>{VOUCHER_ANCHORS_EMPTY}</p>
          <Link to="/masterlist" className="btn btn-secondary">
            See who is online
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <div className="anchor-grid" data-testid="voucher-anchors-list">
          {state.data.list.map((a) => (
            <AnchorCard key={a.userid} anchor={a} priv={priv} />
          ))}
        </div>
      )}
    </section>
  );
}
