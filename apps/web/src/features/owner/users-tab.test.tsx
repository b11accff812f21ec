import type { Customer, CustomerDetails } from '@makhana/domain/contracts/owner';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paidOrder, spyToasts } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { CUSTOMER_NOT_FOUND_TEXT, DELETE_CUSTOMER_WARNING } from './customer-page';
import { deferred, json, type OwnerCall, page, refuse, stubOwnerApi } from './owner-test-api';
import { SEARCH_DELAY_MS } from './use-owner-list';
import { UsersTab } from './users-tab';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function aCustomer(n: number, overrides: Partial<Customer> = {}): Customer {
  return {
    _id: `c${n}`,
    firstName: `Customer`,
    lastName: `${n}`,
    gender: null,
    email: `customer${n}@example.com`,
    phoneNumber: `98765432${String(n).padStart(2, '0')}`,
    address: [],
    orders: 0,
    totalSpent: 0,
    createdAt: '2026-05-10T06:30:00.000Z',
    ...overrides,
  };
}

const asha = aCustomer(1, {
  firstName: 'Asha',
  lastName: 'Kumari',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  orders: 3,
  totalSpent: 1347,
  createdAt: '2026-05-10T06:30:00.000Z',
});
const ravi = aCustomer(2, {
  firstName: 'Ravi',
  lastName: 'Jha',
  email: 'ravi@example.com',
  orders: 1,
  totalSpent: 449,
});

function renderTab(entry = '/?tab=users') {
  const view = renderRoutes([{ path: '/', Component: UsersTab }], { initialEntries: [entry] });
  return { ...view, user: userEvent.setup(), address: () => view.router.state.location.search };
}

const table = () => screen.getByRole('table', { name: 'Customers' });
const rowNames = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);
const rowOf = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.querySelector('th[scope="row"]')?.textContent === name) as HTMLElement;

describe('UsersTab', () => {
  it('shows a page of customers with their orders, total spent and joined date', async () => {
    const api = stubOwnerApi({
      'GET /users/getUserDetails': () => page([asha, ravi], { page: 1, limit: 50, total: 2 }),
    });
    renderTab();

    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));
    expect(
      within(rowOf('Asha Kumari'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['asha@example.com', '9876543210', '3', '₹1,347', '10 May 2026', 'Delete']);
    expect(screen.getByText('Showing 1–2 of 2 customers')).toBeTruthy();
    // The phone's cards carry the same.
    const card = within(screen.getByRole('list', { name: 'Customers' }))
      .getAllByTestId('user-card')
      .at(0) as HTMLElement;
    expect(card.textContent).toContain('3 orders · Joined 10 May 2026');
    expect(card.textContent).toContain('₹1,347');

    const [call] = api.callsTo('GET /users/getUserDetails');
    expect(call?.realm).toBe('owner');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ page: '1', limit: '50' });
  });

  it('asks the server for the words typed and the page in the address', async () => {
    const api = stubOwnerApi({
      'GET /users/getUserDetails': ({ query }: OwnerCall) =>
        query.get('q') === 'asha'
          ? page([asha], { page: 1, limit: 50, total: 1 })
          : page([asha, ravi], { page: Number(query.get('page')), limit: 50, total: 52 }),
    });
    const { user, address } = renderTab('/?tab=users&page=2');
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));
    expect(api.callsTo('GET /users/getUserDetails')[0]?.query.get('page')).toBe('2');
    expect(screen.getByText('Showing 51–52 of 52 customers')).toBeTruthy();

    await user.type(screen.getByLabelText('Search by name, e-mail or phone'), 'asha');
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari']), {
      timeout: SEARCH_DELAY_MS * 5,
    });
    const last = api.callsTo('GET /users/getUserDetails').at(-1);
    expect(last?.query.get('q')).toBe('asha');
    expect(last?.query.get('page')).toBe('1');
    expect(address()).toBe('?tab=users&q=asha');
  });

  it('deletes a customer after a confirmation naming them: the row leaves and the total drops', async () => {
    let erased = false;
    const reloaded = deferred<Response>();
    const api = stubOwnerApi({
      'GET /users/getUserDetails': () =>
        erased ? reloaded.promise : page([asha, ravi], { page: 1, limit: 50, total: 2 }),
      'POST /users/deleteUser/c1': () => {
        erased = true;
        return json({ _id: 'c1' }, { message: 'Customer deleted' });
      },
    });
    const { user } = renderTab();
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));

    await user.click(
      within(rowOf('Asha Kumari')).getByRole('button', { name: 'Delete Asha Kumari' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Asha Kumari?' });
    expect(dialog.textContent).toContain(DELETE_CUSTOMER_WARNING);
    expect(api.callsTo('POST /users/deleteUser/c1')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete customer' }));
    // Gone at once, before the page comes back from the server.
    await waitFor(() => expect(rowNames()).toEqual(['Ravi Jha']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts.success).toHaveBeenCalledWith('Customer deleted');
    const [call] = api.callsTo('POST /users/deleteUser/c1');
    expect(call?.realm).toBe('owner');

    // The page asked again holds the server's count.
    await act(async () => reloaded.resolve(page([ravi], { page: 1, limit: 50, total: 1 })));
    await waitFor(() => expect(api.callsTo('GET /users/getUserDetails')).toHaveLength(2));
    expect(rowNames()).toEqual(['Ravi Jha']);
    expect(screen.getByText('Showing 1–1 of 1 customers')).toBeTruthy();
  });

  it('counts the customer out even when the page cannot be asked again', async () => {
    let erased = false;
    stubOwnerApi({
      'GET /users/getUserDetails': () =>
        erased
          ? refuse(503, 'Service unavailable')
          : page([asha, ravi], { page: 1, limit: 50, total: 2 }),
      'POST /users/deleteUser/c1': () => {
        erased = true;
        return json({ _id: 'c1' }, { message: 'Customer deleted' });
      },
    });
    const { user } = renderTab();
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));
    await user.click(
      within(rowOf('Asha Kumari')).getByRole('button', { name: 'Delete Asha Kumari' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete customer' }));

    await screen.findByRole('alert');
    expect(rowNames()).toEqual(['Ravi Jha']);
    expect(screen.getByText('Showing 1–1 of 1 customers')).toBeTruthy();
  });

  it('deletes nothing when the owner cancels', async () => {
    const api = stubOwnerApi({
      'GET /users/getUserDetails': () => page([asha, ravi], { page: 1, limit: 50, total: 2 }),
      'POST /users/deleteUser/c2': () => json({ _id: 'c2' }, { message: 'Customer deleted' }),
    });
    const { user } = renderTab();
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));

    await user.click(within(rowOf('Ravi Jha')).getByRole('button', { name: 'Delete Ravi Jha' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Ravi Jha?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /users/deleteUser/c2')).toHaveLength(0);
    expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('toasts a refusal and changes nothing', async () => {
    const api = stubOwnerApi({
      'GET /users/getUserDetails': () => page([asha, ravi], { page: 1, limit: 50, total: 2 }),
      'POST /users/deleteUser/c1': () => refuse(404, 'Customer not found'),
    });
    const { user } = renderTab();
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));

    await user.click(
      within(rowOf('Asha Kumari')).getByRole('button', { name: 'Delete Asha Kumari' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete customer' }));

    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Customer not found', {
        toastId: 'Customer not found',
      }),
    );
    expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']);
    expect(screen.getByText('Showing 1–2 of 2 customers')).toBeTruthy();
    expect(api.callsTo('GET /users/getUserDetails')).toHaveLength(1);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('goes back a page when the last customer of a later page is deleted', async () => {
    let erased = false;
    const api = stubOwnerApi({
      'GET /users/getUserDetails': ({ query }: OwnerCall) =>
        query.get('page') === '2'
          ? page(erased ? [] : [ravi], { page: 2, limit: 50, total: erased ? 50 : 51 })
          : page([asha], { page: 1, limit: 50, total: 50 }),
      'POST /users/deleteUser/c2': () => {
        erased = true;
        return json({ _id: 'c2' }, { message: 'Customer deleted' });
      },
    });
    const { user, address } = renderTab('/?tab=users&page=2');
    await waitFor(() => expect(rowNames()).toEqual(['Ravi Jha']));

    await user.click(screen.getAllByRole('button', { name: 'Delete Ravi Jha' })[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Delete customer' }));

    await waitFor(() => expect(address()).toBe('?tab=users'));
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari']));
    expect(api.callsTo('GET /users/getUserDetails').at(-1)?.query.get('page')).toBe('1');
  });
});

const ashaDetails: CustomerDetails = {
  customer: { ...asha, address: ['a1'] },
  addresses: [
    {
      _id: 'a1',
      name: 'Asha Kumari',
      street: '12 Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
      country: 'India',
      pincode: '846004',
      phoneNumber: '9876543210',
      alternateNumber: '',
      landmark: 'Near the temple',
      email: '',
      locality: 'Laheriasarai',
      label: 'Home',
    },
  ],
  orders: [{ ...paidOrder, _id: 'o1', orderNumber: 'MM-250512-0001', totalAmount: 898 }],
  reviews: [
    {
      _id: 'r1',
      product: 'p1',
      productName: 'Peri Peri Makhana',
      user: 'c1',
      userName: 'Asha Kumari',
      rating: 4,
      comment: 'Crunchy and light',
      verifiedBuyer: true,
      createdAt: '2026-05-12T06:30:00.000Z',
      updatedAt: '2026-05-12T06:30:00.000Z',
    },
  ],
  messages: [
    {
      _id: 'm1',
      kind: 'complaint',
      fromName: 'Asha Kumari',
      replyTo: 'asha@example.com',
      phone: null,
      message: 'The pouch arrived torn.',
      issueType: 'Damaged Product',
      orderReference: 'MM-250512-0001',
      order: { _id: 'o1', orderNumber: 'MM-250512-0001' },
      invoiceUrl: null,
      resolved: false,
      resolvedAt: null,
      ticketNumber: 'MM-T-000001',
      status: 'Open',
      awaitingReplySince: '2026-05-13T06:30:00.000Z',
      replyOverdue: true,
      resolutionOverdue: true,
      createdAt: '2026-05-13T06:30:00.000Z',
    },
  ],
};

describe("UsersTab: a customer's page", () => {
  it('opens from the name with contact, addresses, orders, reviews and tickets; Back returns to the list', async () => {
    const api = stubOwnerApi({
      'GET /users/getUserDetails': () => page([asha, ravi], { page: 2, limit: 50, total: 52 }),
      'GET /users/customerDetails/c1': () => json(ashaDetails),
    });
    const { user, address, router } = renderTab('/?tab=users&page=2');
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));

    await user.click(within(rowOf('Asha Kumari')).getByRole('link', { name: 'Asha Kumari' }));
    expect(address()).toBe('?tab=users&page=2&customer=c1');
    const title = await screen.findByRole('heading', { level: 2, name: 'Asha Kumari' });
    expect(title).toBeTruthy();
    expect(api.callsTo('GET /users/customerDetails/c1')[0]?.realm).toBe('owner');

    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(
      within(contact).getByRole('link', { name: 'asha@example.com' }).getAttribute('href'),
    ).toBe('mailto:asha@example.com');
    expect(contact.textContent).toContain('9876543210');
    expect(contact.textContent).toContain('₹1,347');
    expect(screen.getByTestId('customer-address').textContent).toContain('12 Station Road');
    const order = screen.getByTestId('customer-order');
    expect(order.textContent).toContain('#MM-250512-0001');
    expect(order.textContent).toContain('₹898');
    expect(order.textContent).toContain(paidOrder.status);
    expect(screen.getByTestId('customer-review').textContent).toContain('Peri Peri Makhana');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByTestId('customer-message').textContent).toContain('The pouch arrived torn.');

    await user.click(screen.getByRole('button', { name: 'View order MM-250512-0001' }));
    expect(await screen.findByRole('dialog', { name: /MM-250512-0001/ })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('link', { name: /All customers/ }));
    expect(address()).toBe('?tab=users&page=2');
    await waitFor(() => expect(rowNames()).toEqual(['Asha Kumari', 'Ravi Jha']));
    // The browser's Back opens the page again.
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha Kumari' })).toBeTruthy();
  });

  it('deletes the customer from their page after the confirmation, then shows the list', async () => {
    let erased = false;
    const api = stubOwnerApi({
      'GET /users/getUserDetails': () =>
        page(erased ? [ravi] : [asha, ravi], { page: 1, limit: 50, total: erased ? 1 : 2 }),
      'GET /users/customerDetails/c1': () =>
        erased ? refuse(404, 'Customer not found') : json(ashaDetails),
      'POST /users/deleteUser/c1': () => {
        erased = true;
        return json({ _id: 'c1' }, { message: 'Customer deleted' });
      },
    });
    const { user, address } = renderTab('/?tab=users&customer=c1');
    await screen.findByRole('heading', { level: 2, name: 'Asha Kumari' });

    await user.click(screen.getByRole('button', { name: 'Delete Asha Kumari' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Asha Kumari?' });
    expect(dialog.textContent).toContain(DELETE_CUSTOMER_WARNING);
    await user.click(within(dialog).getByRole('button', { name: 'Delete customer' }));

    await waitFor(() => expect(address()).toBe('?tab=users'));
    expect(toasts.success).toHaveBeenCalledWith('Customer deleted');
    await waitFor(() => expect(rowNames()).toEqual(['Ravi Jha']));
    expect(api.callsTo('POST /users/deleteUser/c1')).toHaveLength(1);
  });

  it('says so when the address names no customer', async () => {
    stubOwnerApi({
      'GET /users/customerDetails/gone': () => refuse(404, 'Customer not found'),
    });
    renderTab('/?tab=users&customer=gone');
    expect((await screen.findByRole('alert')).textContent).toBe(CUSTOMER_NOT_FOUND_TEXT);
    expect(screen.getByRole('link', { name: /All customers/ }).getAttribute('href')).toBe(
      '/?tab=users',
    );
  });
});
