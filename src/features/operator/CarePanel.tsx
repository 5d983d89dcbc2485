/** The console's customer care (role `support`): threads by status, one thread, answer and close. */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CARE_CATEGORY_LABELS,
  CARE_MESSAGE_MAX,
  CARE_STATUS_LABELS,
  type CareStatus,
} from '../../../protocol/care/care';
import { errorText, useRequest } from '../../api/use-request';
import { When } from '../../app/time/When';
import { answerCare, closeCare, getCareQueue, getCareQueueThread } from '../care/api';
import { Messages } from '../care/Messages';
import '../care/care.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';

type Filter = CareStatus | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'open', label: 'Waiting for us' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

function Thread({ threadId, onChanged }: { threadId: number; onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const [state, retry] = useRequest(() => getCareQueueThread(threadId), `${threadId}:${version}`);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (state.status === 'loading') return <p className="muted">Loading…</p>;
  if (state.status === 'error') {
    return <ErrorRetry message={state.error} onRetry={retry} />;
  }
  const thread = state.data;
  const act = (work: Promise<unknown>, clear: boolean) => {
    setBusy(true);
    setError('');
    work.then(
      () => {
        setBusy(false);
        if (clear) setAnswer('');
        setVersion((v) => v + 1);
        onChanged();
      },
      (e: unknown) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };
  return (
    <section className="care-thread" data-testid="op-care-thread" aria-label={thread.subject}>
      <h2>{thread.subject}</h2>
      <p className="muted">
        {thread.member_nickname} ({thread.member_id}) · {CARE_CATEGORY_LABELS[thread.category]} ·{' '}
        {CARE_STATUS_LABELS[thread.status]}
      </p>
      <Messages messages={thread.messages} mine="care" />
      <form
        className="care-form"
        onSubmit={(event) => {
          event.preventDefault();
          act(answerCare(thread.thread_id, answer), true);
        }}
      >
        <label className="care-field">
          Answer
          <textarea
            value={answer}
            rows={4}
            maxLength={CARE_MESSAGE_MAX}
            required
            onChange={(e) => setAnswer(e.target.value)}
            data-testid="op-care-answer"
          />
        </label>
        {error && (
          <p className="care-error" role="alert">
            {error}
          </p>
        )}
        <div className="op-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="op-care-send">
            Send answer
          </button>
          {thread.status !== 'closed' && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => act(closeCare(thread.thread_id), false)}
            >
              Close
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

export function CarePanel() {
  const search = useSearch({ strict: false }) as { thread?: number | string; status?: string };
  const navigate = useNavigate();
  const filter = (FILTERS.find((f) => f.value === search.status)?.value ?? 'open') as Filter;
  const threadId = Number(search.thread) || 0;
  const [version, setVersion] = useState(0);
  const [state, retry] = useRequest(() => getCareQueue(filter), `${filter}:${version}`);
  return (
    <div className="care-layout op-panel">
      <div>
        {threadId > 0 ? (
          <Thread threadId={threadId} onChanged={() => setVersion((v) => v + 1)} />
        ) : (
          <div className="empty-state">Choose a conversation to read and answer it.</div>
        )}
      </div>
      <section className="care-side" aria-label="Conversations">
        <label className="care-field">
          Show
          <select
            value={filter}
            onChange={(e) =>
              void navigate({ to: '/operator', search: { tab: 'care', status: e.target.value } })
            }
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        {state.status === 'loading' && <p className="muted">Loading…</p>}
        {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
        {state.status === 'ready' && state.data.list.length === 0 && (
          <div className="empty-state">Nothing here.</div>
        )}
        {state.status === 'ready' && state.data.list.length > 0 && (
          <ul className="care-list" data-testid="op-care-list">
            {state.data.list.map((t) => (
              <li key={t.thread_id}>
                <Link
                  to="/operator"
                  search={{ tab: 'care', status: filter, thread: t.thread_id }}
                  className={`card care-row${t.thread_id === threadId ? ' active' : ''}`}
                >
                  <strong>{t.subject}</strong>
                  <span className="muted care-row-text">
                    {t.member_nickname} ({t.member_id}): {t.last_text}
                  </span>
                  <span className="care-row-meta">
                    {CARE_STATUS_LABELS[t.status]} · <When seconds={t.updated_at} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
