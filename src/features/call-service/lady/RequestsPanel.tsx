/**
 * Her call requests: pending first, each with the member, his message, the kind of call and its
 * time; Accept / Decline, and Accept again on a declined one until its deadline (the server's
 * refusal after that is shown as it says it). A new request arrives live (request-notices.ts).
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CallOrder } from '../../../../protocol/call-service/call-service';
import { errorText, useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { When } from '../../../app/time/When';
import { acceptCallRequest, declineCallRequest, getLadyCallRequests } from './api';
import { callRequestState, dismissCallRequest, notePendingRequests } from './request-notices';
import { callTypeLabel, REQUEST_STATUS_LABELS, type RequestAction, requestActions } from './rules';

const ACTION_LABELS: Record<RequestAction, string> = {
  accept: 'Accept',
  acceptAgain: 'Accept again',
  decline: 'Decline',
};

function RequestRow({ order, onChanged }: { order: CallOrder; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const answer = async (action: RequestAction) => {
    setBusy(true);
    setError('');
    try {
      await (action === 'decline' ? declineCallRequest(order.ref_no) : acceptCallRequest(order.ref_no));
      dismissCallRequest(order.ref_no);
      onChanged();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const actions = requestActions(order, Math.floor(Date.now() / 1000));
  return (
    <li className="lady-call-row" data-testid="lady-call-request" data-ref={order.ref_no}>
      <p>
        <strong>{order.man_id}</strong> · {callTypeLabel(order)}
        {order.scheduled_time > 0 && (
          <>
            {' '}
            at <When seconds={order.scheduled_time} />
          </>
        )}{' '}
        <span className={`lady-call-status lady-call-status-${order.status}`} data-testid="lady-call-status">
          {REQUEST_STATUS_LABELS[order.status]}
        </span>
      </p>
      {order.message && <p className="lady-call-message">{order.message}</p>}
      <p className="muted lady-call-time">
        Asked {order.timeStr}
        {order.status === 'declined' && actions.length > 0 && (
          <>
            {' '}
            · you can accept it again until <When seconds={order.deadline} />
          </>
        )}
      </p>
      {actions.length > 0 && (
        <div className="lady-call-actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn-small ${action === 'decline' ? 'btn-ghost' : 'btn-primary'}`}
              disabled={busy}
              onClick={() => void answer(action)}
            >
              {ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function RequestsPanel() {
  const [state, retry] = useRequest(getLadyCallRequests, 'lady-call-requests');
  const { heard } = useSnapshot(callRequestState);
  // A new request (heard on the workspace's one listener) reads the list again.
  useEffect(() => {
    if (heard > 0) retry();
  }, [heard, retry]);
  // Her answers change the Calls tab's count too.
  useEffect(() => {
    if (state.status === 'ready') notePendingRequests(state.data);
  }, [state]);
  return (
    <section className="card workspace-panel lady-calls" aria-labelledby="lady-call-requests-title">
      <header className="workspace-head">
        <h2 id="lady-call-requests-title">Call requests</h2>
      </header>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <p className="muted">No call requests yet. Members who want to call you show here.</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="lady-call-list" data-testid="lady-call-requests">
          {state.data.map((order) => (
            <RequestRow key={order.ref_no} order={order} onChanged={retry} />
          ))}
        </ul>
      )}
    </section>
  );
}
