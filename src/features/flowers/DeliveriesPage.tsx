/**
 * My deliveries (/flower/gdelivery): his orders, newest first, each with its status steps
 * (ordered, being prepared, delivered), her thank-you photo once delivered, and Cancel (with a
 * confirmation naming the refund) while it has not shipped.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  DELIVERY_STEPS,
  type DeliveryListData,
  FLOWER_DELIVERY_EVENT,
  type FlowerOrder,
  FlowerPaths,
  OrderStatusText,
} from '../../../protocol/flowers/flowers';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { Modal } from '../../app/popups/Modal';
import { When } from '../../app/time/When';
import { realtime } from '../../realtime';
import { balancesState } from '../../state/balances';
import { cancelOrder, getDeliveries } from './api';
import { FlowerNav, Price } from './FlowerNav';
import './flowers.css';

const stepTime = (o: FlowerOrder, step: (typeof DELIVERY_STEPS)[number]) =>
  step === 'ordered' ? o.ordered_at : step === 'preparing' ? o.preparing_at : o.delivered_at;

function Steps({ order }: { order: FlowerOrder }) {
  if (order.status === 'cancelled') {
    return (
      <p className="flower-cancelled" data-testid="flower-status">
        Cancelled · <Price amount={order.total} /> refunded
      </p>
    );
  }
  const reached = DELIVERY_STEPS.indexOf(order.status);
  return (
    <ol
      className="flower-steps"
      aria-label="Delivery status"
      data-testid="flower-status"
      data-status={order.status}
    >
      {DELIVERY_STEPS.map((step, i) => (
        <li
          key={step}
          className={i <= reached ? 'done' : undefined}
          aria-current={i === reached ? 'step' : undefined}
        >
          <span>{OrderStatusText[step]}</span>
          {i <= reached && stepTime(order, step) > 0 && (
            <span className="muted">
              <When seconds={stepTime(order, step)} />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

function CancelDialog({
  order,
  onDone,
  onClose,
}: {
  order: FlowerOrder;
  onDone: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <Modal
      title="Cancel this order?"
      testId="flower-cancel-dialog"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Keep it
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy}
            data-testid="flower-cancel-ok"
            onClick={() => {
              setBusy(true);
              setError('');
              cancelOrder(order.order_id).then(
                (answer) => {
                  balancesState.credit = answer.credit;
                  onDone();
                },
                (e: unknown) => {
                  setBusy(false);
                  setError(errorText(e));
                },
              );
            }}
          >
            Cancel the order
          </button>
        </>
      }
    >
      <p>
        The flowers and gifts for {order.anchor_nickname} are not sent, and <Price amount={order.total} />{' '}
        comes back to your balance.
      </p>
      {error && (
        <p className="flower-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

function OrderCard({ order, onChanged }: { order: FlowerOrder; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  const titleId = `flower-order-${order.order_id}`;
  return (
    <li
      className="card flower-order"
      aria-labelledby={titleId}
      data-testid="flower-order"
      data-order={order.order_id}
    >
      <h2 id={titleId} className="flower-cart-title">
        <img src={order.anchor_avatar_img} alt="" width={32} height={32} />
        For {order.anchor_nickname}
      </h2>
      <p className="muted">
        {order.list.map((l) => `${l.name} × ${l.num}`).join(', ')} ·{' '}
        <strong>
          <Price amount={order.total} />
        </strong>
      </p>
      <Steps order={order} />
      {order.status === 'delivered' && order.photo_url && (
        <figure className="flower-photo">
          <img
            src={order.photo_url}
            alt={`${order.anchor_nickname} thanking you with your flowers`}
            width={160}
            height={160}
            data-testid="flower-photo"
          />
          <figcaption className="muted">{order.anchor_nickname} received them and says thank you.</figcaption>
        </figure>
      )}
      {order.can_cancel === 1 && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="flower-cancel"
          onClick={() => setCancelling(true)}
        >
          Cancel order
        </button>
      )}
      {cancelling && (
        <CancelDialog
          order={order}
          onClose={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            onChanged();
          }}
        />
      )}
    </li>
  );
}

export function DeliveriesPage() {
  const [state, retry] = useRequest<DeliveryListData>(() => getDeliveries(), 'flower-deliveries');
  // Pages after the first, loaded on request; a change (a cancel) starts again from the first.
  const [more, setMore] = useState<FlowerOrder[]>([]);
  const [moreState, setMoreState] = useState<'idle' | 'loading' | 'retry'>('idle');
  const reload = () => {
    setMore([]);
    retry();
  };
  // An order moved on a step (the florist): the list follows it without a reload.
  useEffect(
    () =>
      realtime.on(FLOWER_DELIVERY_EVENT, () => {
        setMore([]);
        retry();
      }),
    [retry],
  );
  const shown = state.status === 'ready' ? [...state.data.list, ...more] : [];
  const total = state.status === 'ready' ? state.data.total : 0;
  const loadMore = () => {
    setMoreState('loading');
    getDeliveries(shown.length).then(
      (page) => {
        setMore((m) => [...m, ...page.list]);
        setMoreState('idle');
      },
      () => setMoreState('retry'),
    );
  };
  return (
    <div className="page flower-page">
      <h1 className="page-title">My deliveries</h1>
      <FlowerNav />
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading your deliveries…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && shown.length === 0 && (
        <div className="empty-state" data-testid="flower-deliveries-empty">
          <p>You have not sent flowers or gifts yet.</p>
          <Link to={FlowerPaths.ggift} className="btn btn-primary">
            Go to the store
          </Link>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="flower-orders" data-testid="flower-deliveries">
          {shown.map((o) => (
            <OrderCard key={o.order_id} order={o} onChanged={reload} />
          ))}
        </ul>
      )}
      {shown.length > 0 && shown.length < total && (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={moreState === 'loading'}
          aria-busy={moreState === 'loading'}
          onClick={loadMore}
        >
          {moreState === 'loading' ? 'Loading…' : moreState === 'retry' ? 'Retry' : 'Load more'}
        </button>
      )}
    </div>
  );
}
