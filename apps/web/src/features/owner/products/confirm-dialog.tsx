import { type ReactNode, useEffect, useRef } from 'react';
import { Dialog } from '../../../components/dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes-or-no question before something that cannot be undone; Cancel takes the focus first. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
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
    <Dialog title={title} onClose={onCancel} size="sm">
      <div className="text-sm text-ink">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-outline" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn bg-maroon-700 text-white hover:bg-maroon-600"
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
