/** Short messages where something happened (a time-out, a failed follow). */
import { useSnapshot } from 'valtio';
import { dismissToast, uiState } from '../../state/ui';
import { ToastList } from './ToastList';

export function Toasts() {
  const { toasts } = useSnapshot(uiState);
  return (
    <ToastList
      className="toasts"
      toasts={toasts.map((t) => ({
        key: t.id,
        text: t.text,
        tone: t.tone,
        onDismiss: () => dismissToast(t.id),
      }))}
    />
  );
}
