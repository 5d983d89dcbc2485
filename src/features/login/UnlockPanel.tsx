/**
 * Shown under the login form when too many failed attempts locked the account: the owner asks for
 * a code on his verified phone and types it in, and the lock lifts at once (otherwise it ends by
 * itself after 15 minutes). The server answers alike for every id, so this says nothing about
 * whether the account exists or has a phone.
 */
import { type FormEvent, useId, useState } from 'react';
import { UNLOCK_CODE_LENGTH } from '../../../protocol/constants';
import { sendUnlockCode, unlockAccount } from '../../api/session';
import { errorText } from '../../api/use-request';

export default function UnlockPanel({
  userid,
  onUnlocked,
}: {
  userid: string;
  onUnlocked(msg: string): void;
}) {
  const [sent, setSent] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const statusId = useId();

  const run = async (work: () => Promise<void>) => {
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      setSent((await sendUnlockCode(userid)).msg);
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      onUnlocked((await unlockAccount(userid, code.trim())).msg);
    });
  };

  return (
    <section className="unlock-panel" aria-labelledby={`${statusId}-title`}>
      <h2 id={`${statusId}-title`}>Unlock your account</h2>
      {!sent ? (
        <>
          <p>If this is your account and it has a verified phone, we can text you a code to unlock it now.</p>
          <button type="button" className="btn btn-primary btn-block" onClick={send} disabled={busy}>
            {busy ? 'Sending…' : 'Text me an unlock code'}
          </button>
        </>
      ) : (
        <form onSubmit={submit}>
          <p role="status">{sent}</p>
          <label className="field">
            <span>Unlock code</span>
            <input
              name="unlock-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`\\d{${UNLOCK_CODE_LENGTH}}`}
              maxLength={UNLOCK_CODE_LENGTH}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Unlocking…' : 'Unlock'}
          </button>
        </form>
      )}
      <div className="login-error" role="alert" aria-live="assertive">
        {error}
      </div>
    </section>
  );
}
