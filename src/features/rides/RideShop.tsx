/**
 * The ride shop and his ride choice (pack3): the offers with their days and prices, bought after
 * the one price confirmation (one key per confirmation: a double click buys once), and which of
 * his rides announces him when he enters a room (or none).
 */
import { useCallback, useRef, useState } from 'react';
import type { RideOffer } from '../../../protocol/rides/rides';
import { RideTexts } from '../../../protocol/rides/rides';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { PaymentConfirm } from '../../app/popups/PaymentConfirm';
import { When } from '../../app/time/When';
import { balancesState } from '../../state/balances';
import { buyRide, getRideShop, setActiveRide } from './api';
import './rides.css';

const newKey = () => `rd${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export function RideShop({ onChanged }: { onChanged?: () => void }) {
  const load = useCallback(() => getRideShop(), []);
  const [state, retry] = useRequest(load, 'ride-shop');
  const money = useMoneyLabelOf();
  const [buying, setBuying] = useState<RideOffer | null>(null);
  const [error, setError] = useState('');
  const changed = () => {
    retry();
    onChanged?.();
  };
  async function choose(itemId: string) {
    setError('');
    try {
      await setActiveRide(itemId);
      retry();
    } catch (e) {
      setError(errorText(e));
    }
  }
  return (
    <section className="card ride-shop" aria-labelledby="ride-shop-title" data-testid="ride-shop">
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          {state.data.rides.length > 0 && (
            <fieldset className="ride-choice">
              <legend>Announce me with</legend>
              {state.data.rides.map((r) => (
                <label key={r.item_id} className="check">
                  <input
                    type="radio"
                    name="active-ride"
                    checked={r.active === 1}
                    onChange={() => void choose(r.item_id)}
                    data-testid="ride-active"
                  />
                  <span>
                    {r.name} (until <When seconds={r.expires_at} short />)
                  </span>
                </label>
              ))}
              <label className="check">
                <input
                  type="radio"
                  name="active-ride"
                  checked={state.data.rides.every((r) => r.active === 0)}
                  onChange={() => void choose('')}
                />
                <span>No ride</span>
              </label>
            </fieldset>
          )}
          {state.data.rides.length === 0 && <p className="muted">{RideTexts.none}</p>}
          <h2 id="ride-shop-title">{RideTexts.shopTitle}</h2>
          <ul className="ride-offers">
            {state.data.offers.map((o) => (
              <li key={o.offer_id} className="ride-offer">
                <img src={o.small_imgurl} alt="" width={48} height={48} loading="lazy" />
                <span>
                  {o.name}, {o.days} days: {money(o.credit)}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => setBuying(o)}
                  data-testid="ride-buy"
                >
                  Buy
                </button>
              </li>
            ))}
          </ul>
          {error && <p role="alert">{error}</p>}
        </>
      )}
      {buying && (
        <BuyConfirm
          offer={buying}
          onCancel={() => setBuying(null)}
          onBought={() => {
            setBuying(null);
            changed();
          }}
        />
      )}
    </section>
  );
}

function BuyConfirm({ offer, onCancel, onBought }: { offer: RideOffer; onCancel(): void; onBought(): void }) {
  // One key for this confirmation: every press of Confirm (and a retry) buys once.
  const key = useRef(newKey());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const answer = await buyRide(offer.offer_id, key.current);
      balancesState.credit = answer.credit;
      onBought();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <PaymentConfirm
      testId="ride-confirm"
      confirmTestId="ride-confirm-ok"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      charge={{
        title: 'Buy a ride',
        what: `${offer.name} for ${offer.days} days: it announces you when you enter a broadcaster's room.`,
        amount: offer.credit,
        confirmLabel: 'Buy',
      }}
    >
      {error && <p role="alert">{error}</p>}
    </PaymentConfirm>
  );
}
