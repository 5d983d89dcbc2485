/** Short messages where something happened (a time-out, a failed follow). */
import { useSnapshot } from 'valtio';
import { dismissToast, uiState } from '../../state/ui';
import { CloseIcon } from './icons';

export function Toasts() {
  const { toasts } = useSnapshot(uiState);
  return (
    <div className="toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => dismissToast(t.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
