/**
 * The backpack's packs: /myhomeback/pack1 (broadcast vouchers: what each pays, where, and when it
 * ends), pack2 (gifts: picture, name, count) and pack3 (rides). Each marks its pack read once its
 * list has shown, so what was new is marked "New" this once.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import {
  BACKPACK_VOUCHER_STEP,
  BackpackTexts,
  type BackpackVoucher,
  expiryText,
} from '../../../protocol/backpack/backpack';
import { LIMITED_GIFT_INTIMACY_LEVEL } from '../../../protocol/gifts/gifts';
import { useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { When } from '../../app/time/When';
import { HistoryMore } from '../histories/HistoryMore';
import { useHistory } from '../histories/use-history';
import { RideShop } from '../rides/RideShop';
import { getBackpackGifts, getBackpackRides, getBackpackVouchers } from './api';
import { BackpackTabs } from './BackpackTabs';
import { useMarkPackRead } from './unread';
import './backpack.css';

const nowS = () => Math.floor(Date.now() / 1000);

/** Where a broadcast voucher is good (voucher_use_room_type: 1 public, 3 premium, 2 and 4 One-on-One). */
function roomsText(types: readonly number[]): string {
  if (types.length === 0) return 'any paid room';
  const names = new Set<string>();
  for (const t of types) {
    if (t === 3) names.add('premium public rooms');
    else if (t === 1) names.add('public rooms');
    else names.add('One-on-One');
  }
  return [...names].join(' and ');
}

function Loading() {
  return (
    <p className="muted" role="status">
      Loading…
    </p>
  );
}

function NewMark({ unread }: { unread: 0 | 1 }) {
  return unread === 1 ? <span className="badge pack-new">New</span> : null;
}

function Expiry({ at }: { at: number }) {
  const text = expiryText(at, nowS());
  const soon = at - nowS() < 3 * 86_400;
  return (
    <span className={soon ? 'pack-expiry pack-expiry-soon' : 'pack-expiry'}>
      {text} (<When seconds={at} short />)
    </span>
  );
}

type VoucherRow = BackpackVoucher & { id: number };

export function VoucherPackPage() {
  const [total, setTotal] = useState<number | null>(null);
  const load = useCallback(async (start: number, step: number) => {
    const page = await getBackpackVouchers(start, step);
    setTotal(page.total);
    return { list: page.list.map((v, i): VoucherRow => ({ ...v, id: start + i })) };
  }, []);
  const vouchers = useHistory<VoucherRow>(load, BACKPACK_VOUCHER_STEP, null);
  const { items, status, error } = vouchers;
  useMarkPackRead('voucher', total !== null);
  return (
    <section className="page backpack-page" aria-labelledby="pack1-title" data-testid="pack1">
      <h1 className="page-title" id="pack1-title">
        Vouchers
      </h1>
      <BackpackTabs />
      <p className="muted">
        A broadcast voucher pays your first minutes in a paid room instead of credits. It is used by itself
        when you enter a room it is good for.
      </p>
      {total !== null && total > 0 && (
        <p>
          You have {total === 1 ? '1 voucher' : `${total} vouchers`}.{' '}
          <Link to="/myhomeback/voucheranchors" data-testid="pack1-where">
            Where to use my vouchers
          </Link>
        </p>
      )}
      {status === 'error' && <ErrorRetry message={error} onRetry={vouchers.retry} />}
      {status === 'nodata' && (
        <div className="empty-state" data-testid="pack1-empty">
          <p>You have no broadcast vouchers at the moment.</p>
          <Link to="/masterlist" className="btn btn-secondary">
            Find a broadcaster
          </Link>
        </div>
      )}
      {items.length > 0 && (
        <ul className="pack-list">
          {items.map((v) => (
            <li key={v.voucher_id} className="pack-row card" data-testid="pack1-voucher">
              <span className="pack-row-main">
                <strong>{v.minutes} free minutes</strong> <NewMark unread={v.unread} />
                <span className="pack-what">Good in {roomsText(v.room_types)}.</span>
              </span>
              <Expiry at={v.expires_at} />
            </li>
          ))}
        </ul>
      )}
      <HistoryMore history={vouchers} />
    </section>
  );
}

export function GiftPackPage() {
  const load = useCallback(() => getBackpackGifts(), []);
  const [state, retry] = useRequest(load, 'gifts');
  useMarkPackRead('gift', state.status === 'ready');
  return (
    <section className="page backpack-page" aria-labelledby="pack2-title" data-testid="pack2">
      <h1 className="page-title" id="pack2-title">
        Gifts
      </h1>
      <BackpackTabs />
      <p className="muted" data-testid="pack2-hint">
        {BackpackTexts.sendHint} Gifts marked Intimacy Level {LIMITED_GIFT_INTIMACY_LEVEL} can be given to a
        broadcaster once you reach that level with her.
      </p>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="pack2-empty">
          <p>You have no gifts at the moment.</p>
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <ul className="gift-grid">
          {state.data.list.map((g) => (
            <li key={g.giftid} className="gift-cell card" data-testid="pack2-gift">
              <img src={g.small_imgurl} alt="" width={72} height={72} loading="lazy" />
              <span className="gift-name">
                {g.name} <NewMark unread={g.unread} />
              </span>
              <span className="gift-count" data-testid="pack2-count">
                ×{g.num}
              </span>
              <span className="pack-what">Worth {g.credit.toFixed(2)} credits each</span>
              {g.intimacy_level > 0 && <span className="pack-what">Intimacy Level {g.intimacy_level}</span>}
              <Expiry at={g.expires_at} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RidePackPage() {
  const load = useCallback(() => getBackpackRides(), []);
  const [state, retry] = useRequest(load, 'rides');
  useMarkPackRead('ride', state.status === 'ready');
  return (
    <section className="page backpack-page" aria-labelledby="pack3-title" data-testid="pack3">
      <h1 className="page-title" id="pack3-title">
        Rides
      </h1>
      <BackpackTabs />
      <p className="muted">{BackpackTexts.rideWhat}</p>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="pack3-empty">
          <p>You have no rides at the moment.</p>
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <ul className="gift-grid">
          {state.data.list.map((r) => (
            <li key={r.ride_id} className="gift-cell card" data-testid="pack3-ride">
              <img src={r.small_imgurl} alt="" width={72} height={72} loading="lazy" />
              <span className="gift-name">
                {r.name} <NewMark unread={r.unread} />
              </span>
              <Expiry at={r.expires_at} />
            </li>
          ))}
        </ul>
      )}
      <RideShop onChanged={retry} />
    </section>
  );
}
