/**
 * Checkout (/checkout?id=): her cart, its total and his balance; Place order asks the price
 * confirmation (PaymentConfirm: Add credits leads when short) before any money moves, then pays
 * with one key per confirmation, so a double click or a retry charges once.
 */
import { Link, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type CheckoutAnswer, FlowerErrno, FlowerPaths } from '../../../protocol/flowers/flowers';
import { OfferErrno } from '../../../protocol/offers/offers';
import { ApiError } from '../../api/client';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { checkout, getCart, newOrderKey } from './api';
import { CartLines } from './CartLines';
import { CheckoutBar, FlowerNav, Price } from './FlowerNav';
import { OfferLine } from './OfferLine';
import './flowers.css';

function Placed({ answer }: { answer: CheckoutAnswer }) {
  return (
    <div className="card flower-placed" role="status" data-testid="flower-placed">
      <h2>Order placed</h2>
      <p>
        Your flowers and gifts for {answer.order.anchor_nickname} are ordered.{' '}
        <Price amount={answer.order.total} /> was taken from your balance.
      </p>
      <Link to={FlowerPaths.gdelivery} className="btn btn-primary" data-testid="flower-see-deliveries">
        Follow the delivery
      </Link>
    </div>
  );
}

function Checkout({ anchorId }: { anchorId: string }) {
  const [state, retry] = useRequest(() => getCart(anchorId), `flower-checkout:${anchorId}`);
  const { credit } = useSnapshot(balancesState);
  const confirm = usePaymentConfirm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; short: boolean } | null>(null);
  const [placed, setPlaced] = useState<CheckoutAnswer | null>(null);
  // Kept across a failed attempt (a lost answer): trying again cannot charge twice.
  const orderKey = useRef<string | null>(null);

  if (placed) return <Placed answer={placed} />;
  if (state.status === 'loading')
    return (
      <p className="muted" role="status">
        Loading your cart…
      </p>
    );
  if (state.status === 'error') return <ErrorRetry message={state.error} onRetry={retry} />;
  const cart = state.data;
  const first = cart.list[0];
  if (!first)
    return (
      <div className="empty-state" data-testid="flower-checkout-empty">
        <p>Your cart for this broadcaster is empty.</p>
        <Link to={FlowerPaths.ggift} search={{ id: anchorId }} className="btn btn-primary">
          Go to the store
        </Link>
      </div>
    );

  // The price after her holiday or birthday discount, as the server priced it.
  const offer = cart.offers.find((o) => o.anchor_id === anchorId);
  const pay = offer?.pay_total ?? cart.total;
  const place = async () => {
    setFailure(null);
    const yes = await confirm.ask({
      title: 'Send flowers and gifts',
      what: (
        <>
          {cart.list.length === 1 ? 'One kind of item' : `${cart.list.length} kinds of items`} for{' '}
          <strong>{first.anchor_nickname}</strong>, delivered to her door.
        </>
      ),
      amount: pay,
      note: 'You can cancel for a full refund until the florist starts preparing it.',
      confirmLabel: 'Pay and send',
    });
    if (!yes) return;
    orderKey.current ??= newOrderKey();
    setBusy(true);
    try {
      const answer = await checkout(anchorId, orderKey.current, pay, offer?.offer_key ?? '');
      balancesState.credit = answer.credit;
      orderKey.current = null;
      setPlaced(answer);
    } catch (e) {
      const errno = e instanceof ApiError ? e.errno : -1;
      // A refusal moved nothing: the next confirmation is a new action with a new key.
      if (errno !== -1) orderKey.current = null;
      if (errno === FlowerErrno.TOTAL_CHANGED || errno === OfferErrno.DISCOUNT_CHANGED) retry();
      setFailure({ message: errorText(e), short: errno === FlowerErrno.NO_CREDIT });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h2 className="flower-for">
        <img src={first.anchor_avatar_img} alt="" width={40} height={40} />
        For {first.anchor_nickname}
      </h2>
      <CartLines lines={cart.list} />
      <dl className="flower-sum">
        {offer && offer.pay_total !== offer.total && <OfferLine offer={offer} />}
        <dt>Total</dt>
        <dd>
          <strong>
            <Price amount={pay} testId="flower-total" />
          </strong>
        </dd>
        <dt>Your balance</dt>
        <dd>
          <Price amount={credit} testId="flower-balance" />
        </dd>
      </dl>
      {failure && (
        <div className="flower-error" role="alert" data-testid="flower-checkout-error">
          <p>{failure.message}</p>
          {failure.short && (
            <AddCreditsLink clickFrom={ClickFrom.confirm} className="btn btn-primary">
              Add credits
            </AddCreditsLink>
          )}
        </div>
      )}
      <div className="flower-actions">
        <Link to={FlowerPaths.gcart} className="btn btn-ghost">
          Edit cart
        </Link>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          aria-busy={busy}
          data-testid="flower-place-order"
          onClick={place}
        >
          {busy ? 'Paying…' : 'Place order'}
        </button>
      </div>
      {confirm.dialog}
      <CheckoutBar anchorId={anchorId} total={pay} version={0} here />
    </>
  );
}

export function CheckoutPage() {
  const search = useSearch({ strict: false }) as { id?: unknown };
  const anchorId = typeof search.id === 'string' && search.id ? search.id : undefined;
  return (
    <div className="page flower-page" data-popups-hold="">
      <h1 className="page-title">Checkout</h1>
      <FlowerNav anchorId={anchorId} />
      {anchorId ? (
        <Checkout anchorId={anchorId} />
      ) : (
        <div className="empty-state">
          <p>Choose whom to send flowers to from your cart.</p>
          <Link to={FlowerPaths.gcart} className="btn btn-primary">
            My cart
          </Link>
        </div>
      )}
    </div>
  );
}
