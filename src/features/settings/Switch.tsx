/** An on/off setting: a labelled checkbox drawn as a switch, with its hint. */
import { useId } from 'react';

export function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <label htmlFor={id} className="setting-text">
        <span className="setting-label">{label}</span>
        {hint && <span className="setting-hint">{hint}</span>}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    </div>
  );
}
