/** What the call pages share: a request's status words, its facts, Make Call, and live reloading. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import {
  CALL_TYPE,
  CallEvent,
  type CallOrder,
  type CallOrderStatus,
} from '../../../protocol/call-service/call-service';
import { realtime } from '../../realtime';
import { offersMakeCall } from './call-rules';
import { MakeCallPopup } from './MakeCallPopup';

export const STATUS_LABELS: Record<CallOrderStatus, string> = {
  pending: 'Waiting for her answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  completed: 'Completed',
  missed: 'Missed (fee refunded)',
};

/** Loads with `load` and again whenever she answers a request of his (the socket), on every tab. */
export function useCallData<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setData(await load());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [load]);
  useEffect(() => {
    void reload();
    return realtime.on(CallEvent.answered, () => void reload());
  }, [reload]);
  return { data, failed, reload };
}

/** When the call is: the scheduled time, or "now" for an instant request. */
export function CallWhen({ order }: { order: CallOrder }) {
  return <>{order.call_type === CALL_TYPE.scheduled ? order.timeStr2 : 'Instant call'}</>;
}

/** The request's facts (details and print). */
export function OrderFacts({ order }: { order: CallOrder }) {
  return (
    <dl className="call-facts">
      <dt>Reference number</dt>
      <dd data-testid="call-ref">{order.ref_no}</dd>
      <dt>Broadcaster</dt>
      <dd>
        {order.anchor_info.anchor_nickname} ({order.anchor_info.anchor_id})
      </dd>
      <dt>Type</dt>
      <dd>{order.call_type === CALL_TYPE.scheduled ? 'Scheduled call' : 'Instant call'}</dd>
      {order.call_type === CALL_TYPE.scheduled && (
        <>
          <dt>Scheduled time</dt>
          <dd>{order.timeStr2}</dd>
        </>
      )}
      <dt>Requested</dt>
      <dd>{order.timeStr}</dd>
      <dt>Status</dt>
      <dd data-testid="call-status">{STATUS_LABELS[order.status]}</dd>
      {order.need_transaction === 1 && (
        <>
          <dt>Translator</dt>
          <dd>A translator joins the call.</dd>
        </>
      )}
      {order.message && (
        <>
          <dt>Your message</dt>
          <dd className="call-message-text">{order.message}</dd>
        </>
      )}
    </dl>
  );
}

/** Make Call on a request he may call now (or may ask when: offersMakeCall); the pop-up runs the call. */
export function MakeCallAction({
  order,
  onDone,
  className = 'btn btn-primary',
}: {
  order: CallOrder;
  onDone(): void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // A call going on keeps its pop-up when the request reloads and can no longer be called (ended).
  const offered = offersMakeCall(order);
  if (!offered && !open) return null;
  return (
    <>
      {offered && (
        <button
          type="button"
          className={className}
          data-testid="order-make-call"
          onClick={() => setOpen(true)}
        >
          Make Call
        </button>
      )}
      {open && (
        <MakeCallPopup
          order={order}
          onClose={() => {
            setOpen(false);
            onDone();
          }}
          onNewRequest={(refNo) => void navigate({ to: '/calldetail', search: { ref_no: refNo } })}
        />
      )}
    </>
  );
}

/** One request in a list. */
export function OrderRow({ order, onChanged }: { order: CallOrder; onChanged(): void }) {
  return (
    <li className="call-card" data-testid={`call-order-${order.ref_no}`}>
      <img src={order.anchor_info.anchor_avatar} alt="" width={48} height={48} className="call-avatar" />
      <div className="call-card-main">
        <strong>{order.anchor_info.anchor_nickname}</strong>
        <span>
          <CallWhen order={order} /> · requested {order.timeStr}
        </span>
        <span className={`call-status call-status-${order.status}`}>{STATUS_LABELS[order.status]}</span>
      </div>
      <div className="call-card-actions">
        <MakeCallAction order={order} onDone={onChanged} className="btn btn-primary btn-small" />
        <Link to="/calldetail" search={{ ref_no: order.ref_no }} className="btn btn-secondary btn-small">
          Details
        </Link>
      </div>
    </li>
  );
}
