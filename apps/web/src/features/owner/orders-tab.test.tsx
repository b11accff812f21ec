import type { Order } from '@makhana/domain/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { deliveredOrder, paidOrder, spyToasts } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { EXPORT_MAX_DAYS, thisMonthInIndia } from './order-export';
import { OrdersTab } from './orders-tab';
import { json, page, refuse, stubOwnerApi } from './owner-test-api';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const refunded: Order = {
  ...paidOrder,
  _id: 'order-refunded',
  orderNumber: 'MM-250512-0009',
  status: 'Cancelled',
  paymentStatus: 'refunded',
  history: [
    {
      event: 'refunded',
      by: 'owner',
      from: 'Confirmed',
      to: 'Cancelled',
      at: '2025-05-12T12:00:00.000Z',
      trackingNumber: null,
      trackingUrl: null,
      note: 'Out of stock after a damaged batch',
    },
  ],
};
const erased: Order = {
  ...deliveredOrder,
  _id: 'order-erased',
  user: null,
  shippingAddress: {
    ...deliveredOrder.shippingAddress,
    firstName: 'Deleted customer',
    lastName: '',
    email: '',
    phone: '',
    address: '',
  },
};
const orders = [refunded, erased];

function renderTab(entry = '/?tab=orders') {
  const store = createStore();
  signInOwner(store);
  const view = renderRoutes([{ path: '/', Component: OrdersTab }], {
    initialEntries: [entry],
    store,
  });
  return { ...view, user: userEvent.setup() };
}

const firstPage = () => page(orders, { page: 1, limit: 50, total: 120 });
const listCalls = (api: ReturnType<typeof stubOwnerApi>) => api.callsTo('GET /orders/orderDetails');

describe('OrdersTab', () => {
  it("shows the server's page with the address's name, or 'Deleted customer' for an erased one", async () => {
    const api = stubOwnerApi({ 'GET /orders/orderDetails': firstPage });
    renderTab();
    const rows = await screen.findAllByTestId('owner-order-row');
    expect(rows[0]!.textContent).toContain('Asha Jha');
    expect(rows[1]!.textContent).toContain('Deleted customer');
    expect(within(rows[1]!).getByTestId('order-status').dataset.tone).toBe('green');
    expect(within(rows[0]!).getByTestId('order-status').dataset.tone).toBe('yellow');
    expect(within(rows[0]!).getByTestId('payment-status').dataset.tone).toBe('grey');
    expect(screen.getByText('Showing 1–2 of 120 orders')).toBeTruthy();
    expect(listCalls(api)[0]!.realm).toBe('owner');
    // The tab opens on paid orders: a failed or abandoned payment is an attempt, not an order.
    expect(Object.fromEntries(listCalls(api)[0]!.query)).toEqual({
      page: '1',
      limit: '50',
      paid: 'true',
    });
  });

  it('sends the search and each filter to the server and keeps them in the address', async () => {
    const api = stubOwnerApi({ 'GET /orders/orderDetails': firstPage });
    const { user, router } = renderTab();
    await screen.findAllByTestId('owner-order-row');

    await user.type(
      screen.getByLabelText('Search by order number, name, e-mail or phone'),
      '9876543210',
    );
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    expect(listCalls(api)[1]!.query.get('q')).toBe('9876543210');

    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() => expect(listCalls(api)).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Payment'), 'completed');
    await waitFor(() => expect(listCalls(api)).toHaveLength(4));
    await user.click(screen.getByLabelText('Needs refund'));
    await waitFor(() => expect(listCalls(api)).toHaveLength(5));
    expect(Object.fromEntries(listCalls(api)[4]!.query)).toEqual({
      page: '1',
      limit: '50',
      q: '9876543210',
      status: 'Shipped',
      paymentStatus: 'completed',
      needsRefund: 'true',
      paid: 'true',
    });
    expect(router.state.location.search).toBe(
      '?tab=orders&q=9876543210&status=Shipped&paymentStatus=completed&needsRefund=true',
    );
  });

  it('shows the unpaid orders or every order when asked, and paid ones again', async () => {
    const api = stubOwnerApi({ 'GET /orders/orderDetails': firstPage });
    const { user, router } = renderTab();
    await screen.findAllByTestId('owner-order-row');
    const shown = screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement;
    expect(shown.value).toBe('true');

    await user.selectOptions(shown, 'Unpaid');
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    expect(listCalls(api)[1]!.query.get('paid')).toBe('false');
    expect(router.state.location.search).toBe('?tab=orders&paid=false');

    await user.selectOptions(shown, 'All orders');
    await waitFor(() => expect(listCalls(api)).toHaveLength(3));
    expect(listCalls(api)[2]!.query.get('paid')).toBe('any');

    await user.selectOptions(shown, 'Paid orders');
    await waitFor(() => expect(listCalls(api).at(-1)!.query.get('paid')).toBe('true'));
    expect(router.state.location.search).toBe('?tab=orders');
  });

  it('opens the pop-up with the lines, the payment id and the history with its note', async () => {
    stubOwnerApi({ 'GET /orders/orderDetails': firstPage });
    const { user } = renderTab();
    const [row] = await screen.findAllByTestId('owner-order-row');
    await user.click(within(row!).getByRole('button', { name: 'View order MM-250512-0009' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #MM-250512-0009' });
    expect(dialog.textContent).toContain('pay_SIM7788');
    expect(within(dialog).getAllByTestId('owner-order-line').length).toBeGreaterThan(0);
    const moves = within(dialog).getAllByTestId('order-history-move');
    expect(moves).toHaveLength(1);
    expect(moves[0]!.textContent).toContain('Refunded in full by you');
    expect(moves[0]!.textContent).toContain('Confirmed → Cancelled');
    expect(moves[0]!.textContent).toContain('12 May 2025, 5:30 pm');
    expect(moves[0]!.textContent).toContain('Note: Out of stock after a damaged batch');

    await user.keyboard('{Escape}');
    await user.click(
      within(screen.getAllByTestId('owner-order-row')[1]!).getByRole('button', {
        name: 'View order MM-2025-0001',
      }),
    );
    expect(screen.getByRole('dialog').textContent).toContain('No status changes yet.');
  });

  it("opens the order the address names, as the owner's new-order mail links it", async () => {
    const api = stubOwnerApi({
      'GET /orders/orderDetails': firstPage,
      'GET /orders/order-id-details/order-refunded': () => json(refunded),
    });
    const { user, router } = renderTab('/?tab=orders&order=order-refunded');
    const dialog = await screen.findByRole('dialog', { name: 'Order #MM-250512-0009' });
    expect(dialog.textContent).toContain('pay_SIM7788');
    expect(api.calls.some((call) => call.path === '/orders/order-id-details/order-refunded')).toBe(
      true,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?tab=orders');
  });

  it('names an order the address names that the server cannot find', async () => {
    stubOwnerApi({
      'GET /orders/orderDetails': firstPage,
      'GET /orders/order-id-details/gone': () => refuse(404, 'Order not found'),
    });
    const { router } = renderTab('/?tab=orders&order=gone');
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Order not found', expect.anything()),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?tab=orders');
  });
});

describe('Export CSV', () => {
  async function openExport(user: ReturnType<typeof userEvent.setup>) {
    await screen.findAllByTestId('owner-order-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    return within(screen.getByRole('form', { name: 'Export orders as CSV' }));
  }

  it("starts at this month in India's time", () => {
    // 23:00 UTC on 31 October is already 1 November in India.
    expect(thisMonthInIndia(new Date('2026-10-31T23:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(thisMonthInIndia(new Date('2026-11-22T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
    });
  });

  it('refuses a range that ends before it starts or is longer than a year, calling nothing', async () => {
    const api = stubOwnerApi({ 'GET /orders/orderDetails': firstPage });
    const { user } = renderTab();
    const form = await openExport(user);
    const from = form.getByLabelText('First day');
    const to = form.getByLabelText('Last day');

    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-09');
    await user.click(form.getByRole('button', { name: 'Download CSV' }));
    expect(await form.findByText('The last day must not be before the first day')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    // 2025-03-08 to 2026-03-09 is 367 days, both ends counted.
    await user.clear(from);
    await user.type(from, '2025-03-08');
    await user.click(form.getByRole('button', { name: 'Download CSV' }));
    expect(await form.findByText(`Export at most ${EXPORT_MAX_DAYS} days at a time`)).toBeTruthy();
    expect(api.callsTo('GET /orders/export')).toHaveLength(0);
  });

  it("downloads the server's file with the owner's session under its own name", async () => {
    const csv = 'orderNumber,total\nMM-250512-0009,549\n';
    const api = stubOwnerApi({
      'GET /orders/orderDetails': firstPage,
      'GET /orders/export': () =>
        new Response(csv, {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="orders-2026-01-01-to-2026-12-31.csv"',
          },
        }),
    });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export-1';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });

    const { user } = renderTab();
    const form = await openExport(user);
    await user.clear(form.getByLabelText('First day'));
    await user.type(form.getByLabelText('First day'), '2026-01-01');
    // The whole of a leap year's worth is allowed: 366 days.
    await user.clear(form.getByLabelText('Last day'));
    await user.type(form.getByLabelText('Last day'), '2027-01-01');
    await user.click(form.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [call] = api.callsTo('GET /orders/export');
    expect(Object.fromEntries(call!.query)).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(call!.realm).toBe('owner');
    expect(clicked[0]).toEqual({
      href: 'blob:export-1',
      download: 'orders-2026-01-01-to-2026-12-31.csv',
    });
    expect(await created[0]!.text()).toBe(csv);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:export-1'));
    expect(toasts.success).toHaveBeenCalledWith('The orders were exported');
    expect(screen.queryByRole('form', { name: 'Export orders as CSV' })).toBeNull();
  });

  it("names the server's refusal and stays open", async () => {
    stubOwnerApi({
      'GET /orders/orderDetails': firstPage,
      'GET /orders/export': () => refuse(400, 'to must not be before from'),
    });
    const { user } = renderTab();
    const form = await openExport(user);
    await user.click(form.getByRole('button', { name: 'Download CSV' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The export failed: to must not be before from',
    );
    expect(toasts.success).not.toHaveBeenCalled();
  });
});
