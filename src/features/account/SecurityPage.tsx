/**
 * /account/security (the user menu's "Account & security"): his email (verify it, change it), a new
 * password, his signed-in devices and sign out everywhere, a download of his data, and deleting
 * his account.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { type AccountDevice, type AccountInfo, EMAIL_MAX_LENGTH } from '../../../protocol/account/account';
import { PASSWORD_MAX_LENGTH } from '../../../protocol/constants';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { session } from '../../app/session';
import { showToast } from '../../state/ui';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  endSession,
  exportData,
  getAccount,
  sendVerifyEmail,
  signOutEverywhere,
} from './api';
import { PasswordField } from './PasswordField';
import './account.css';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/** A form's busy flag and its error or success line. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setNote(undefined);
    try {
      const text = await work();
      if (text) setNote({ ok: true, text });
    } catch (error) {
      setNote({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  const line = note ? (
    <p className={note.ok ? 'account-status' : 'form-error'} role={note.ok ? 'status' : 'alert'}>
      {note.text}
    </p>
  ) : null;
  return { busy, run, line };
}

function CurrentPassword({
  value,
  onChange,
  label = 'Current password',
}: {
  value: string;
  onChange(v: string): void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function Card({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  const id = useId();
  return (
    <section className={`card account-card${danger ? ' danger-zone' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function EmailCard({ info, reload }: { info: AccountInfo; reload(): void }) {
  const resend = useAction();
  const change = useAction();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void change.run(async () => {
      const { pending_email } = await changeEmail(email.trim(), password);
      setEmail('');
      setPassword('');
      reload();
      return `We sent a link to ${pending_email}. Your email changes once you open it.`;
    });
  };
  return (
    <Card title="Email">
      <p>
        {info.email || 'No email yet.'}
        {info.email && (
          <span className={info.email_verified === 'Y' ? 'badge-verified' : 'badge-unverified'}>
            {info.email_verified === 'Y' ? 'Verified' : 'Not verified'}
          </span>
        )}
      </p>
      {info.email && info.email_verified === 'N' && (
        <div className="account-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={resend.busy}
            onClick={() =>
              resend.run(async () => `We sent a new link to ${(await sendVerifyEmail()).email}.`)
            }
          >
            {resend.busy ? 'Sending…' : 'Send the verification link again'}
          </button>
        </div>
      )}
      {resend.line}
      {info.pending_email && (
        <p className="muted">
          Waiting for you to confirm {info.pending_email} (see the link we mailed there).
        </p>
      )}
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={emailId}>New email</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <CurrentPassword value={password} onChange={setPassword} />
        {change.line}
        <button type="submit" className="btn btn-secondary" disabled={change.busy}>
          {change.busy ? 'Sending…' : 'Change email'}
        </button>
      </form>
    </Card>
  );
}

function PasswordCard({ info, reload }: { info: AccountInfo; reload(): void }) {
  const action = useAction();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await changePassword(old, password);
      setOld('');
      setPassword('');
      reload();
      return 'Your password is changed. Your other devices are signed out.';
    });
  };
  return (
    <Card title="Password">
      <form onSubmit={submit}>
        <CurrentPassword value={old} onChange={setOld} />
        <PasswordField
          label="New password"
          value={password}
          onChange={setPassword}
          avoid={[info.email, info.nickname]}
        />
        {action.line}
        <button type="submit" className="btn btn-secondary" disabled={action.busy}>
          {action.busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </Card>
  );
}

const when = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Chrome on Android' from a User-Agent, or the start of it. */
function deviceName(ua: string): string {
  if (!ua) return 'Unknown browser';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return browser && os ? `${browser} on ${os}` : ua.slice(0, 60);
}

function DevicesCard({ devices, reload }: { devices: AccountDevice[]; reload(): void }) {
  const action = useAction();
  return (
    <Card title="Signed-in devices">
      <ul className="device-list" data-testid="devices">
        {devices.map((d) => (
          <li key={d.id}>
            <span className="device-what">
              <strong>
                {deviceName(d.user_agent)}
                {d.current === 1 && ' (this device)'}
              </strong>
              <span className="muted">
                Signed in {when(d.signed_in)}
                {d.address && ` from ${d.address}`}
              </span>
            </span>
            {d.current !== 1 && (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={action.busy}
                onClick={() =>
                  action.run(async () => {
                    await endSession(d.id);
                    reload();
                    return 'That device is signed out.';
                  })
                }
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {action.line}
      <div className="account-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              await signOutEverywhere();
              await session.signOut();
              return undefined;
            })
          }
        >
          Sign out everywhere
        </button>
      </div>
    </Card>
  );
}

function DataCard() {
  const action = useAction();
  const download = () =>
    action.run(async () => {
      const data = await exportData();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `glimmer-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return 'Your data is downloaded as a JSON file.';
    });
  return (
    <Card title="Your data">
      <p className="muted">
        A JSON file of what Glimmer holds about you: your account and profile, balances and credit history,
        messages, mail, bookings and Say Hi.
      </p>
      {action.line}
      <div className="account-actions">
        <button type="button" className="btn btn-secondary" disabled={action.busy} onClick={download}>
          {action.busy ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
    </Card>
  );
}

function DeleteCard() {
  const action = useAction();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await deleteAccount(password);
      showToast('Your account is deleted.', 'info');
      await session.signOut();
      return undefined;
    });
  };
  return (
    <Card title="Delete account" danger>
      <p className="muted">
        Your profile, email, phone and follows are removed and your name disappears from broadcasters' lists.
        Your credits and post stamps are lost. Records of payments are kept as the law requires. This cannot
        be undone.
      </p>
      <form onSubmit={submit}>
        <CurrentPassword value={password} onChange={setPassword} label="Your password" />
        <label className="check">
          <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} required />
          <span>I understand that my account cannot be restored.</span>
        </label>
        {action.line}
        <button type="submit" className="btn btn-danger" disabled={action.busy || !sure}>
          {action.busy ? 'Deleting…' : 'Delete my account'}
        </button>
      </form>
    </Card>
  );
}

export function SecurityPage() {
  const [info, setInfo] = useState<AccountInfo | undefined>();
  const [error, setError] = useState('');
  const load = useCallback(() => {
    setError('');
    getAccount().then(setInfo, (e) => setError(errorText(e)));
  }, []);
  useEffect(load, []);

  return (
    <div className="page">
      <div className="account-page">
        <h1 className="page-title">Account &amp; security</h1>
        {!info && !error && (
          <p role="status" className="muted">
            Loading your account…
          </p>
        )}
        {!info && error && <ErrorRetry message={error} onRetry={load} />}
        {info && (
          <>
            <EmailCard info={info} reload={load} />
            <PasswordCard info={info} reload={load} />
            <DevicesCard devices={info.devices} reload={load} />
            <DataCard />
            <DeleteCard />
          </>
        )}
      </div>
    </div>
  );
}
