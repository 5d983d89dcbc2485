/**
 * The member's call-service pages (spec 002 §2): callService (the hub: his counters, his lists,
 * how it works and the price), instantCalls and schedulCalls (his requests), calldetail?ref_no=
 * (one request: his message, Make Call) and callprintpage?ref_no= (the same, to print).
 */
import { Link, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import {
  CALL_MESSAGE_MAX,
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
  CALL_TYPE,
  type CallOrder,
  type CallType,
  SCHEDULE_EARLY_S,
  SCHEDULE_LATE_S,
} from '../../../protocol/call-service/call-service';
import { Messages } from '../../../protocol/errors';
import { fromHundredths } from '../../../protocol/money';
import { unreachableText } from '../../api/http';
import { useAction } from '../../api/use-action';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { When } from '../../app/time/When';
import { addCallMessage, getCallCounters, getCallDetail, getCallList } from './api';
import { MakeCallAction, OrderFacts, OrderRow, useCallData } from './CallOrderParts';
import { remainingChars } from './call-rules';
import './call-service.css';

function Failed({ retry }: { retry(): void }) {
  return (
    <div role="alert" className="call-failed">
      <p>{unreachableText()}</p>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** How it works and what it costs, from the protocol's constants. */
export function CallPrices() {
  const fee = useMoneyLabel(fromHundredths(CALL_RESERVATION_HUNDREDTHS));
  const minute = useMoneyLabel(fromHundredths(CALL_MINUTE_HUNDREDTHS));
  return (
    <ul className="call-prices" data-testid="call-prices">
      <li>
        Reservation fee: <strong>{fee}</strong> per request, refunded if she declines or does not answer.
      </li>
      <li>
        Talking: <strong>{minute}</strong> per started minute, charged from your credits while you talk.
      </li>
    </ul>
  );
}

export function CallServicePage() {
  const { data, failed, reload } = useCallData(getCallCounters);
  return (
    <div className="page call-page">
      <h1>Call service</h1>
      <p>Talk with a broadcaster by phone through our call center, with a translator when needed.</p>
      {failed && <Failed retry={() => void reload()} />}
      <nav className="call-hub" aria-label="My calls">
        <Link to="/instantCalls" className="call-hub-link" data-testid="hub-instant">
          <strong>Instant calls</strong>
          <span>
            {data ? `${data.call_request_num} open request${data.call_request_num === 1 ? '' : 's'}` : '…'}
          </span>
        </Link>
        <Link to="/schedulCalls" className="call-hub-link" data-testid="hub-scheduled">
          <strong>Scheduled calls</strong>
          <span>{data ? `${data.call_scheduled_num} scheduled` : '…'}</span>
        </Link>
        <Link to="/instantAnchorList" className="call-hub-link">
          <strong>Broadcasters who take calls</strong>
          <span>Call one now or book a time</span>
        </Link>
        <Link to="/callmelist" className="call-hub-link">
          <strong>Call-me requests</strong>
          <span>{data ? `${data.callme_waiting} waiting for you` : '…'}</span>
        </Link>
      </nav>
      <section aria-labelledby="call-how">
        <h2 id="call-how">How it works</h2>
        <ol className="call-how">
          <li>Send a broadcaster a call request: now (instant) or at a free hour of her call timetable.</li>
          <li>She accepts it; you are told at once.</li>
          <li>Press Make Call: our call center calls your verified phone.</li>
          <li>
            Answer and press 1 (or Confirm on the page): the center calls her, and a translator if needed.
          </li>
          <li>You are connected; the call ends when either of you hangs up.</li>
        </ol>
        <CallPrices />
      </section>
    </div>
  );
}

export const InstantCallsPage = () => <CallListPage type={CALL_TYPE.instant} />;
export const ScheduledCallsPage = () => <CallListPage type={CALL_TYPE.scheduled} />;

function CallListPage({ type }: { type: CallType }) {
  const load = useCallback(() => getCallList(type), [type]);
  const { data, failed, reload } = useCallData(load);
  const scheduled = type === CALL_TYPE.scheduled;
  return (
    <div className="page call-page">
      <h1>{scheduled ? 'Scheduled calls' : 'Instant calls'}</h1>
      <nav className="call-tabs" aria-label="My calls">
        <Link to="/instantCalls" aria-current={scheduled ? undefined : 'page'}>
          Instant calls
        </Link>
        <Link to="/schedulCalls" aria-current={scheduled ? 'page' : undefined}>
          Scheduled calls
        </Link>
        <Link to="/callService">Call service</Link>
      </nav>
      {data === null && !failed ? (
        <p role="status">Loading…</p>
      ) : failed && !data ? (
        <Failed retry={() => void reload()} />
      ) : data?.length ? (
        <ul className="call-list" data-testid="call-list">
          {data.map((o) => (
            <OrderRow key={o.ref_no} order={o} onChanged={() => void reload()} />
          ))}
        </ul>
      ) : (
        <div className="call-empty">
          <p>No {scheduled ? 'scheduled' : 'instant'} call requests yet.</p>
          <Link to="/instantAnchorList" className="btn btn-primary">
            Find a broadcaster to call
          </Link>
        </div>
      )}
    </div>
  );
}

const useRefNo = () => String((useSearch({ strict: false }) as { ref_no?: string }).ref_no ?? '');

/** His message with the request (spec §5: a counter of the characters left; empty just closes). */
function LeaveMessage({ refNo, initial, onSaved }: { refNo: string; initial: string; onSaved(): void }) {
  const [text, setText] = useState(initial);
  const [saved, setSaved] = useState(false);
  const { busy, error, act } = useAction(() => {
    setSaved(true);
    onSaved();
  });
  const left = remainingChars(text, CALL_MESSAGE_MAX);
  const trimmed = text.replace(/^\s+/, '');
  return (
    <form
      className="call-message"
      onSubmit={(e) => {
        e.preventDefault();
        if (!trimmed || left < 0) return;
        void act(() => addCallMessage(refNo, trimmed));
      }}
    >
      <label htmlFor="call-message">Leave her a message</label>
      <textarea
        id="call-message"
        value={text}
        maxLength={CALL_MESSAGE_MAX}
        rows={4}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
      />
      <p className="muted" aria-live="polite" data-testid="call-message-left">
        {left} characters left
      </p>
      <button type="submit" className="btn btn-secondary" disabled={busy || !trimmed || left < 0}>
        Save message
      </button>
      {saved && <p role="status">Your message is saved.</p>}
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** When he may call a request he cannot call now (spec §4: the calling period, her re-accepting). */
function CallHint({ order }: { order: CallOrder }) {
  if (order.can_call) return null;
  const open = order.deadline * 1000 > Date.now();
  if (order.status === 'pending')
    return <p className="muted">You can call once she accepts; you will be told at once.</p>;
  if (order.status === 'accepted' && order.call_type === CALL_TYPE.scheduled && open)
    return (
      <p className="muted">
        You can call within the scheduled calling period: from {SCHEDULE_EARLY_S / 60} minutes before the
        scheduled time until {SCHEDULE_LATE_S / 60} minutes after it.
      </p>
    );
  if (order.status === 'declined' && open)
    return (
      <p className="muted">
        She may still accept it until <When seconds={order.deadline} />.
      </p>
    );
  return null;
}

export function CallDetailPage() {
  const refNo = useRefNo();
  const load = useCallback(() => getCallDetail(refNo), [refNo]);
  const { data, failed, reload } = useCallData(load);
  return (
    <div className="page call-page">
      <h1>Call details</h1>
      {data ? (
        <>
          <OrderFacts order={data} />
          <div className="call-actions">
            <MakeCallAction order={data} onDone={() => void reload()} />
            <Link to="/callprintpage" search={{ ref_no: data.ref_no }} className="btn btn-secondary">
              Print
            </Link>
          </div>
          <CallHint order={data} />
          {(data.status === 'pending' || data.status === 'accepted') && (
            <LeaveMessage
              key={data.ref_no}
              refNo={data.ref_no}
              initial={data.message}
              onSaved={() => void reload()}
            />
          )}
        </>
      ) : failed ? (
        <p role="alert">{Messages.notFound}</p>
      ) : (
        <p role="status">Loading…</p>
      )}
      <p>
        <Link to={data?.call_type === CALL_TYPE.scheduled ? '/schedulCalls' : '/instantCalls'}>
          Back to my calls
        </Link>
      </p>
    </div>
  );
}

export function CallPrintPage() {
  const refNo = useRefNo();
  const load = useCallback(() => getCallDetail(refNo), [refNo]);
  const { data, failed } = useCallData(load);
  return (
    <div className="page call-page call-print">
      <h1>Call request</h1>
      {data ? (
        <>
          <OrderFacts order={data} />
          <CallPrices />
          <p className="call-no-print">
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              Print
            </button>{' '}
            <Link to="/calldetail" search={{ ref_no: data.ref_no }}>
              Back to the request
            </Link>
          </p>
        </>
      ) : failed ? (
        <p role="alert">{Messages.notFound}</p>
      ) : (
        <p role="status">Loading…</p>
      )}
    </div>
  );
}
