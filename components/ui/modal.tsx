'use client';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modalClosed, modalOpened } from './modal-body-class';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Added to `modal`, for a dialog shaped otherwise (the full-screen photo viewer). */
  className?: string;
}

/**
 * Accessible modal on the native <dialog>: focus trap, Esc to close, focus back to what opened it, and the body
 * class while open.
 */
export function Modal({ open, title, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    // The dialog leaves the page when it closes, so the browser cannot give focus back by itself: remember what
    // opened it (the camera button, say) and return there.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    modalOpened();
    return () => {
      modalClosed();
      if (dialog?.open) dialog.close?.();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Fechar
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
