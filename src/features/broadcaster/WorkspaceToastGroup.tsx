/** One group of her workspace's toasts (requests, shows, call requests) on its toast column. */
import { createPortal } from 'react-dom';
import { type ToastEntry, ToastList } from '../../app/layout/ToastList';
import { workspaceToastHost } from './toast-host';

export function WorkspaceToastGroup({ toasts, testId }: { toasts: readonly ToastEntry[]; testId: string }) {
  if (toasts.length === 0) return null;
  return createPortal(
    <ToastList className="toast-group" testId={testId} toasts={toasts} />,
    workspaceToastHost(),
  );
}
