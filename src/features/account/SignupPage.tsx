/**
 * /user/signup: a new member joins (email, password with its strength hint, nickname, birthday
 * 18+, country). The browser solves the server's proof-of-work while he fills the form; once the
 * account exists he is signed in and lands on Home, where the terms and the first-visit guide
 * take over. A top-level page beside the login page, without the app shell.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  AccountPages,
  EMAIL_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  SIGNUP_MIN_AGE,
  type SignupChallenge,
} from '../../../protocol/account/account';
import { COUNTRIES } from '../../../protocol/account/countries';
import { passwordProblem } from '../../../protocol/account/passwords';
import { Pages } from '../../../protocol/paths';
import { ProfileText } from '../../../protocol/profile/profile';
import { register, signupChallenge } from './api';
import { PasswordField } from './PasswordField';
import { solveChallenge } from './proof-of-work';
import '../login/login.css';
import './account.css';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/** The latest birthday that is 18 today, as the date field's max. */
function latestBirthday(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - SIGNUP_MIN_AGE, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

interface Proof {
  challenge: SignupChallenge;
  nonce: Promise<string>;
}

/** A challenge, solved in the background; a fresh one when it is near its end. */
async function freshProof(): Promise<Proof> {
  const challenge = await signupChallenge();
  const nonce = solveChallenge(challenge.challenge, challenge.bits);
  nonce.catch(() => undefined);
  return { challenge, nonce };
}

export default function SignupPage() {
  const ids = { email: useId(), nickname: useId(), birthday: useId(), country: useId(), error: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [birthday, setBirthday] = useState('');
  const [country, setCountry] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'' | 'checking' | 'creating'>('');
  const proof = useRef<Promise<Proof> | undefined>(undefined);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'Create your account · Glimmer';
    emailRef.current?.focus();
    // Started at once: by the time he has typed the form, the browser has done the work.
    proof.current = freshProof();
    proof.current.catch(() => undefined);
  }, []);

  const takeProof = async () => {
    let current = await (proof.current ?? freshProof()).catch(() => freshProof());
    if (current.challenge.expires * 1000 < Date.now() + 30_000) current = await freshProof();
    // Each challenge is good once: the next attempt solves a new one.
    proof.current = freshProof();
    proof.current.catch(() => undefined);
    return { challenge: current.challenge.challenge, nonce: await current.nonce };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const problem = passwordProblem(password, [email, nickname]);
    if (problem) return setError(problem.errmsg);
    if (!birthday || birthday > latestBirthday()) {
      return setError(birthday ? ProfileText.underAge : ProfileText.badBirthday);
    }
    setBusy('checking');
    try {
      const solved = await takeProof();
      setBusy('creating');
      await register({
        email: email.trim(),
        password,
        nickname: nickname.trim(),
        birthday,
        country,
        ...solved,
      });
      // A new account on this device: nothing cached from a previous one may show.
      await (await import('../../db/cache')).clearProfile();
      window.location.assign('/#/home');
    } catch (failure) {
      setError(errorText(failure));
      setBusy('');
    }
  };

  return (
    <div className="login-screen">
      <main className="login-card signup-card" aria-labelledby="signup-title">
        <a href="/" className="login-brand">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <span>Glimmer</span>
        </a>
        <h1 id="signup-title">Create your account</h1>
        <p className="login-lead">
          Join free: 3 free messages to every broadcaster and Say Hi to get started.
        </p>
        <form className="signup-form" aria-describedby={ids.error} onSubmit={submit} noValidate={false}>
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input
              ref={emailRef}
              id={ids.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <p className="field-hint">We send a link to confirm it. You can also sign in with it.</p>
          </div>
          <PasswordField label="Password" value={password} onChange={setPassword} avoid={[email, nickname]} />
          <div className="field">
            <label htmlFor={ids.nickname}>Nickname</label>
            <input
              id={ids.nickname}
              name="nickname"
              autoComplete="nickname"
              required
              maxLength={NICKNAME_MAX_LENGTH}
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
            />
          </div>
          <div className="signup-row">
            <div className="field">
              <label htmlFor={ids.birthday}>Date of birth</label>
              <input
                id={ids.birthday}
                name="birthday"
                type="date"
                autoComplete="bday"
                required
                min="1900-01-01"
                max={latestBirthday()}
                value={birthday}
                onChange={(e) => setBirthday(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.country}>Country</label>
              <select
                id={ids.country}
                name="country"
                autoComplete="country-name"
                required
                value={country}
                onChange={(e) => setCountry(e.target.value)}
              >
                <option value="">Choose…</option>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="field-hint">
            By creating an account you accept our{' '}
            <a href="/#/howitwork/tc" target="_blank" rel="noopener">
              Terms and Conditions
            </a>{' '}
            and{' '}
            <a href="/#/howitwork/policy" target="_blank" rel="noopener">
              Privacy Policy
            </a>
            . You must be {SIGNUP_MIN_AGE} or older.
          </p>
          <div id={ids.error} className="login-error" role="alert" aria-live="assertive">
            {error}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy !== ''}>
            {busy === 'checking'
              ? 'Checking your browser…'
              : busy === 'creating'
                ? 'Creating your account…'
                : 'Create account'}
          </button>
        </form>
        <p className="login-switch">
          Already a member? <a href={Pages.memberLogin}>Sign in</a>
        </p>
        <p className="login-switch">
          <a href={`/#${AccountPages.forgotPassword}`}>Forgot password?</a>
        </p>
      </main>
    </div>
  );
}
