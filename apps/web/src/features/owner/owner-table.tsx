import type { ReactNode } from 'react';

/**
 * The table of a list from a small tablet up (a phone gets `OwnerCards` instead). It scrolls
 * sideways when still too narrow; the scrolling box takes focus so a keyboard can scroll it too,
 * and is positioned so that visually hidden cells stay inside it.
 */
export interface OwnerColumn {
  /** the heading; a column without a visible heading still names itself to screen readers */
  label: string;
  hidden?: boolean;
  alignEnd?: boolean;
}

const headCellClass =
  'whitespace-nowrap border-b border-cream-200 bg-cream-100 px-4 py-3 text-xs font-semibold uppercase tracking-wider text-muted';
export const cellClass = 'border-b border-cream-200 px-4 py-3 align-middle';

export function OwnerTable({
  label,
  columns,
  empty,
  leadingHead = null,
  children,
}: {
  label: string;
  columns: OwnerColumn[];
  /** the row shown when there are no rows: what the list would hold */
  empty: ReactNode | null;
  /**
   * a narrow first column's heading that is a control, not words (the box that ticks every row);
   * each row then starts with its own cell for it
   */
  leadingHead?: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll by keyboard
      tabIndex={0}
      className="card relative hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-saffron-500 sm:block"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {leadingHead !== null && (
              <th scope="col" className={`${headCellClass} w-px pr-0`}>
                {leadingHead}
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`${headCellClass} ${column.alignEnd ? 'text-right' : ''}`}
              >
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null && (
            <tr>
              <td
                colSpan={columns.length + (leadingHead === null ? 0 : 1)}
                className="px-4 py-10 text-center text-muted"
              >
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </section>
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
