import { type ReactNode, useEffect, useRef } from 'react';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  /** what the answer does, read out with the question */
  description: ReactNode;
  confirmLabel: string;
  /** the confirm button's words while the change is on its way */
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes-or-no question before something that cannot be undone. The way out takes the focus first;
 * while the change is on its way, neither button nor Escape can start another.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel = confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef(() => {});
  cancel.current = () => {
    if (!busy) onCancel();
  };
  // Over another dialog (a picture's removal over the product form), Escape closes this one only:
  // caught before it reaches the document, where every open dialog listens.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      cancel.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return (
    <Dialog title={title} description={description} onClose={() => cancel.current()} size="sm">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className="btn-outline"
          onClick={() => cancel.current()}
          disabled={busy}
          data-autofocus
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className="btn bg-maroon-700 text-cream-50 hover:bg-maroon-600"
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
