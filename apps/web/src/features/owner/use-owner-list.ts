import type { PageMeta } from '@makhana/domain/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useAppDispatch } from '../../stores/hooks';
import {
  type OwnerListItem,
  type OwnerListTag,
  type OwnerPageArgs,
  ownerListApi,
  useGetOwnerPageQuery,
} from './api/owner-list';

/**
 * One page of an owner list, asked of the server in the owner's realm.
 *
 *   const list = useOwnerList<Order, 'status'>({ path: '/orders/orderDetails', filters: ['status'] });
 *   <OwnerListControls list={list} search={{ label: 'Search orders' }} … >{rows of list.items}</OwnerListControls>
 *
 * The page, the search words and each named filter live in the address (`?tab=orders&page=2&q=asha
 * &status=Shipped`), so reload and Back show the same page; a filter at its default (`defaults`)
 * is left out of the address. Typing is sent 300 ms after the last key
 * and starts again from page 1; a filter does too. An answer that arrives after a newer question was
 * asked is dropped. The pages sit in the API cache under `tag`: a write that invalidates it has the
 * page asked again. `replaceItem` swaps in the server's copy of one item (after a change) at once,
 * `removeItem` takes out one the server deleted, `reload` asks again for the same page.
 */
export interface OwnerList<Item, Filter extends string = never> {
  items: Item[];
  /** where this page sits; null until the first answer */
  meta: PageMeta | null;
  loading: boolean;
  /** the last failure's message; null while the last answer came */
  error: string | null;
  reload: () => void;
  replaceItem: (item: Item) => void;
  /**
   * One item the server deleted leaves the page and the total at once; the write's invalidation
   * asks for the page again, so the next item moves up into it; the page before is opened when
   * this was its last item.
   */
  removeItem: (id: string) => void;
  page: number;
  setPage: (page: number) => void;
  /** what the search box shows, ahead of the address while the owner is typing */
  search: string;
  setSearch: (text: string) => void;
  /** each filter's value in the address; '' when not set */
  filters: Record<Filter, string>;
  setFilter: (name: Filter, value: string) => void;
  /** words or a filter narrow the list: the empty text says nothing matched, not that there is nothing */
  narrowed: boolean;
}

export interface OwnerListOptions<Filter extends string> {
  /** the list's path, without a query */
  path: string;
  /** what the writes that change this list invalidate */
  tag: OwnerListTag;
  /** the query parameters, besides page and q, that narrow the list */
  filters?: readonly Filter[];
  /** a filter's value while the address names none: the view the tab opens on */
  defaults?: Partial<Record<Filter, string>>;
  limit?: number;
}

export const SEARCH_DELAY_MS = 300;
export const OWNER_PAGE_SIZE = 50;

function pageIn(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

export function useOwnerList<Item extends OwnerListItem, Filter extends string = never>({
  path,
  tag,
  filters = [],
  defaults = {},
  limit = OWNER_PAGE_SIZE,
}: OwnerListOptions<Filter>): OwnerList<Item, Filter> {
  const [address, setAddress] = useSearchParams();
  const page = pageIn(address);
  const q = (address.get('q') ?? '').trim();
  const filterValues = Object.fromEntries(
    filters.map((name) => [name, address.get(name) ?? defaults[name] ?? '']),
  ) as Record<Filter, string>;

  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) query.set('q', q);
  for (const name of filters) if (filterValues[name]) query.set(name, filterValues[name]);
  const queryString = query.toString();

  const args = useMemo<OwnerPageArgs>(
    () => ({ path, query: queryString, tag }),
    [path, queryString, tag],
  );
  // Each opening of a tab, and each Back to a page, asks the server again; the cached page shows
  // meanwhile.
  const answer = useGetOwnerPageQuery(args, { refetchOnMountOrArgChange: true });
  // The list's path decides what its items are.
  const items = (answer.data?.data ?? []) as Item[];
  const meta = answer.data?.meta ?? null;
  const dispatch = useAppDispatch();

  // react-router's functional update reads the address of the render it came from; a search sent
  // 300 ms later must build on the address as it is then, or it would undo a filter chosen meanwhile.
  const latest = useRef({ address, setAddress });
  latest.current = { address, setAddress };
  const update = useCallback((changes: Record<string, string | null>, replace: boolean) => {
    const next = new URLSearchParams(latest.current.address);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    latest.current.setAddress(next, { replace });
  }, []);

  const [typed, setTyped] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Back or a link changed the words: the box follows, unless the owner is typing. A space typed
  // last stays, or the next word would run into the one before.
  useEffect(() => {
    if (timer.current === null) setTyped((current) => (current.trim() === q ? current : q));
  }, [q]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const setSearch = useCallback(
    (text: string) => {
      setTyped(text);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        // Each keystroke is not a page to go back to.
        update({ q: text.trim() || null, page: null }, true);
      }, SEARCH_DELAY_MS);
    },
    [update],
  );

  const setPage = useCallback(
    (next: number) => update({ page: next > 1 ? String(next) : null }, false),
    [update],
  );
  // A filter set back to its default leaves the address, as it was when the tab opened.
  const opening = useRef(defaults);
  opening.current = defaults;
  const setFilter = useCallback(
    (name: Filter, value: string) =>
      update({ [name]: value === opening.current[name] ? null : value, page: null }, false),
    [update],
  );
  const { refetch } = answer;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  const patch = useCallback(
    (recipe: (page: { data: OwnerListItem[]; meta: PageMeta }) => void) =>
      dispatch(ownerListApi.util.updateQueryData('getOwnerPage', args, recipe)),
    [dispatch, args],
  );
  const replaceItem = useCallback(
    (item: Item) =>
      void patch((page) => {
        page.data = page.data.map((candidate) => (candidate._id === item._id ? item : candidate));
      }),
    [patch],
  );

  const removeItem = useCallback(
    (id: string) => {
      const left = items.filter((candidate) => candidate._id !== id);
      if (left.length === items.length) return;
      patch((page) => {
        page.data = page.data.filter((candidate) => candidate._id !== id);
        page.meta.total = Math.max(0, page.meta.total - 1);
      });
      if (left.length === 0 && page > 1) setPage(page - 1);
    },
    [items, page, setPage, patch],
  );

  return {
    items,
    meta,
    // A page asked for anew (another page, search or filter) shows as loading; the same page
    // asked again in the background (a tab opened again) stays as it is until its answer.
    loading: answer.isFetching && answer.currentData === undefined,
    error: answer.isError ? errorMessage(answer.error) : null,
    reload,
    replaceItem,
    removeItem,
    page,
    setPage,
    search: typed,
    setSearch,
    filters: filterValues,
    setFilter,
    narrowed: Boolean(q) || filters.some((name) => filterValues[name] !== (defaults[name] ?? '')),
  };
}
