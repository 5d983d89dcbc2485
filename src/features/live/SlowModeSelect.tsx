/** Her slow mode: how long each member waits between lines in her room's chat (off, 5, 10 or 30 s). */
import { useId, useState } from 'react';
import { SLOW_MODE_SECONDS } from '../../../protocol/live/room-moderation';
import { errorText } from '../../api/use-request';
import { setSlowMode } from './moderation-api';
import './moderation.css';

export function SlowModeSelect({ seconds, onDone }: { seconds: number; onDone: () => void }) {
  const id = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function choose(next: number) {
    setBusy(true);
    setError('');
    try {
      await setSlowMode(next);
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
    setBusy(false);
  }
  return (
    <div className="slow-mode">
      <label htmlFor={id}>Slow mode</label>
      <select id={id} value={seconds} disabled={busy} onChange={(e) => void choose(Number(e.target.value))}>
        {SLOW_MODE_SECONDS.map((s) => (
          <option key={s} value={s}>
            {s === 0 ? 'Off' : `One message every ${s} s`}
          </option>
        ))}
      </select>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
