/** My cart (/flower/gcart): his carts, one per broadcaster, with quantities and a way to checkout. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type CartData, type CartLine, type CartOffer, FlowerPaths } from '../../../protocol/flowers/flowers';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { getCart, setCartLine } from './api';
import { CartLines } from './CartLines';
import { CheckoutBar, FlowerNav, Price } from './FlowerNav';
import { OfferLine } from './OfferLine';
import './flowers.css';

function byAnchor(lines: readonly CartLine[]): CartLine[][] {
  const groups = new Map<string, CartLine[]>();
  for (const l of lines) groups.set(l.anchor_id, [...(groups.get(l.anchor_id) ?? []), l]);
  return [...groups.values()];
}

function AnchorCart({
  lines,
  offer,
  onChanged,
}: {
  lines: CartLine[];
  offer?: CartOffer;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const first = lines[0];
  if (!first) return null;
  const total = lines.reduce((sum, l) => sum + Math.round(l.subtotal * 100), 0) / 100;
  const titleId = `flower-cart-${first.anchor_id}`;
  return (
    <section
      className="card flower-cart"
      aria-labelledby={titleId}
      data-testid="flower-cart"
      data-anchor={first.anchor_id}
    >
      <h2 id={titleId} className="flower-cart-title">
        <img src={first.anchor_avatar_img} alt="" width={32} height={32} />
        For {first.anchor_nickname}
      </h2>
      <CartLines
        lines={lines}
        busy={busy}
        onSet={(itemId, num) => {
          setBusy(true);
          setError('');
          setCartLine(first.anchor_id, itemId, num)
            .then(
              () => {
                setVersion((v) => v + 1);
                onChanged();
              },
              (e: unknown) => setError(errorText(e)),
            )
            .finally(() => setBusy(false));
        }}
      />
      {error && (
        <p className="flower-error" role="alert">
          {error}
        </p>
      )}
      <p>
        <Link to={FlowerPaths.ggift} search={{ id: first.anchor_id }}>
          Continue shopping for {first.anchor_nickname}
        </Link>
      </p>
      {offer && offer.pay_total !== offer.total && (
        <dl className="flower-sum">
          <OfferLine offer={offer} />
          <dt>You pay</dt>
          <dd>
            <strong>
              <Price amount={offer.pay_total} />
            </strong>
          </dd>
        </dl>
      )}
      <CheckoutBar anchorId={first.anchor_id} total={offer?.pay_total ?? total} version={version} />
    </section>
  );
}

export function CartPage() {
  // Loading the same key again keeps the carts on screen until the answer comes.
  const [state, retry] = useRequest<CartData>(() => getCart(), 'flower-cart');
  return (
    <div className="page flower-page">
      <h1 className="page-title">My cart</h1>
      <FlowerNav />
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading your cart…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="flower-cart-empty">
          <p>Your cart is empty.</p>
          <Link to={FlowerPaths.ggift} className="btn btn-primary">
            Go to the store
          </Link>
        </div>
      )}
      {state.status === 'ready' &&
        byAnchor(state.data.list).map((lines) => (
          <AnchorCart
            key={lines[0]?.anchor_id}
            lines={lines}
            offer={state.data.offers.find((o) => o.anchor_id === lines[0]?.anchor_id)}
            onChanged={retry}
          />
        ))}
    </div>
  );
}
