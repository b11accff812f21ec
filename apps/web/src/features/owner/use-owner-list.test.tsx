import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { OwnerListControls, rangeText } from './owner-list-controls';
import { deferred, page, refuse, stubOwnerApi } from './owner-test-api';
import { SEARCH_DELAY_MS, useOwnerList } from './use-owner-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Thing {
  _id: string;
  name: string;
}

const things = (from: number, count: number): Thing[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `t${from + i}`, name: `Thing ${from + i}` }));

function Things() {
  const list = useOwnerList<Thing, 'status' | 'urgent'>({
    path: '/things',
    tag: 'Order',
    filters: ['status', 'urgent'],
    limit: 2,
  });
  return (
    <OwnerListControls
      list={list}
      searchLabel="Search things"
      noun="things"
      empty="No things yet."
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            { value: '', label: 'All' },
            { value: 'open', label: 'Open' },
          ],
        },
      ]}
      toggles={[{ name: 'urgent', label: 'Urgent only', value: 'true' }]}
    >
      <ul aria-label="Things">
        {list.items.map((thing) => (
          <li key={thing._id}>
            {thing.name}
            <button
              type="button"
              onClick={() => list.replaceItem({ ...thing, name: `${thing.name} (renamed)` })}
            >
              Rename {thing._id}
            </button>
          </li>
        ))}
      </ul>
    </OwnerListControls>
  );
}

function renderThings(entry = '/?tab=things') {
  const router = createMemoryRouter([{ path: '/', Component: Things }], {
    initialEntries: [entry],
  });
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const address = () => router.state.location.search;
  return { router, address, user: userEvent.setup() };
}

const shown = () => screen.queryAllByRole('listitem').map((item) => item.firstChild?.textContent);

describe('useOwnerList with OwnerListControls', () => {
  it('asks the server for the page in the address and moves with Previous and Next', async () => {
    const api = stubOwnerApi({
      'GET /things': ({ query }) => {
        const at = Number(query.get('page'));
        return page(things((at - 1) * 2 + 1, at < 3 ? 2 : 1), { page: at, limit: 2, total: 5 });
      },
    });
    const { address, router, user } = renderThings('/?tab=things&page=2');
    await waitFor(() => expect(shown()).toEqual(['Thing 3', 'Thing 4']));
    expect(screen.getByRole('status').textContent).toBe('Showing 3–4 of 5 things');
    const first = api.calls[0]!;
    expect(first.realm).toBe('owner');
    expect(Object.fromEntries(first.query)).toEqual({ page: '2', limit: '2' });

    await user.click(screen.getByRole('button', { name: 'Next page of things' }));
    await waitFor(() => expect(shown()).toEqual(['Thing 5']));
    expect(address()).toBe('?tab=things&page=3');
    expect(
      (screen.getByRole('button', { name: 'Next page of things' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // Back is the page before, asked for again.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(shown()).toEqual(['Thing 3', 'Thing 4']));
    await user.click(screen.getByRole('button', { name: 'Previous page of things' }));
    await waitFor(() => expect(shown()).toEqual(['Thing 1', 'Thing 2']));
    // Page 1 is the address without a page.
    expect(address()).toBe('?tab=things');
  });

  it('sends the words once typing stops, from page 1, and keeps them in the address', async () => {
    const api = stubOwnerApi({
      'GET /things': ({ query }) =>
        page(query.get('q') ? things(9, 1) : things(1, 2), {
          page: 1,
          limit: 2,
          total: query.get('q') ? 1 : 7,
        }),
    });
    const { address, user } = renderThings('/?tab=things&page=3');
    await waitFor(() => expect(api.calls).toHaveLength(1));

    await user.type(screen.getByLabelText('Search things'), ' asha k ');
    // Nothing is sent while the keys come.
    expect(api.calls).toHaveLength(1);
    await waitFor(() => expect(api.calls).toHaveLength(2), { timeout: SEARCH_DELAY_MS * 4 });
    expect(Object.fromEntries(api.calls[1]!.query)).toEqual({ page: '1', limit: '2', q: 'asha k' });
    expect(address()).toBe('?tab=things&q=asha+k');
    await waitFor(() => expect(shown()).toEqual(['Thing 9']));

    // The box keeps what was typed; the address holds the words sent.
    expect((screen.getByLabelText('Search things') as HTMLInputElement).value).toBe(' asha k ');
  });

  it('reads the words and filters from the address on opening, and filters from page 1', async () => {
    const api = stubOwnerApi({
      'GET /things': () => page([], { page: 1, limit: 2, total: 0 }),
    });
    const { address, user } = renderThings('/?tab=things&q=ravi&page=2');
    await waitFor(() => expect(screen.getByText('No things match your search.')).toBeTruthy());
    expect((screen.getByLabelText('Search things') as HTMLInputElement).value).toBe('ravi');

    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(Object.fromEntries(api.calls[1]!.query)).toEqual({
      page: '1',
      limit: '2',
      q: 'ravi',
      status: 'open',
    });
    await user.click(screen.getByLabelText('Urgent only'));
    await waitFor(() => expect(api.calls).toHaveLength(3));
    expect(api.calls[2]!.query.get('urgent')).toBe('true');
    expect(address()).toBe('?tab=things&q=ravi&status=open&urgent=true');
    await user.click(screen.getByLabelText('Urgent only'));
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(api.calls[3]!.query.has('urgent')).toBe(false);
  });

  it('shows a tab opened again as it was, not dimmed, while it asks the server again', async () => {
    const again = deferred<Response>();
    let asked = 0;
    stubOwnerApi({
      'GET /things': () => {
        asked += 1;
        return asked === 1 ? page(things(1, 2), { page: 1, limit: 2, total: 2 }) : again.promise;
      },
    });
    const store = createStore();
    const open = () =>
      render(
        <Provider store={store}>
          <RouterProvider
            router={createMemoryRouter([{ path: '/', Component: Things }], {
              initialEntries: ['/?tab=things'],
            })}
          />
        </Provider>,
      );
    const first = open();
    await waitFor(() => expect(shown()).toEqual(['Thing 1', 'Thing 2']));
    first.unmount();

    open();
    expect(shown()).toEqual(['Thing 1', 'Thing 2']);
    await waitFor(() => expect(asked).toBe(2));
    // Dimmed text would fail the contrast the pages are held to; the rows are still the answer.
    expect(
      screen
        .getByRole('list', { name: 'Things' })
        .closest('[aria-busy]')
        ?.getAttribute('aria-busy'),
    ).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Showing 1–2 of 2 things');
    await act(async () => again.resolve(page(things(5, 2), { page: 1, limit: 2, total: 2 })));
    await waitFor(() => expect(shown()).toEqual(['Thing 5', 'Thing 6']));
  });

  it('drops an answer that comes after a newer question was asked', async () => {
    const slow = deferred<Response>();
    stubOwnerApi({
      'GET /things': ({ query }) =>
        query.get('page') === '1'
          ? slow.promise
          : page(things(3, 2), { page: 2, limit: 2, total: 4 }),
    });
    const { router } = renderThings('/?tab=things');
    await act(() => router.navigate('/?tab=things&page=2'));
    await waitFor(() => expect(shown()).toEqual(['Thing 3', 'Thing 4']));

    await act(async () => slow.resolve(page(things(1, 2), { page: 1, limit: 2, total: 4 })));
    expect(shown()).toEqual(['Thing 3', 'Thing 4']);
    expect(screen.getByRole('status').textContent).toBe('Showing 3–4 of 4 things');
  });

  it('names a failure, retries the same page, and swaps in a changed item', async () => {
    let broken = true;
    const api = stubOwnerApi({
      'GET /things': () =>
        broken
          ? refuse(500, 'Internal Server Error')
          : page(things(1, 2), { page: 1, limit: 2, total: 2 }),
    });
    const { user } = renderThings();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The things could not be loaded: Internal Server Error',
    );
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shown()).toEqual(['Thing 1', 'Thing 2']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls.map((call) => call.query.toString())).toEqual([
      'page=1&limit=2',
      'page=1&limit=2',
    ]);
    // One page only: no pager.
    expect(screen.queryByRole('navigation')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rename t2' }));
    expect(shown()).toEqual(['Thing 1', 'Thing 2 (renamed)']);
    expect(api.calls).toHaveLength(2);
  });

  it('says the list is empty when nothing narrows it', async () => {
    stubOwnerApi({ 'GET /things': () => page([], { page: 1, limit: 2, total: 0 }) });
    renderThings();
    expect(await screen.findByText('No things yet.')).toBeTruthy();
  });
});

describe('rangeText', () => {
  it('counts from the page and the items shown, in Indian digit groups', () => {
    expect(rangeText({ page: 2, limit: 50, total: 1234 }, 50, 'orders')).toBe(
      'Showing 51–100 of 1,234 orders',
    );
    expect(rangeText({ page: 25, limit: 50, total: 1234 }, 34, 'orders')).toBe(
      'Showing 1,201–1,234 of 1,234 orders',
    );
    expect(rangeText({ page: 1, limit: 50, total: 0 }, 0, 'orders')).toBeNull();
    expect(rangeText(null, 0, 'orders')).toBeNull();
  });
});
