/**
 * The pages mailed links open, readable signed out: /account/verify-email?token= confirms an email
 * (his first, or a new one), /account/reset-password?token= sets a new password, and
 * /account/forgot-password asks for the reset mail (linked from the login page).
 */
import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { EMAIL_MAX_LENGTH } from '../../../protocol/account/account';
import { passwordProblem } from '../../../protocol/account/passwords';
import { Pages } from '../../../protocol/paths';
import { sessionState } from '../../state/session';
import { confirmEmail, requestPasswordReset, resetPassword } from './api';
import { PasswordField } from './PasswordField';
import './account.css';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

const useToken = () => {
  const search = useSearch({ strict: false }) as { token?: unknown };
  return typeof search.token === 'string' ? search.token : '';
};

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string };
type State = { kind: 'working' } | Outcome;

export function VerifyEmailPage() {
  const token = useToken();
  const { status } = useSnapshot(sessionState);
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // Once: the link works once, and a second call would answer "already used".
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({
        kind: 'failed',
        text: 'This link is not complete. Please open the whole link from the mail.',
      });
      return;
    }
    confirmEmail(token).then(
      (answer) => setState({ kind: 'done', text: `Thank you: ${answer.email} is confirmed.` }),
      (error) => setState({ kind: 'failed', text: errorText(error) }),
    );
  }, [token]);

  return (
    <div className="page">
      <section className="card link-page" aria-labelledby="verify-title" aria-busy={state.kind === 'working'}>
        <h1 id="verify-title" className="page-title">
          Confirm your email
        </h1>
        {state.kind === 'working' && <p role="status">Confirming your email…</p>}
        {state.kind !== 'working' && (
          <p className="account-status" data-kind={state.kind === 'failed' ? 'error' : 'ok'} role="status">
            {state.text}
          </p>
        )}
        {state.kind === 'failed' && (
          <p className="muted">You can ask for a new link on your Account &amp; security page.</p>
        )}
        <div className="account-actions">
          {status === 'signed-in' ? (
            <Link to="/home" className="btn btn-primary">
              Go to Glimmer
            </Link>
          ) : (
            <a href={Pages.memberLogin} className="btn btn-primary">
              Sign in
            </a>
          )}
        </div>
      </section>
    </div>
  );
}

export function ResetPasswordPage() {
  const token = useToken();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<Outcome | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password);
    if (problem) return setState({ kind: 'failed', text: problem.errmsg });
    setBusy(true);
    setState(undefined);
    try {
      await resetPassword(token, password);
      setState({ kind: 'done', text: 'Your password is changed. Sign in with your new password.' });
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <section className="card link-page" aria-labelledby="reset-title">
        <h1 id="reset-title" className="page-title">
          Choose a new password
        </h1>
        {state?.kind === 'done' ? (
          <>
            <p className="account-status" role="status">
              {state.text}
            </p>
            <a href={Pages.memberLogin} className="btn btn-primary">
              Sign in
            </a>
          </>
        ) : (
          <form onSubmit={submit}>
            <p className="muted">For your safety, every device signed in to your account is signed out.</p>
            <PasswordField label="New password" value={password} onChange={setPassword} />
            {state?.kind === 'failed' && (
              <p className="form-error" role="alert">
                {state.text}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={busy || !token}>
              {busy ? 'Saving…' : 'Save new password'}
            </button>
            {!token && (
              <p className="form-error" role="alert">
                This link is not complete. Please open the whole link from the mail.
              </p>
            )}
          </form>
        )}
      </section>
    </div>
  );
}

export function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<Outcome | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setState(undefined);
    try {
      const { msg } = await requestPasswordReset(email.trim());
      setState({ kind: 'done', text: msg });
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <section className="card link-page" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="page-title">
          Forgot your password?
        </h1>
        <p className="muted">
          Enter the email of your account and we send you a link to choose a new password.
        </p>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={id}>Email</label>
            <input
              id={id}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {state && (
            <p
              className={state.kind === 'done' ? 'account-status' : 'form-error'}
              role={state.kind === 'done' ? 'status' : 'alert'}
            >
              {state.text}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Sending…' : 'Send me a link'}
          </button>
        </form>
        <p className="muted">
          Remembered it?{' '}
          <a href={Pages.memberLogin} className="text-link">
            Sign in
          </a>
        </p>
      </section>
    </div>
  );
}
