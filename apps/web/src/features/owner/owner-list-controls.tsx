import type { ReactNode } from 'react';
import { useId } from 'react';
import type { OwnerList } from './use-owner-list';

/** A select of fixed choices; the first option is usually "All" with the value ''. */
export interface OwnerListFilter<Filter extends string> {
  name: Filter;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A box to tick that sets the filter to `value` (e.g. needsRefund=true), or clears it. */
export interface OwnerListToggle<Filter extends string> {
  name: Filter;
  label: string;
  value: string;
}

interface OwnerListControlsProps<Item, Filter extends string> {
  list: OwnerList<Item, Filter>;
  /** the search box's label and its hint of what it searches */
  searchLabel: string;
  searchPlaceholder?: string;
  filters?: readonly OwnerListFilter<Filter>[];
  toggles?: readonly OwnerListToggle<Filter>[];
  /** what the list holds, in the plural, for "Showing 1–50 of 120 orders" */
  noun: string;
  /** shown when the list is empty before any search or filter ("No orders yet.") */
  empty: string;
  /** shown when a search or filter left nothing */
  noMatch?: string;
  /** the rows: a table and its cards, shown while there are items */
  children: ReactNode;
}

const count = (n: number) => n.toLocaleString('en-IN');

/** "Showing 51–100 of 1,234 orders", or null before the first answer or on an empty list. */
export function rangeText(
  meta: { page: number; limit: number; total: number } | null,
  shown: number,
  noun: string,
): string | null {
  if (!meta || shown === 0) return null;
  const first = (meta.page - 1) * meta.limit + 1;
  const last = first + shown - 1;
  return `Showing ${count(first)}–${count(last)} of ${count(meta.total)} ${noun}`;
}

/**
 * The frame of an owner list from `useOwnerList`: search, filters, where the page sits, the rows
 * (children), an error with Retry, the empty text, and Previous / Next.
 */
export function OwnerListControls<Item, Filter extends string>({
  list,
  searchLabel,
  searchPlaceholder,
  filters = [],
  toggles = [],
  noun,
  empty,
  noMatch = `No ${noun} match your search.`,
  children,
}: OwnerListControlsProps<Item, Filter>) {
  const id = useId();
  const { meta, items, loading, error } = list;
  const range = rangeText(meta, items.length, noun);
  const lastPage = meta ? Math.max(1, Math.ceil(meta.total / meta.limit)) : 1;
  const nothing = !loading && !error && items.length === 0;

  return (
    <div className="space-y-4">
      {/* The search takes its own line on a phone, the selects share the next; one row on a wide screen. */}
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 lg:w-auto lg:min-w-[16rem] lg:flex-1">
          <label htmlFor={`${id}-search`} className="label">
            {searchLabel}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input h-11 text-base sm:text-sm"
            placeholder={searchPlaceholder}
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            maxLength={100}
          />
        </div>
        {filters.map((filter) => (
          <div key={filter.name} className="min-w-[8rem] flex-1 sm:flex-none">
            <label htmlFor={`${id}-${filter.name}`} className="label">
              {filter.label}
            </label>
            <select
              id={`${id}-${filter.name}`}
              className="input h-11 w-full text-base sm:w-auto sm:text-sm"
              value={list.filters[filter.name]}
              onChange={(event) => list.setFilter(filter.name, event.target.value)}
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {toggles.map((toggle) => (
          <label
            key={toggle.name}
            className="flex h-11 basis-full items-center gap-2 text-sm font-medium text-ink sm:basis-auto"
          >
            <input
              type="checkbox"
              className="h-4 w-4 accent-forest-700"
              checked={list.filters[toggle.name] === toggle.value}
              onChange={(event) =>
                list.setFilter(toggle.name, event.target.checked ? toggle.value : '')
              }
            />
            {toggle.label}
          </label>
        ))}
      </div>

      <p className="min-h-5 text-sm text-muted" role="status" aria-live="polite">
        {loading ? `Loading ${noun}…` : range}
      </p>

      {error && (
        <div
          role="alert"
          className="card flex flex-wrap items-center justify-between gap-3 border-maroon-600/30 p-4 text-maroon-700"
        >
          <p>
            The {noun} could not be loaded: {error}
          </p>
          <button type="button" className="btn-outline px-4 py-1.5" onClick={list.reload}>
            Retry
          </button>
        </div>
      )}

      {nothing ? (
        <p className="card px-4 py-10 text-center text-muted">{list.narrowed ? noMatch : empty}</p>
      ) : (
        // The rows stay at full strength while the next page loads (the status line says so):
        // dimmed text fails the contrast every page is held to.
        <div aria-busy={loading} className={loading ? 'cursor-progress' : undefined}>
          {children}
        </div>
      )}

      {meta && (lastPage > 1 || list.page > 1) && (
        <nav
          aria-label={`Pages of ${noun}`}
          className="flex items-center justify-between gap-3 text-sm"
        >
          <button
            type="button"
            className="btn-outline px-4 py-1.5"
            aria-label={`Previous page of ${noun}`}
            disabled={list.page <= 1 || loading}
            onClick={() => list.setPage(list.page - 1)}
          >
            Previous
          </button>
          <span className="text-muted">
            Page {count(list.page)} of {count(lastPage)}
          </span>
          <button
            type="button"
            className="btn-outline px-4 py-1.5"
            aria-label={`Next page of ${noun}`}
            disabled={list.page >= lastPage || loading}
            onClick={() => list.setPage(list.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
