import type { ReactNode } from 'react';

/**
 * The table of a list from a small tablet up (a phone gets `OwnerCards` instead). It scrolls
 * sideways when still too narrow; the scrolling box takes focus so a keyboard can scroll it too,
 * and is positioned so that visually hidden cells stay inside it.
 */
export function OwnerTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll by keyboard
      tabIndex={0}
      className="card relative hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-saffron-500 sm:block"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">{children}</table>
    </section>
  );
}

export const headCellClass =
  'whitespace-nowrap border-b border-cream-200 bg-cream-100 px-4 py-3 text-xs font-semibold uppercase tracking-wider text-muted';
export const cellClass = 'border-b border-cream-200 px-4 py-3 align-middle';

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}

/** The same list as cards, for a phone. */
export function OwnerCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="space-y-3 sm:hidden">
      {children}
    </ul>
  );
}

export function OwnerCard({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <li className="card p-4" data-testid={testId}>
      {children}
    </li>
  );
}
