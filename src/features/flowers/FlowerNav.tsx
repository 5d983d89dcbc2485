/** The flower pages' shared pieces: the section tabs, a price, and the floating checkout bar. */
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FlowerPaths } from '../../../protocol/flowers/flowers';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { getCartTypeNum } from './api';

const TABS = [
  { to: FlowerPaths.ggift, label: 'Store' },
  { to: FlowerPaths.gcart, label: 'My cart' },
  { to: FlowerPaths.gdelivery, label: 'My deliveries' },
] as const;

export function FlowerNav({ anchorId }: { anchorId?: string }) {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const current = path === FlowerPaths.store ? FlowerPaths.ggift : path;
  return (
    <nav className="flower-tabs" aria-label="Flowers and gifts">
      {TABS.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          search={t.to === FlowerPaths.ggift && anchorId ? { id: anchorId } : {}}
          aria-current={current === t.to ? 'page' : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export function Price({ amount, testId }: { amount: number; testId?: string }) {
  return <span data-testid={testId}>{useMoneyLabel(amount)}</span>;
}

/**
 * The floating checkout bar: how many kinds of item her cart holds (getCartGiftTypeNum, spec 002
 * §7) and its total, with the way to checkout. `version` changes whenever the cart did.
 */
export function CheckoutBar({
  anchorId,
  total,
  version,
  here = false,
}: {
  anchorId: string;
  total: number;
  version: number;
  /** On the checkout page itself: no link to it. */
  here?: boolean;
}) {
  const [num, setNum] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    getCartTypeNum(anchorId).then(
      (answer) => live && setNum(answer.num),
      () => live && setNum(null),
    );
    return () => {
      live = false;
    };
  }, [anchorId, version]);
  if (!num) return null;
  return (
    <div className="flower-bar" data-testid="flower-checkout-bar">
      <span className="flower-bar-count" data-testid="flower-type-num">
        {num} {num === 1 ? 'kind of item' : 'kinds of items'} in your cart
      </span>
      <strong className="flower-bar-total">
        <Price amount={total} />
      </strong>
      {!here && (
        <Link
          to={FlowerPaths.checkout}
          search={{ id: anchorId }}
          className="btn btn-primary"
          data-testid="flower-go-checkout"
        >
          Checkout
        </Link>
      )}
    </div>
  );
}
