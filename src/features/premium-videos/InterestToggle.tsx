/** The interest mark on a video: a pressed toggle, changed at once and put back if the call fails. */
import { useState } from 'react';
import { errorText } from '../../api/use-request';
import { setInterested } from './api';

export function InterestToggle({
  videoId,
  title,
  initial,
  onChange,
}: {
  videoId: string;
  title: string;
  initial: boolean;
  onChange?(on: boolean): void;
}) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const toggle = async () => {
    const next = !on;
    setOn(next);
    setBusy(true);
    setError('');
    try {
      const answer = await setInterested(videoId, next);
      setOn(answer.is_interested === 1);
      onChange?.(answer.is_interested === 1);
    } catch (e) {
      setOn(!next);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="pv-interest">
      <button
        type="button"
        className={`btn btn-small ${on ? 'btn-secondary' : 'btn-ghost'}`}
        aria-pressed={on}
        aria-label={`Interested in ${title}`}
        disabled={busy}
        onClick={toggle}
        data-testid="pv-interest"
      >
        <span aria-hidden="true">{on ? '♥' : '♡'}</span> {on ? 'Interested' : 'Interest'}
      </button>
      {error && (
        <span role="alert" className="form-error pv-interest-error">
          {error}
        </span>
      )}
    </span>
  );
}
