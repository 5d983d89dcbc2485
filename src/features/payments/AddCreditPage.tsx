/**
 * The add-credit page (/nx/page/Payment/checkout, opened as #/addcredit with the spec's query):
 * his balance, the packs (and, for a paid member, the chat-minute packs) and what he pays; Pay goes to the provider's hosted checkout in this
 * window. Back from the checkout (the return address carries the order id) it waits for the order
 * to be settled and says what happened. In the purchase popup "Close" closes the window; opened in
 * place it goes back to backtoUrl.
 */

import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Messages } from '../../../protocol/errors';
import { moneyLabel } from '../../../protocol/money';
import {
  ADD_CREDIT_PAGE,
  type CreditPack,
  PaymentText,
  ReturnQuery,
} from '../../../protocol/payments/payments';
import { errorText, useRequest } from '../../api/use-request';
import { useOnline } from '../../app/use-online';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { useQuietMoment } from '../../state/quiet-moment';
import { type AddCreditQuery, addCreditQueryString, readAddCreditQuery, sameSiteUrl } from './add-credit-url';
import { createOrder, getCreditPacks } from './api';
import { OrderResult } from './OrderResult';
import { packText, paySummary, priceText } from './pack-text';
import './payments.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export function AddCreditPage() {
  // Buying credits: no invitation bubble over the checkout.
  useQuietMoment('payment');
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const query = readAddCreditQuery(search);
  const orderId = text(search[ReturnQuery.order]) || query.orderno;
  const cancelled = text(search[ReturnQuery.result]) === 'cancel';
  const navigate = useNavigate();
  // Back to the packs with the same query, the returned order forgotten.
  const choose = () =>
    void navigate({
      to: '/addcredit',
      search: Object.fromEntries(new URLSearchParams(addCreditQueryString({ ...query, orderno: '' }))),
      replace: true,
    });
  return (
    <section className="page add-credit" aria-labelledby="add-credit-title" data-popups-hold="">
      <h1 id="add-credit-title" className="page-title">
        Add credits
      </h1>
      <Balance />
      {orderId && !cancelled ? (
        <OrderResult
          key={orderId}
          orderId={orderId}
          onChooseAgain={choose}
          back={<WayBack query={query} />}
        />
      ) : (
        <PackChooser query={query} cancelled={cancelled} />
      )}
    </section>
  );
}

function Balance() {
  const { credit } = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  return (
    <p className="add-credit-balance">
      Your balance: <strong data-testid="add-credit-balance">{moneyLabel(credit, words, multiplier)}</strong>
    </p>
  );
}

/**
 * The checkout comes back to this page with the same query, order id and result added. Without the
 * referer: it has done its job, and the server takes a return path of at most 512 characters.
 */
const returnPath = (query: AddCreditQuery) =>
  `${ADD_CREDIT_PAGE}?${addCreditQueryString({ ...query, orderno: '', referer: '' })}`;

function PackChooser({ query, cancelled }: { query: AddCreditQuery; cancelled: boolean }) {
  const [packs, retry] = useRequest(getCreditPacks, 'credit-packs');
  const [chosenId, setChosenId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const online = useOnline();
  const { config } = useSnapshot(configState);
  const { words } = currencyOf(config);

  if (packs.status === 'loading') return <p role="status">Loading the credit packs…</p>;
  if (packs.status === 'error') return <ErrorRetry message={packs.error} onRetry={retry} />;

  const list = packs.data;
  const pack = list.find((p) => p.pack_id === chosenId) ?? list[0];
  if (!pack) return <p className="empty-state">{PaymentText.unavailable}</p>;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!pack || busy) return;
    setBusy(true);
    setError('');
    try {
      const { checkout_url } = await createOrder(pack.pack_id, returnPath(query));
      // Busy until the browser has left: a second press would make a second order.
      window.location.assign(checkout_url);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }

  return (
    <form className="add-credit-form" onSubmit={(event) => void pay(event)}>
      {cancelled && (
        <p className="add-credit-note" role="status">
          {PaymentText.cancelled} Nothing was charged.
        </p>
      )}
      <PackGroup
        legend="Choose a pack"
        testId="credit-pack"
        packs={list.filter((p) => p.kind === 'credits')}
        chosen={pack.pack_id}
        onChoose={setChosenId}
        disabled={busy}
      />
      {/* The server lists chat-minute packs to paid members only. */}
      <PackGroup
        legend="Chat minutes"
        testId="chatmin-pack"
        packs={list.filter((p) => p.kind === 'chatmin')}
        chosen={pack.pack_id}
        onChoose={setChosenId}
        disabled={busy}
      />
      <p className="add-credit-summary" data-testid="pay-summary" aria-live="polite">
        {paySummary(pack, words)}
      </p>
      {!online && (
        <p className="form-error" role="alert">
          {Messages.offline} Connect to the internet to pay.
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="add-credit-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !online} data-testid="pay">
          {busy ? 'Opening the secure checkout…' : `Pay ${priceText(pack.price_cents)}`}
        </button>
        <WayBack query={query} label="Not now" />
      </div>
      <p className="muted add-credit-fine">
        You pay on our payment provider's secure page. What you buy is added as soon as the payment is
        confirmed.
      </p>
    </form>
  );
}

/** One group of packs (credits, or chat minutes); all groups share one choice. */
function PackGroup(props: {
  legend: string;
  testId: string;
  packs: CreditPack[];
  chosen: string;
  onChoose: (packId: string) => void;
  disabled: boolean;
}) {
  const { config } = useSnapshot(configState);
  const { words } = currencyOf(config);
  if (props.packs.length === 0) return null;
  return (
    <fieldset className="credit-packs" disabled={props.disabled}>
      <legend>{props.legend}</legend>
      {props.packs.map((p) => (
        <label key={p.pack_id} className="credit-pack" data-testid={props.testId}>
          <input
            type="radio"
            name="pack"
            value={p.pack_id}
            checked={p.pack_id === props.chosen}
            onChange={() => props.onChoose(p.pack_id)}
          />
          <span className="credit-pack-credits">{packText(p, words)}</span>
          <span className="credit-pack-price">{priceText(p.price_cents)}</span>
          {p.save_desc && <span className="credit-pack-save">{p.save_desc}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** Closes the popup; opened in place, goes back where he came from (this site only). */
export function WayBack({ query, label }: { query: AddCreditQuery; label?: string }) {
  if (window.opener)
    return (
      <button type="button" className="btn btn-ghost" onClick={() => window.close()}>
        {label ?? 'Close'}
      </button>
    );
  const back = sameSiteUrl(query.backtoUrl, window.location.origin);
  return back ? (
    <a className="btn btn-ghost" href={back}>
      {label ?? 'Back'}
    </a>
  ) : (
    <Link to="/masterlist" className="btn btn-ghost">
      {label ?? 'Back to Discover'}
    </Link>
  );
}
