/**
 * Customer Care (/customer/list, the footer's Customer Care): his questions to the care team, a form
 * to write a new one (subject, category, message, an optional screenshot), and one thread at a time
 * (?thread=id) where he reads care's answers and writes back. Care's answers arrive on the socket.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import {
  CARE_ANSWER_EVENT,
  CARE_CATEGORIES,
  CARE_CATEGORY_LABELS,
  CARE_MESSAGE_MAX,
  CARE_STATUS_LABELS,
  CARE_SUBJECT_MAX,
  type CareCategory,
  type CareThread,
} from '../../../protocol/care/care';
import { errorText, useRequest } from '../../api/use-request';
import { onRealtime } from '../../app/realtime-later';
import { When } from '../../app/time/When';
import { createCareThread, getCareList, getCareThread, replyCare, uploadScreenshot } from './api';
import { Messages } from './Messages';
import { careState } from './unread-state';
import './care.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';

/** The screenshot picker: uploads at once, so sending waits for nothing but the text. */
function Screenshot({ onChange }: { onChange: (uploadId: string | undefined) => void }) {
  const [state, setState] = useState<{ busy: boolean; name: string; error: string }>({
    busy: false,
    name: '',
    error: '',
  });
  return (
    <div className="care-shot">
      <label className="btn btn-secondary care-shot-pick">
        Attach a screenshot
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif"
          className="visually-hidden"
          data-testid="care-screenshot"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            onChange(undefined);
            setState({ busy: true, name: file.name, error: '' });
            uploadScreenshot(file).then(
              (answer) => {
                onChange(answer.upload_id);
                setState({ busy: false, name: file.name, error: '' });
              },
              (error: unknown) => setState({ busy: false, name: '', error: errorText(error) }),
            );
          }}
        />
      </label>
      <span className="muted" role="status">
        {state.busy
          ? `Uploading ${state.name}…`
          : state.name
            ? `Attached: ${state.name}`
            : 'PNG, JPEG or GIF'}
      </span>
      {state.error && (
        <span className="care-error" role="alert">
          {state.error}
        </span>
      )}
    </div>
  );
}

function NewQuestion({ onCreated }: { onCreated: (thread: CareThread) => void }) {
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<CareCategory>('account');
  const [message, setMessage] = useState('');
  const [uploadId, setUploadId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [key, setKey] = useState(0);
  return (
    <form
      className="card care-form"
      onSubmit={(event) => {
        event.preventDefault();
        setSending(true);
        setError('');
        createCareThread({ subject, category, message, ...(uploadId ? { upload_id: uploadId } : {}) }).then(
          (thread) => {
            setSending(false);
            setSubject('');
            setMessage('');
            setUploadId(undefined);
            setKey((k) => k + 1);
            onCreated(thread);
          },
          (e: unknown) => {
            setSending(false);
            setError(errorText(e));
          },
        );
      }}
    >
      <h2>Write to Customer Care</h2>
      <label className="care-field">
        Subject
        <input
          value={subject}
          maxLength={CARE_SUBJECT_MAX}
          required
          onChange={(e) => setSubject(e.target.value)}
          data-testid="care-subject"
        />
      </label>
      <label className="care-field">
        Category
        <select
          value={category}
          onChange={(e) => setCategory(e.target.value as CareCategory)}
          data-testid="care-category"
        >
          {CARE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CARE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="care-field">
        Message
        <textarea
          value={message}
          maxLength={CARE_MESSAGE_MAX}
          rows={5}
          required
          onChange={(e) => setMessage(e.target.value)}
          data-testid="care-message"
        />
      </label>
      <Screenshot key={key} onChange={setUploadId} />
      {error && (
        <p className="care-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={sending} data-testid="care-send">
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}

function ThreadView({ threadId, onChanged }: { threadId: number; onChanged: () => void }) {
  const [state, retry] = useRequest(() => getCareThread(threadId), String(threadId));
  const [reply, setReply] = useState('');
  const [uploadId, setUploadId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [key, setKey] = useState(0);
  // A new answer in this thread shows at once.
  useEffect(() => onRealtime((rt) => rt.on(CARE_ANSWER_EVENT, retry)), [retry]);
  // Opening the thread read care's answers: the list (and the footer's count) follow.
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (state.status === 'ready') changed.current();
  }, [state]);
  if (state.status === 'loading') return <p className="muted">Loading…</p>;
  if (state.status === 'error') {
    return <ErrorRetry message={state.error} onRetry={retry} />;
  }
  const thread = state.data;
  return (
    <section className="care-thread" data-testid="care-thread" aria-label={thread.subject}>
      <p>
        <Link to="/customer/list" search={{}}>
          All questions
        </Link>
      </p>
      <h2>{thread.subject}</h2>
      <p className="muted">
        {CARE_CATEGORY_LABELS[thread.category]} · {CARE_STATUS_LABELS[thread.status]}
      </p>
      <Messages messages={thread.messages} mine="member" />
      <form
        className="care-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSending(true);
          setError('');
          replyCare(thread.thread_id, reply, uploadId).then(
            () => {
              setSending(false);
              setReply('');
              setUploadId(undefined);
              setKey((k) => k + 1);
              retry();
            },
            (e: unknown) => {
              setSending(false);
              setError(errorText(e));
            },
          );
        }}
      >
        <label className="care-field">
          Your reply
          <textarea
            value={reply}
            rows={3}
            maxLength={CARE_MESSAGE_MAX}
            required
            onChange={(e) => setReply(e.target.value)}
            data-testid="care-reply"
          />
        </label>
        <Screenshot key={key} onChange={setUploadId} />
        {error && (
          <p className="care-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send reply'}
        </button>
      </form>
    </section>
  );
}

export function CarePage() {
  const search = useSearch({ strict: false }) as { thread?: number | string };
  const threadId = Number(search.thread) || 0;
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const [state, retry] = useRequest(getCareList, `care:${version}`);
  useEffect(() => onRealtime((rt) => rt.on(CARE_ANSWER_EVENT, () => setVersion((v) => v + 1))), []);
  useEffect(() => {
    if (state.status === 'ready') careState.unread = state.data.unread;
  }, [state]);
  const open = (id: number) => void navigate({ to: '/customer/list', search: { thread: id } });
  return (
    <div className="page care-page">
      <h1 className="page-title">Customer Care</h1>
      <p className="muted">Ask us anything about your account, credits or a broadcaster. We answer here.</p>
      <div className="care-layout">
        <div>
          {threadId > 0 ? (
            <ThreadView threadId={threadId} onChanged={() => setVersion((v) => v + 1)} />
          ) : (
            <NewQuestion onCreated={(thread) => open(thread.thread_id)} />
          )}
        </div>
        <section aria-label="Your questions" className="care-side">
          <h2>Your questions</h2>
          {state.status === 'loading' && <p className="muted">Loading…</p>}
          {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
          {state.status === 'ready' && state.data.list.length === 0 && (
            <div className="empty-state">You have not written to us yet.</div>
          )}
          {state.status === 'ready' && state.data.list.length > 0 && (
            <ul className="care-list" data-testid="care-list">
              {state.data.list.map((t) => (
                <li key={t.thread_id}>
                  <Link
                    to="/customer/list"
                    search={{ thread: t.thread_id }}
                    className={`card care-row${t.thread_id === threadId ? ' active' : ''}`}
                  >
                    <strong>{t.subject}</strong>
                    <span className="muted care-row-text">{t.last_text}</span>
                    <span className="care-row-meta">
                      {CARE_STATUS_LABELS[t.status]} · <When seconds={t.updated_at} />
                      {t.unread > 0 && <span className="badge">{t.unread} new</span>}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {threadId > 0 && (
            <Link to="/customer/list" search={{}} className="btn btn-secondary">
              Write a new question
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
