/**
 * Her call-me authorizations: she asks a member to call her (he accepts or declines on his call-me
 * list), sees how each stands, and starts a call on one he granted: the call center rings him first,
 * then her; he pays the minutes, which the confirmation says. His answers show as they come.
 */
import { useEffect, useState } from 'react';
import { CallMeExtraEvent, type LadyCallMeItem } from '../../../../protocol/call-service/call-me-extra';
import { CALL_CREDIT_PER_MINUTE, CALL_MESSAGE_MAX } from '../../../../protocol/call-service/call-service';
import { errorText, useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { Modal } from '../../../app/popups/Modal';
import { When } from '../../../app/time/When';
import { realtime } from '../../../realtime';
import { askCallMe, callOnAuthorization, getLadyAuthorizations } from './api';

const STATUS: Record<LadyCallMeItem['status'], string> = {
  waiting: 'Waiting for his answer',
  success: 'Authorized',
  revoked: 'Cancelled by him',
  declined: 'Declined',
  removed: 'Removed',
};

function AskForm({ onAsked }: { onAsked: () => void }) {
  const [manId, setManId] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async () => {
    setBusy(true);
    setNote(null);
    try {
      await askCallMe(manId.trim(), message.trim());
      setNote({ ok: true, text: `${manId.trim()} is asked to call you.` });
      setManId('');
      setMessage('');
      onAsked();
    } catch (failure) {
      setNote({ ok: false, text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="lady-callme-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (manId.trim()) void submit();
      }}
    >
      <label className="field">
        <span>Member ID</span>
        <input
          value={manId}
          onChange={(event) => setManId(event.target.value)}
          placeholder="M1001"
          required
        />
      </label>
      <label className="field">
        <span>Message (optional)</span>
        <textarea
          value={message}
          rows={2}
          maxLength={CALL_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-small" disabled={busy || !manId.trim()}>
        Ask him to call me
      </button>
      {note && (
        <p className={note.ok ? 'muted' : 'form-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
    </form>
  );
}

function CallButton({ item }: { item: LadyCallMeItem }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const start = async () => {
    setBusy(true);
    setNote(null);
    try {
      await callOnAuthorization(item.ref_no);
      setNote({
        ok: true,
        text: `The call center is ringing ${item.man_nickname}; it rings you once he answers.`,
      });
    } catch (failure) {
      setNote({ ok: false, text: errorText(failure) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        Call him
      </button>
      {note && (
        <p className={note.ok ? 'muted' : 'form-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      {confirming && (
        <Modal
          title={`Call ${item.man_nickname} now?`}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
                Not now
              </button>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
                Call now
              </button>
            </>
          }
        >
          <p>
            Our call center rings him first, then your phone. He pays {CALL_CREDIT_PER_MINUTE} credits per
            started minute while you talk; the call is free for you.
          </p>
        </Modal>
      )}
    </>
  );
}

export function CallMePanel() {
  const [state, retry] = useRequest(getLadyAuthorizations, 'lady-call-me');
  // He accepts, declines or cancels one: the list shows it as it happens.
  useEffect(() => realtime.on(CallMeExtraEvent.changed, retry), [retry]);
  return (
    <section className="card workspace-panel lady-calls" aria-labelledby="lady-callme-title">
      <header className="workspace-head">
        <h2 id="lady-callme-title">Ask a member to call you</h2>
      </header>
      <AskForm onAsked={retry} />
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <p className="muted">You have not asked anyone yet.</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="lady-call-list" data-testid="lady-callme-list">
          {state.data.map((item) => (
            <li key={item.ref_no} className="lady-call-row" data-testid="lady-callme-row">
              <p>
                <strong>{item.man_nickname}</strong> ({item.man_id}){' '}
                <span className={`lady-call-status lady-callme-status-${item.status}`}>
                  {STATUS[item.status]}
                </span>
              </p>
              {item.message && <p className="lady-call-message">{item.message}</p>}
              <p className="muted lady-call-time">
                Asked <When seconds={item.created_time} short />
              </p>
              {item.status === 'success' && (
                <div className="lady-call-actions">
                  <CallButton item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
