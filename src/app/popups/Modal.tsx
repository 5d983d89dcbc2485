/** A modal dialog on the native <dialog>: focus is trapped and returned, Escape closes when allowed. */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './popups.css';

export interface ModalProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** Escape and the close button call this; without it the dialog can only be left by its actions. */
  onClose?: () => void;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}

export function Modal({ title, children, actions, onClose, role = 'dialog', testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(event) => {
        // A dialog opened inside this one (a confirmation) handles its own Escape.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      <div id={bodyId} className="modal-body">
        {children}
      </div>
      <div className="modal-actions">{actions}</div>
    </dialog>
  );
}
