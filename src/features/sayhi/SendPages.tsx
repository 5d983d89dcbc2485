/**
 * Sending a Say Hi: sayhisendindex?anchorid= (choose a greeting and a card), sayhisendpreview (see
 * the card, send it) and sayhisendsuccess. Both the index and the preview ask isCanSendSayHi first, so
 * a refusal shows the Say Hi dialog before the member spends any effort.
 */
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type CanSendSayHi,
  SAY_HI_GREETINGS,
  SAY_HI_THEMES,
  SayHiMessages,
} from '../../../protocol/sayhi/sayhi';
import { ApiError, isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { applyCouponNotice, vouchersState } from '../../state/vouchers';
import { isCanSendSayHi, sendSayHi } from './api';
import { SayHiCard } from './SayHiCard';
import { SayHiDialog, type SayHiRefusal } from './SayHiDialog';
import './sayhi.css';

type Query = Record<string, unknown>;
const useQuery = () => useLocation({ select: (l) => l.search as Query });
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const index = (v: unknown, length: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n < length ? n : 0;
};

type CheckState =
  | { status: 'loading' }
  | { status: 'ready'; can: CanSendSayHi }
  | { status: 'refused'; refusal: SayHiRefusal }
  | { status: 'error'; error: string };

/** isCanSendSayHi for the page's broadcaster. */
function useCanSend(anchorId: string): [CheckState, () => void] {
  const [state, setState] = useState<CheckState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!anchorId) return;
    let live = true;
    setState({ status: 'loading' });
    isCanSendSayHi(anchorId).then(
      (can) => live && setState({ status: 'ready', can }),
      (failure: unknown) => {
        if (!live) return;
        if (isConnectionError(failure) || !(failure instanceof ApiError)) {
          setState({ status: 'error', error: errorText(failure) });
        } else {
          const refusal = { anchorId, errno: failure.errno, errmsg: failure.message };
          setState({ status: 'refused', refusal });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [anchorId, attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}

function NoBroadcaster() {
  return (
    <div className="page sayhi-page">
      <h1 className="page-title">Say Hi</h1>
      <div className="empty-state">
        <p>Choose a broadcaster first: open her profile and press Say Hi.</p>
        <Link to="/masterlist" className="btn btn-primary">
          Discover broadcasters
        </Link>
      </div>
    </div>
  );
}

/** Loading, the refusal dialog, or a connection error with Retry; children once allowed. */
function Checked({
  state,
  retry,
  children,
}: {
  state: CheckState;
  retry: () => void;
  children: (can: CanSendSayHi) => React.ReactNode;
}) {
  const navigate = useNavigate();
  if (state.status === 'loading')
    return (
      <p className="sayhi-loading" role="status">
        Checking your Say Hi…
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="empty-state" role="alert">
        <p>{state.error}</p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  if (state.status === 'refused')
    return (
      <>
        <div className="empty-state">
          <p>{state.refusal.errmsg}</p>
          <Link to="/sayhilistindex/all">Your Say Hi</Link>
        </div>
        <SayHiDialog
          refusal={state.refusal}
          onClose={() => void navigate({ to: `/anchor/${state.refusal.anchorId}` })}
        />
      </>
    );
  return children(state.can);
}

export function SayHiSendPage() {
  const query = useQuery();
  const anchorId = text(query.anchorid);
  const [state, retry] = useCanSend(anchorId);
  const [greeting, setGreeting] = useState(() => index(query.greeting, SAY_HI_GREETINGS.length));
  const [theme, setTheme] = useState(() => index(query.theme, SAY_HI_THEMES.length));
  const navigate = useNavigate();
  if (!anchorId) return <NoBroadcaster />;
  return (
    <div className="page sayhi-page" data-testid="sayhi-send">
      <p className="sayhi-kicker">Say Hi · free</p>
      <Checked state={state} retry={retry}>
        {(can) => (
          <form
            className="sayhi-form"
            onSubmit={(event) => {
              event.preventDefault();
              void navigate({ to: '/sayhisendpreview', search: { anchorid: anchorId, greeting, theme } });
            }}
          >
            <h1 className="page-title">Say Hi to {can.nickname}</h1>
            <p className="sayhi-left" data-testid="sayhi-left">
              You have {can.left_say_hi_num} Say Hi left. Sending one is free.
            </p>
            <fieldset className="sayhi-choices">
              <legend>Choose a greeting</legend>
              {SAY_HI_GREETINGS.map((g, i) => (
                <label key={g} className="sayhi-choice">
                  <input
                    type="radio"
                    name="greeting"
                    checked={greeting === i}
                    onChange={() => setGreeting(i)}
                  />
                  <span>{g}</span>
                </label>
              ))}
            </fieldset>
            <fieldset className="sayhi-choices sayhi-themes">
              <legend>Choose a card</legend>
              {SAY_HI_THEMES.map((t, i) => (
                <label key={t} className={`sayhi-theme-choice sayhi-theme-${i}`}>
                  <input type="radio" name="theme" checked={theme === i} onChange={() => setTheme(i)} />
                  <span>{t}</span>
                </label>
              ))}
            </fieldset>
            <div className="sayhi-actions">
              <Link to={`/anchor/${anchorId}`} className="btn btn-ghost">
                Cancel
              </Link>
              <button type="submit" className="btn btn-primary">
                Preview
              </button>
            </div>
          </form>
        )}
      </Checked>
    </div>
  );
}

export function SayHiPreviewPage() {
  const query = useQuery();
  const anchorId = text(query.anchorid);
  const greeting = index(query.greeting, SAY_HI_GREETINGS.length);
  const theme = index(query.theme, SAY_HI_THEMES.length);
  const [state, retry] = useCanSend(anchorId);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<SayHiRefusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  if (!anchorId) return <NoBroadcaster />;

  const send = async (name: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await sendSayHi(anchorId, greeting, theme);
      // The socket brings all three counts too; this only saves the header a moment.
      if (vouchersState.info) applyCouponNotice({ left_say_hi_num: answer.left_say_hi_num });
      void navigate({ to: '/sayhisendsuccess', search: { sayid: answer.sayid, anchorid: anchorId } });
    } catch (failure) {
      if (isConnectionError(failure) || !(failure instanceof ApiError)) setError(errorText(failure));
      else setRefusal({ anchorId, name, errno: failure.errno, errmsg: failure.message });
      setBusy(false);
    }
  };

  return (
    <div className="page sayhi-page" data-testid="sayhi-preview">
      <p className="sayhi-kicker">Preview</p>
      <Checked state={state} retry={retry}>
        {(can) => (
          <>
            <h1 className="page-title">Your Say Hi to {can.nickname}</h1>
            <SayHiCard to={can.nickname} photourl={can.photourl} greeting={greeting} theme={theme} />
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="sayhi-actions">
              <Link
                to="/sayhisendindex"
                search={{ anchorid: anchorId, greeting, theme }}
                className="btn btn-ghost"
              >
                Edit
              </Link>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => void send(can.nickname)}
              >
                {busy ? 'Sending…' : 'Send Say Hi'}
              </button>
            </div>
            {refusal && <SayHiDialog refusal={refusal} onClose={() => setRefusal(null)} />}
          </>
        )}
      </Checked>
    </div>
  );
}

export function SayHiSuccessPage() {
  const query = useQuery();
  const anchorId = text(query.anchorid);
  const left = useSnapshot(vouchersState).info?.left_say_hi_num;
  return (
    <div className="page sayhi-page" data-testid="sayhi-success">
      <div className="sayhi-success card">
        <p className="sayhi-success-icon" aria-hidden="true">
          👋
        </p>
        <h1 className="page-title">Say Hi sent</h1>
        <p role="status">{SayHiMessages.sent}</p>
        <p className="muted">
          Her response will appear under Say Hi responses. Reading it is free.
          {left !== undefined && ` You have ${left} Say Hi left.`}
        </p>
        <div className="sayhi-actions">
          <Link to="/wait/sayhiwaitreply" className="btn btn-primary">
            Waiting for reply
          </Link>
          {anchorId && (
            <Link to={`/anchor/${anchorId}`} className="btn btn-ghost">
              Back to her profile
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
