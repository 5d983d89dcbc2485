/**
 * The one markup of a column of toasts: each a message, its own buttons or links if any, and a
 * Dismiss. The shell's toasts and her workspace's (requests, shows, call requests) share it.
 */
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface ToastEntry {
  key: string | number;
  text: ReactNode;
  tone?: 'info' | 'error';
  /** Buttons or links between the message and Dismiss. */
  actions?: ReactNode;
  onDismiss: () => void;
}

export function ToastList({
  toasts,
  className,
  testId,
}: {
  toasts: readonly ToastEntry[];
  className: string;
  testId?: string;
}) {
  return (
    <div className={className} data-testid={testId}>
      {toasts.map(({ key, text, tone = 'info', actions, onDismiss }) => (
        <div key={key} className={`toast toast-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
          <span>{text}</span>
          {actions}
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
