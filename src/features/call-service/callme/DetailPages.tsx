/**
 * One authorization (/authformdetail?ref_no=), the page after he cancels or removes one
 * (/authformstatus?ref_no=&status=cancelsuccess|removesuccess), and the form that authorizes a
 * broadcaster to call him (/callEditAuthorization).
 */
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CALL_MESSAGE_MAX } from '../../../../protocol/call-service/call-service';
import { errorText, useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { When } from '../../../app/time/When';
import { AuthorizationActions } from './AuthorizationActions';
import { addAuthorization, getCallMeDetail, getCallTakingAnchors } from './api';
import { STATUS_LABELS, statusPageText } from './rules';
import './callme.css';

const useQuery = (name: string) =>
  useLocation({ select: (l) => String((l.search as Record<string, unknown>)[name] ?? '') });

const NO_REF = 'No authorization was chosen. Open one from your call-me requests.';

function Back() {
  return (
    <p className="callme-kicker">
      <Link to="/callmelist">← Call-me requests</Link>
    </p>
  );
}

export function AuthorizationDetailPage() {
  const refNo = useQuery('ref_no');
  const [state, retry] = useRequest(
    () => (refNo ? getCallMeDetail(refNo) : Promise.reject(new Error(NO_REF))),
    `callme-detail:${refNo}`,
  );
  return (
    <div className="page callme-page" data-testid="authformdetail">
      <Back />
      {!refNo && <h1 className="page-title">Call authorization</h1>}
      {state.status === 'loading' && (
        <p className="callme-loading" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <h1 className="page-title">Call authorization for {state.data.anchor_info.anchor_nickname}</h1>
          <div className="card callme-detail">
            <dl>
              <dt>Status</dt>
              <dd data-testid="callme-detail-status">{STATUS_LABELS[state.data.status]}</dd>
              <dt>Reference</dt>
              <dd>{state.data.ref_no}</dd>
              <dt>Asked</dt>
              <dd>
                <When seconds={state.data.created_time} />
              </dd>
              {state.data.answered_time > 0 && (
                <>
                  <dt>Answered</dt>
                  <dd>
                    <When seconds={state.data.answered_time} />
                  </dd>
                </>
              )}
              <dt>Call requests without a fee</dt>
              <dd>{state.data.used}</dd>
            </dl>
            {state.data.message && <p className="callme-message">{state.data.message}</p>}
            <AuthorizationActions item={state.data} onChanged={retry} />
          </div>
        </>
      )}
    </div>
  );
}

export function AuthorizationStatusPage() {
  const refNo = useQuery('ref_no');
  const said = statusPageText(useQuery('status'));
  return (
    <div className="page callme-page" data-testid="authformstatus">
      <h1 className="page-title">{said?.title ?? 'Call authorization'}</h1>
      <div className="card callme-detail" role="status">
        <p>{said?.text ?? 'Your call authorizations are on your list.'}</p>
        {refNo && <p className="muted">Reference {refNo}</p>}
      </div>
      <p className="callme-links">
        <Link to="/callmelist" className="btn btn-primary">
          Call-me requests
        </Link>
        <Link to="/callAuthorization" className="btn btn-ghost">
          Call authorizations
        </Link>
      </p>
    </div>
  );
}

export function AddAuthorizationPage() {
  const navigate = useNavigate();
  const [anchors, retry] = useRequest(getCallTakingAnchors, 'call-anchors');
  const [anchorId, setAnchorId] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const left = CALL_MESSAGE_MAX - message.replace(/^\s+/, '').length;

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      const granted = await addAuthorization(anchorId, message.trim());
      void navigate({ to: '/authformdetail', search: { ref_no: granted.ref_no } });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <div className="page callme-page" data-testid="callEditAuthorization">
      <p className="callme-kicker">
        <Link to="/callAuthorization">← Call authorizations</Link>
      </p>
      <h1 className="page-title">Authorize a broadcaster to call you</h1>
      <p className="muted">
        She may then call you through our call center, which rings you first. Authorizing is free, and your
        instant call requests to her carry no reservation fee. You can cancel it at any time.
      </p>
      {anchors.status === 'loading' && (
        <p className="callme-loading" role="status">
          Loading…
        </p>
      )}
      {anchors.status === 'error' && <ErrorRetry message={anchors.error} onRetry={retry} />}
      {anchors.status === 'ready' && anchors.data.length === 0 && (
        <div className="empty-state">No broadcaster takes calls right now.</div>
      )}
      {anchors.status === 'ready' && anchors.data.length > 0 && (
        <form
          className="card callme-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (anchorId && left >= 0) void submit();
          }}
        >
          <label className="field">
            <span>Broadcaster</span>
            <select value={anchorId} onChange={(event) => setAnchorId(event.target.value)} required>
              <option value="">Choose a broadcaster</option>
              {anchors.data.map((a) => (
                <option key={a.anchor_id} value={a.anchor_id}>
                  {a.anchor_nickname} ({a.anchor_id}){a.online ? ' · online' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>A note for her (optional)</span>
            <textarea
              value={message}
              rows={3}
              maxLength={CALL_MESSAGE_MAX}
              onChange={(event) => setMessage(event.target.value)}
            />
          </label>
          <p className="muted" aria-live="polite">
            {left} characters left
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !anchorId || left < 0}>
            Authorize
          </button>
        </form>
      )}
    </div>
  );
}
