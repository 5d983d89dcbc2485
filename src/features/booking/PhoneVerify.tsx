/**
 * The phone-verification sub-dialog (spec 001 §4, §5, §8): input phone → sending → code entry (a
 * new code after 30 s) → verified; a code-send failure or the 24-hour block shows its text. The
 * code travels by SMS only (the local outbox in the demo); it is never shown here.
 */
import { useEffect, useId, useState } from 'react';
import { PHONE_RETRY_S } from '../../../protocol/bookings/booking';
import { Errno } from '../../../protocol/errors';
import { ApiError } from '../../api/client';
import { getPhoneVerifyCode, type PhoneFields, submitPhoneVerifyCode } from './api';
import { countries } from './countries';
import { codeError, phoneCodeErrorOf, phoneError, phoneSubmitErrorOf } from './rules';

type Step = 'input' | 'sending' | 'code' | 'checking' | 'blocked';

export function PhoneVerify({
  onVerified,
  onCancel,
}: {
  onVerified: (phone: PhoneFields) => void;
  onCancel: () => void;
}) {
  const list = countries();
  const [country, setCountry] = useState('');
  const [phoneNo, setPhoneNo] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('input');
  const [error, setError] = useState<string | null>(null);
  const [retryIn, setRetryIn] = useState(0);
  const ids = { country: useId(), phone: useId(), code: useId() };
  const chosen = list.find((c) => c.code === country);
  const phone = (): PhoneFields => ({
    country: chosen?.name ?? '',
    area_code: chosen?.dial ?? '',
    phone_no: phoneNo.trim(),
  });

  useEffect(() => {
    if (retryIn <= 0) return;
    const timer = setTimeout(() => setRetryIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [retryIn]);

  async function sendCode() {
    const invalid = phoneError(chosen ? country : '', phoneNo);
    if (invalid) return setError(invalid);
    setError(null);
    setStep('sending');
    try {
      await getPhoneVerifyCode(phone());
      setStep('code');
      setRetryIn(PHONE_RETRY_S);
    } catch (e) {
      const errno = e instanceof ApiError ? e.errno : -1;
      setError(phoneCodeErrorOf(errno));
      setStep(errno === Errno.PHONE_BLOCKED ? 'blocked' : code || retryIn ? 'code' : 'input');
      if (errno === Errno.PHONE_TOO_SOON) setRetryIn(PHONE_RETRY_S);
    }
  }

  async function submit() {
    const invalid = codeError(code);
    if (invalid) return setError(invalid);
    setError(null);
    setStep('checking');
    try {
      const verified = await submitPhoneVerifyCode(phone(), code.trim());
      onVerified(verified);
    } catch (e) {
      const errno = e instanceof ApiError ? e.errno : -1;
      setError(phoneSubmitErrorOf(errno));
      setStep(errno === Errno.PHONE_BLOCKED ? 'blocked' : 'code');
    }
  }

  const busy = step === 'sending' || step === 'checking';
  return (
    <section className="phone-verify" aria-label="Verify your phone" data-testid="phone-verify">
      <p className="booking-note">
        We text you a code to confirm this number, then a reminder before the broadcast.
      </p>
      <div className="booking-field">
        <label htmlFor={ids.country}>Country code</label>
        <select
          id={ids.country}
          value={country}
          disabled={busy || step === 'blocked' || step === 'code'}
          onChange={(e) => setCountry(e.target.value)}
        >
          <option value="">Select your country</option>
          {list.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} (+{c.dial})
            </option>
          ))}
        </select>
      </div>
      <div className="booking-field">
        <label htmlFor={ids.phone}>Phone number</label>
        <input
          id={ids.phone}
          inputMode="numeric"
          autoComplete="tel-national"
          value={phoneNo}
          disabled={busy || step === 'blocked' || step === 'code'}
          onChange={(e) => setPhoneNo(e.target.value)}
        />
      </div>
      {(step === 'code' || step === 'checking') && (
        <div className="booking-field">
          <label htmlFor={ids.code}>Verification code</label>
          <input
            id={ids.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            disabled={busy}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit();
            }}
          />
        </div>
      )}
      {error && (
        <p className="booking-error" role="alert">
          {error}
        </p>
      )}
      <div className="booking-row">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        {step === 'input' || step === 'sending' ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void sendCode()}>
            {step === 'sending' ? 'Sending…' : 'Send code'}
          </button>
        ) : step === 'blocked' ? null : (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy || retryIn > 0}
              onClick={() => void sendCode()}
            >
              {retryIn > 0 ? `Resend in ${retryIn} s` : 'Resend code'}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()}>
              {step === 'checking' ? 'Checking…' : 'Verify'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
