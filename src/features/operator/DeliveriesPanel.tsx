/**
 * The console's deliveries (role `deliveries`): flower and gift orders waiting in the local
 * delivery stand-in, each moved on one step (ordered → being prepared → delivered with her
 * thank-you photo). Where the stand-in is off the server says so and the panel shows it.
 */
import { useState } from 'react';
import {
  FlowerErrno,
  type FlowerOrder,
  nextStatus,
  OrderStatusText,
} from '../../../protocol/flowers/flowers';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { When } from '../../app/time/When';
import { advanceDelivery, getOperatorDeliveries } from '../flowers/api';

function Delivery({ order, onMoved }: { order: FlowerOrder; onMoved: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const next = nextStatus(order.status);
  const titleId = `op-delivery-${order.order_id}`;
  return (
    <li
      className="card op-report"
      data-testid="op-delivery"
      data-order={order.order_id}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="op-report-title">
        {order.order_id}: {OrderStatusText[order.status]}
      </h3>
      <p className="muted">
        {order.member_id} to {order.anchor_nickname} ({order.anchor_id}) · <When seconds={order.ordered_at} />
      </p>
      <p>{order.list.map((l) => `${l.name} × ${l.num}`).join(', ')}</p>
      {next && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          aria-busy={busy}
          data-testid="op-delivery-advance"
          onClick={() => {
            setBusy(true);
            setError('');
            // No photo named: the stand-in attaches its own (her locally drawn portrait).
            advanceDelivery(order.order_id, next).then(
              () => {
                // The row stays for its next step: it is ready again.
                setBusy(false);
                onMoved();
              },
              (e: unknown) => {
                setBusy(false);
                setError(errorText(e));
              },
            );
          }}
        >
          {next === 'preparing' ? 'Mark being prepared' : 'Mark delivered with her thank-you photo'}
        </button>
      )}
      {error && (
        <p className="care-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function DeliveriesPanel() {
  const [state, retry] = useRequest(() => getOperatorDeliveries('open'), 'op-deliveries');
  return (
    <section className="op-panel" aria-label="Deliveries">
      <h2>Flower and gift deliveries</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' &&
        (state.errno === FlowerErrno.STAND_IN_OFF ? (
          <p className="muted">Deliveries go to the florist network here; the local stand-in is off.</p>
        ) : (
          <ErrorRetry message={state.error} onRetry={retry} />
        ))}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="op-deliveries-empty">
          No order is waiting. Members' flower and gift orders appear here until delivered.
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <ul className="op-list" data-testid="op-deliveries">
          {state.data.list.map((o) => (
            <Delivery key={o.order_id} order={o} onMoved={retry} />
          ))}
        </ul>
      )}
    </section>
  );
}
