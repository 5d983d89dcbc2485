/**
 * Choosing whom to call (spec 002 §2): instantAnchorList (the broadcasters who take calls: call now
 * or book a time) and makecalldetail?id= (a scheduled call on a free hour of her call timetable,
 * with a message; the fee and the minute price confirmed before anything is charged).
 */
import { Link, useSearch } from '@tanstack/react-router';
import { useCallback, useId, useState } from 'react';
import {
  CALL_MESSAGE_MAX,
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
  CallMessages,
} from '../../../protocol/call-service/call-service';
import { fromHundredths } from '../../../protocol/money';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { useRequest } from '../../api/use-request';
import { useMoneyLabel, usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { dateTime, timeOfDay } from '../../app/time/format';
import { getCallAnchors, getCallTimes, sendScheduleCall } from './api';
import { CallOutcomeDialog } from './CallOutcome';
import { CallPrices } from './CallPages';
import { callOutcomeOf, remainingChars } from './call-rules';
import { InstantCallButton } from './InstantCallButton';
import { useSendCallRequest } from './use-send-request';
import './call-service.css';

export function InstantAnchorListPage() {
  const [state, retry] = useRequest(getCallAnchors, 'call-anchors');
  return (
    <div className="page call-page">
      <h1>Broadcasters who take calls</h1>
      <CallPrices />
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && (
        <div role="alert" className="call-failed">
          <p>{unreachableText()}</p>
          <button type="button" className="btn btn-secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p>No broadcasters take calls right now.</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="call-list" data-testid="call-anchors">
          {state.data.map((a) => (
            <li key={a.anchor_id} className="call-card">
              <img src={a.anchor_avatar} alt="" width={48} height={48} className="call-avatar" />
              <div className="call-card-main">
                <Link to="/anchor/$anchorid" params={{ anchorid: a.anchor_id }}>
                  <strong>{a.anchor_nickname}</strong>
                </Link>
                <span className={a.online ? 'badge badge-dot badge-online' : 'badge badge-dot badge-offline'}>
                  {a.online ? 'Online' : 'Offline'}
                </span>
              </div>
              <div className="call-card-actions">
                {a.call_instant === 1 && (
                  <InstantCallButton
                    anchorId={a.anchor_id}
                    nickname={a.anchor_nickname}
                    className="btn btn-primary btn-small"
                    testId={`make-call-${a.anchor_id}`}
                  />
                )}
                {a.call_schedule === 1 && (
                  <Link
                    to="/makecalldetail"
                    search={{ id: a.anchor_id }}
                    className="btn btn-secondary btn-small"
                  >
                    Schedule a Call
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Why her timetable cannot be read: no phone of his to ring (verify it), or she takes no scheduled calls (mail her). */
function TimesRefused({ error, anchorId }: { error: ApiError; anchorId: string }) {
  const outcome = callOutcomeOf(error.errno, error.message);
  return (
    <p role="alert">
      {outcome.text}{' '}
      {outcome.kind === 'verify-phone' && <Link to="/profile/verify-phone">Verify my phone</Link>}
      {outcome.kind === 'notice' && (
        <Link to="/compose" search={{ anchorid: anchorId }}>
          Send Mail
        </Link>
      )}
    </p>
  );
}

/** Her free times grouped by day in his zone. */
function byDay(times: number[]) {
  const days = new Map<string, number[]>();
  for (const t of times) {
    const key = dateTime(t).replace(/, .*$/, '');
    days.set(key, [...(days.get(key) ?? []), t]);
  }
  return [...days].map(([label, slots]) => ({ label, slots }));
}

export function MakeCallDetailPage() {
  const anchorId = String((useSearch({ strict: false }) as { id?: string }).id ?? '').toUpperCase();
  const load = useCallback(async () => {
    const [anchors, times] = await Promise.all([
      getCallAnchors(),
      getCallTimes(anchorId).catch((e: unknown) => (e instanceof ApiError ? e : Promise.reject(e))),
    ]);
    return { anchor: anchors.find((a) => a.anchor_id === anchorId), times };
  }, [anchorId]);
  const [state, retry] = useRequest(load, `make-call-${anchorId}`);
  return (
    <div className="page call-page">
      <h1>Request a call</h1>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && (
        <div role="alert" className="call-failed">
          <p>{state.errno === -1 ? unreachableText() : state.error}</p>
          <button type="button" className="btn btn-secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && !state.data.anchor && (
        <p role="alert">
          {CallMessages.notAvailable}{' '}
          {anchorId && (
            <Link to="/compose" search={{ anchorid: anchorId }}>
              Send Mail
            </Link>
          )}
        </p>
      )}
      {state.status === 'ready' && state.data.anchor && (
        <>
          <p>
            Call <strong>{state.data.anchor.anchor_nickname}</strong> ({anchorId}) by phone through our call
            center.
          </p>
          {state.data.anchor.call_instant === 1 && (
            <p>
              <InstantCallButton
                anchorId={anchorId}
                nickname={state.data.anchor.anchor_nickname}
                label="Call her now"
                className="btn btn-secondary"
              />
            </p>
          )}
          {state.data.times instanceof ApiError ? (
            <TimesRefused error={state.data.times} anchorId={anchorId} />
          ) : (
            <ScheduleForm
              anchorId={anchorId}
              nickname={state.data.anchor.anchor_nickname}
              times={state.data.times}
            />
          )}
        </>
      )}
    </div>
  );
}

function ScheduleForm({
  anchorId,
  nickname,
  times,
}: {
  anchorId: string;
  nickname: string;
  times: number[];
}) {
  const { ask, dialog } = usePaymentConfirm();
  const days = byDay(times);
  const [day, setDay] = useState(days[0]?.label ?? '');
  const [time, setTime] = useState(0);
  const [message, setMessage] = useState('');
  const { busy, outcome, setOutcome, send: sendRequest } = useSendCallRequest();
  const perMinute = useMoneyLabel(fromHundredths(CALL_MINUTE_HUNDREDTHS));
  const ids = { day: useId(), time: useId(), message: useId() };
  const slots = days.find((d) => d.label === day)?.slots ?? [];
  const left = remainingChars(message, CALL_MESSAGE_MAX);

  if (!days.length) return <p role="status">She has no free call time in the next 14 days.</p>;

  async function send() {
    if (!time || busy || left < 0) return;
    const confirmed = await ask({
      title: 'Schedule a Call',
      what: `A call with ${nickname} on ${dateTime(time)}.`,
      amount: fromHundredths(CALL_RESERVATION_HUNDREDTHS),
      note: `The reservation fee is refunded if she declines. Talking costs ${perMinute} per started minute.`,
      confirmLabel: 'Send Request',
    });
    if (confirmed) await sendRequest(() => sendScheduleCall(anchorId, time, message.replace(/^\s+/, '')));
  }

  return (
    <form
      className="call-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h2>Schedule a call</h2>
      <div className="call-row">
        <label htmlFor={ids.day}>Date</label>
        <select
          id={ids.day}
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            setTime(0);
          }}
        >
          {days.map((d) => (
            <option key={d.label} value={d.label}>
              {d.label}
            </option>
          ))}
        </select>
        <label htmlFor={ids.time}>Time</label>
        <select id={ids.time} value={time || ''} onChange={(e) => setTime(Number(e.target.value))}>
          <option value="">Choose a time</option>
          {slots.map((t) => (
            <option key={t} value={t}>
              {timeOfDay(t)}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor={ids.message}>Message (optional)</label>
      <textarea
        id={ids.message}
        rows={4}
        maxLength={CALL_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <p className="muted" aria-live="polite">
        {left} characters left
      </p>
      <CallPrices />
      <button type="submit" className="btn btn-primary" disabled={!time || busy}>
        Send Request
      </button>
      {dialog}
      {outcome && <CallOutcomeDialog outcome={outcome} actions={{ onClose: () => setOutcome(null) }} />}
    </form>
  );
}
