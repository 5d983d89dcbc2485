/** A new-password field with a strength hint under it while he types (protocol/account/passwords.ts). */
import { useId, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../protocol/account/account';
import { passwordProblem, passwordStrength, STRENGTH_LABELS } from '../../../protocol/account/passwords';
import { PASSWORD_MAX_LENGTH } from '../../../protocol/constants';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  /** His email and nickname: a password made of them is refused. */
  avoid?: readonly string[];
  name?: string;
}

export function PasswordField({ label, value, onChange, avoid = [], name = 'new-password' }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const strength = passwordStrength(value, avoid);
  const problem = value ? passwordProblem(value, avoid) : undefined;
  const hint = !value
    ? `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`
    : (problem?.errmsg ?? `Strength: ${STRENGTH_LABELS[strength]}`);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          value={value}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <div className="strength" data-strength={value ? strength : undefined} aria-hidden="true">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={value && strength >= n ? 'on' : ''} />
        ))}
      </div>
      <p id={`${id}-hint`} className="strength-hint" aria-live="polite" data-testid="password-hint">
        {hint}
      </p>
    </div>
  );
}
