/**
 * His room's picture quality: Auto (the server picks), HD (the top layer she sends) or SD (the
 * smallest, for a slow connection). Her camera goes out in layers; this picks his connection's.
 */
import { useId, useState } from 'react';
import {
  QUALITIES,
  type Quality,
  type QualityAnswer,
  QualityApi,
  QualityText,
} from '../../../protocol/live/quality';
import { call } from '../../api/http';
import { errorText } from '../../api/use-request';
import './quality.css';

export const setQuality = (viewer_id: string, quality: Quality) =>
  call<QualityAnswer>(QualityApi.setQuality, { viewer_id, quality });

export function QualityMenu({ viewerId }: { viewerId: string }) {
  const id = useId();
  const [quality, setChosen] = useState<Quality>('auto');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function choose(next: Quality) {
    const before = quality;
    setChosen(next);
    setBusy(true);
    setError('');
    try {
      await setQuality(viewerId, next);
    } catch (e) {
      setChosen(before);
      setError(errorText(e) || QualityText.failed);
    }
    setBusy(false);
  }
  return (
    <div className="quality-menu">
      <label htmlFor={id}>{QualityText.menu}</label>
      <select
        id={id}
        data-testid="quality-menu"
        value={quality}
        disabled={busy}
        onChange={(e) => void choose(e.target.value as Quality)}
      >
        {QUALITIES.map((q) => (
          <option key={q} value={q}>
            {QualityText[q]}
          </option>
        ))}
      </select>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
