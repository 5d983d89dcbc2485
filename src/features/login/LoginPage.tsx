/**
 * The member (/user/login) and broadcaster (/broadcast/login) login pages. A member goes back to
 * the hash route in `redirect` (Discover by default); a broadcaster to her workspace.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { PASSWORD_MAX_LENGTH, USERID_MAX_LENGTH } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import { Pages } from '../../../protocol/paths';
import type { Role } from '../../../protocol/types';
import { ApiError } from '../../api/client';
import { anchorLogin, memberLogin } from '../../api/session';
import { errorText } from '../../api/use-request';
import { afterLoginHref, BROADCASTER_HOME, safeRedirect } from '../../app/session/guard';
import { clearProfile } from '../../db/cache';
import UnlockPanel from './UnlockPanel';
import './login.css';

const COPY: Record<
  Role,
  { title: string; lead: string; switchText: string; switchLink: string; switchHref: string }
> = {
  man: {
    title: 'Member sign in',
    lead: 'Welcome back. Your broadcasters are waiting.',
    switchText: 'Are you a broadcaster?',
    switchLink: 'Broadcaster sign in',
    switchHref: Pages.anchorLogin,
  },
  lady: {
    title: 'Broadcaster sign in',
    lead: 'Sign in to your broadcaster workspace.',
    switchText: 'Are you a member?',
    switchLink: 'Member sign in',
    switchHref: Pages.memberLogin,
  },
};

export default function LoginPage({ side: role }: { side: Role }) {
  const copy = COPY[role];
  const [userid, setUserid] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  /** The id whose login is locked (members may unlock it with a code on their phone). */
  const [locked, setLocked] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  useEffect(() => {
    document.title = `${copy.title} · Glimmer`;
  }, [copy.title]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setNotice('');
    setLocked('');
    setBusy(true);
    try {
      const credentials = { userid: userid.trim(), password };
      await (role === 'man' ? memberLogin(credentials) : anchorLogin(credentials));
      // A new account on this device: nothing cached from the previous one may show.
      await clearProfile();
      const back =
        role === 'man'
          ? safeRedirect(new URLSearchParams(window.location.search).get('redirect'))
          : BROADCASTER_HOME;
      window.location.assign(afterLoginHref(back));
    } catch (failure) {
      setError(errorText(failure));
      if (failure instanceof ApiError && failure.errno === Errno.ACCOUNT_LOCKED) setLocked(userid.trim());
      setBusy(false);
    }
  };

  return (
    <div className="login-screen">
      <main className="login-card" aria-labelledby="login-title">
        <a href="/" className="login-brand">
          <img src="/favicon.svg" alt="" width="44" height="44" />
          <span>Glimmer</span>
        </a>
        <h1 id="login-title">{copy.title}</h1>
        <p className="login-lead">{copy.lead}</p>
        <form onSubmit={submit} noValidate={false} aria-describedby={errorId}>
          <label className="field">
            <span>User ID</span>
            <input
              name="userid"
              autoComplete="username"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={USERID_MAX_LENGTH}
              value={userid}
              onChange={(e) => setUserid(e.target.value)}
              aria-invalid={error ? true : undefined}
              autoFocus
            />
          </label>
          <label className="field">
            <span>Password</span>
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <div id={errorId} className="login-error" role="alert" aria-live="assertive">
            {error}
          </div>
          {notice && (
            <p className="login-notice" role="status">
              {notice}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        {locked && role === 'man' && (
          <UnlockPanel
            userid={locked}
            onUnlocked={(msg) => {
              setLocked('');
              setError('');
              setNotice(msg);
            }}
          />
        )}
        <p className="login-switch">
          {copy.switchText} <a href={copy.switchHref}>{copy.switchLink}</a>
        </p>
      </main>
    </div>
  );
}
