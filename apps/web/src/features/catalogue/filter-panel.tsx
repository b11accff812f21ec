import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { CloseIcon } from '../../components/icons';

interface FilterPanelProps {
  onClose: () => void;
  /** where focus goes back to when the panel closes */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
  footer: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href]';

/** The slide-up filter sheet for small screens: a modal dialog that traps focus and closes on Escape. */
export function FilterPanel({ onClose, returnFocusTo, children, footer }: FilterPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    const returnTarget = returnFocusTo.current;
    return () => {
      document.body.style.overflow = previousOverflow;
      returnTarget?.focus();
    };
  }, [returnFocusTo]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 h-full w-full cursor-default bg-forest-900/50 backdrop-blur-[2px] mm-backdrop"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="filter-panel-title"
        className="absolute inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-3xl bg-cream-50 px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] pt-3 shadow-2xl mm-sheet"
      >
        <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-cream-200" />
        <div className="mb-4 flex items-center justify-between">
          <h2
            id="filter-panel-title"
            className="font-display text-2xl font-semibold text-forest-800"
          >
            Filter products
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close filters"
            className="grid h-10 w-10 place-items-center rounded-full text-forest-800 hover:bg-cream-100"
          >
            <CloseIcon width="22" height="22" strokeWidth={2} />
          </button>
        </div>
        <div className="flex flex-col gap-4">{children}</div>
        <div className="mt-6 flex gap-3">{footer}</div>
      </div>
    </div>
  );
}
