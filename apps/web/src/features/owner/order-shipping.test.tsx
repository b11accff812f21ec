import type { Order, OrderShipment } from '@makhana/domain/orders';
import { indiaToday } from '@makhana/domain/shipping';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { paidOrder, pendingOrder, spyToasts } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { ownerOrdersApi } from './api/orders';
import { OrdersTab } from './orders-tab';
import { deferred, json, page, refuse, stubOwnerApi } from './owner-test-api';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const shipment = (overrides: Partial<OrderShipment>): OrderShipment => ({
  courier: 'Simulated courier',
  waybill: null,
  state: 'booked',
  failure: null,
  undelivered: null,
  trackedAt: null,
  scans: [],
  ...overrides,
});

const toBook: Order = {
  ...paidOrder,
  _id: 'order-a',
  orderNumber: 'MM-250512-0011',
  shipment: null,
};
const unserved: Order = {
  ...paidOrder,
  _id: 'order-b',
  orderNumber: 'MM-250512-0012',
  shipment: null,
};
const outForDelivery: Order = {
  ...paidOrder,
  _id: 'order-c',
  orderNumber: 'MM-250511-0007',
  status: 'Shipped',
  trackingNumber: '17470000000042',
  trackingUrl: 'https://track.example.com/17470000000042',
  shipment: shipment({
    waybill: '17470000000042',
    undelivered: 'Customer not available',
    trackedAt: '2025-05-13T06:00:00.000Z',
    scans: [
      { at: '2025-05-12T04:30:00.000Z', status: 'Shipment booked', location: 'Darbhanga DC' },
      { at: '2025-05-12T08:00:00.000Z', status: 'In transit at Patna Hub', location: 'Patna Hub' },
      {
        at: '2025-05-13T05:45:00.000Z',
        status: 'Delivery attempted: Customer not available',
        location: 'Patna',
      },
    ],
  }),
};
const unpaid: Order = { ...pendingOrder, _id: 'order-d', orderNumber: 'MM-250510-0003' };
const orders = [toBook, unserved, outForDelivery, unpaid];

const booked: Order = {
  ...toBook,
  status: 'Shipped',
  trackingNumber: '17470000000043',
  shipment: shipment({ waybill: '17470000000043' }),
};
const refusal = 'The courier refused this order: Non serviceable pincode';
const refused: Order = {
  ...unserved,
  shipment: shipment({ state: 'refused', failure: 'Non serviceable pincode' }),
};

const simulated = () => json({ provider: 'simulated', name: 'Simulated courier' });
const listed = () => page(orders, { page: 1, limit: 50, total: 4 });

function renderTab() {
  const store = createStore();
  signInOwner(store);
  const view = renderRoutes([{ path: '/', Component: OrdersTab }], {
    initialEntries: ['/?tab=orders'],
    store,
  });
  return { ...view, store, user: userEvent.setup() };
}

/** The table's row of an order (the phone's cards hold the same boxes, hidden by CSS). */
async function rowOf(orderNumber: string) {
  const rows = await screen.findAllByTestId('owner-order-row');
  const row = rows.find((candidate) => candidate.textContent?.includes(orderNumber));
  if (!row) throw new Error(`no row for ${orderNumber}`);
  return row;
}

async function tick(user: ReturnType<typeof userEvent.setup>, orderNumber: string) {
  const row = await rowOf(orderNumber);
  await user.click(within(row).getByRole('checkbox', { name: `Select order ${orderNumber}` }));
}

const courierOf = ownerOrdersApi.endpoints.getOrderCourier.select();
type CourierState = Parameters<typeof courierOf>[0];

const toolbar = () => screen.getByRole('region', { name: 'Selected orders' });

describe('Selecting orders for the courier', () => {
  it('ticks orders one by one or the whole page, and clears them', async () => {
    stubOwnerApi({ 'GET /orders/courier': simulated, 'GET /orders/orderDetails': listed });
    const { user } = renderTab();
    await tick(user, 'MM-250512-0011');
    expect(toolbar().textContent).toContain('1 selected');
    const cards = screen.getAllByTestId('owner-order-card');
    expect(
      (
        within(cards[0]!).getByRole('checkbox', {
          name: 'Select order MM-250512-0011',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);

    const all = screen.getByRole('checkbox', {
      name: 'Select all orders on this page',
    }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(toolbar().textContent).toContain('4 selected');
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);

    await user.click(within(toolbar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull();
    expect(all.checked).toBe(false);

    await user.click(all);
    await user.click(all);
    expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull();
  });

  it('flags a shipped parcel whose delivery failed', async () => {
    stubOwnerApi({ 'GET /orders/courier': simulated, 'GET /orders/orderDetails': listed });
    renderTab();
    expect((await rowOf('MM-250511-0007')).textContent).toContain('Delivery failed');
    expect((await rowOf('MM-250512-0011')).textContent).not.toContain('Delivery failed');
  });

  it('shows no boxes, tools or courier button for a manual shop', async () => {
    stubOwnerApi({
      'GET /orders/courier': () => json({ provider: 'manual', name: null }),
      'GET /orders/orderDetails': listed,
    });
    const { user, store } = renderTab();
    const row = await rowOf('MM-250512-0011');
    await waitFor(() =>
      expect(courierOf(store.getState() as CourierState).data).toEqual({
        provider: 'manual',
        name: null,
      }),
    );
    expect(screen.queryAllByRole('checkbox', { name: /^Select/ })).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'View order MM-250512-0011' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #MM-250512-0011' });
    expect(within(dialog).getByRole('form', { name: 'Ship this order' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Create shipment' })).toBeNull();
  });
});

describe('Create shipments', () => {
  it('books the paid, confirmed orders one after another and lists each outcome', async () => {
    const first = deferred<Response>();
    const api = stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'POST /orders/ship/order-a': () => first.promise,
      'POST /orders/ship/order-b': () => refuse(409, refusal),
      'GET /orders/order-id-details/order-b': () => json(refused),
    });
    const { user } = renderTab();
    await tick(user, 'MM-250512-0011');
    await tick(user, 'MM-250512-0012');
    await tick(user, 'MM-250511-0007');
    await tick(user, 'MM-250510-0003');
    await user.click(within(toolbar()).getByRole('button', { name: 'Create shipments' }));

    const panel = screen.getByRole('region', { name: 'Create shipments' });
    expect(within(panel).getByRole('status').textContent).toBe(
      'Booking 1 of 2… 2 skipped: only paid, confirmed orders are shipped.',
    );
    // The second waits for the first's answer.
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/orders/ship/order-a',
    ]);
    first.resolve(json(booked, { message: 'Shipment booked: waybill 17470000000043.' }));

    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(
        'Booked 1 of 2. 2 skipped: only paid, confirmed orders are shipped.',
      ),
    );
    expect(api.callsTo('POST /orders/ship/order-a')[0]!.realm).toBe('owner');
    expect(api.callsTo('POST /orders/ship/order-b')).toHaveLength(1);
    const results = within(panel)
      .getAllByTestId('shipment-result')
      .map((line) => line.textContent);
    expect(results).toEqual([
      '#MM-250511-0007Skipped: Shipped, payment completed',
      '#MM-250510-0003Skipped: Pending, payment pending',
      '#MM-250512-0011Booked: waybill 17470000000043',
      `#MM-250512-0012${refusal}`,
    ]);
    // The list shows the booked order as the server answered it.
    expect(within(await rowOf('MM-250512-0011')).getByTestId('order-status').textContent).toBe(
      'Shipped',
    );

    await user.click(within(panel).getByRole('button', { name: 'Close the shipment results' }));
    expect(screen.queryByRole('region', { name: 'Create shipments' })).toBeNull();
  });

  it('books nothing when none of the selected orders is to ship', async () => {
    const api = stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
    });
    const { user } = renderTab();
    await tick(user, 'MM-250510-0003');
    await user.click(within(toolbar()).getByRole('button', { name: 'Create shipments' }));
    const panel = screen.getByRole('region', { name: 'Create shipments' });
    expect(within(panel).getByRole('status').textContent).toBe(
      'Nothing to book: only paid, confirmed orders are shipped.',
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('Packing slips', () => {
  it("downloads one PDF of the selected orders with the owner's session", async () => {
    const api = stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'GET /orders/packing-slips': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="packing-slips.pdf"',
          },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:slips', revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = renderTab();
    await tick(user, 'MM-250512-0011');
    await tick(user, 'MM-250511-0007');
    await user.click(within(toolbar()).getByRole('button', { name: 'Packing slips' }));

    await waitFor(() => expect(clicked).toEqual(['packing-slips.pdf']));
    const [call] = api.callsTo('GET /orders/packing-slips');
    expect(call!.query.get('ids')).toBe('order-a,order-c');
    expect(call!.realm).toBe('owner');
  });

  it("shows the server's refusal when none is booked", async () => {
    const none = 'None of these orders has a shipment booked with the courier.';
    stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'GET /orders/packing-slips': () => refuse(409, none),
    });
    const { user } = renderTab();
    await tick(user, 'MM-250512-0011');
    await user.click(within(toolbar()).getByRole('button', { name: 'Packing slips' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(none, expect.anything()));
  });
});

describe('Request pickup', () => {
  it('starts at today and the booked count, checks the fields, and toasts the answer', async () => {
    const api = stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'POST /orders/pickup': (call) =>
        json(
          { pickupId: 'SIM-1', ...(call.body as object) },
          { message: `Pickup requested for ${indiaToday()} (pickup SIM-1).` },
        ),
    });
    const { user } = renderTab();
    await tick(user, 'MM-250512-0011');
    await tick(user, 'MM-250511-0007');
    await user.click(within(toolbar()).getByRole('button', { name: 'Request pickup' }));

    const form = within(screen.getByRole('form', { name: 'Request a pickup' }));
    expect((form.getByLabelText('Pickup date') as HTMLInputElement).value).toBe(indiaToday());
    const packages = form.getByLabelText('Packages') as HTMLInputElement;
    expect(packages.value).toBe('1');

    await user.clear(packages);
    await user.type(packages, '0');
    await user.click(form.getByRole('button', { name: 'Request pickup' }));
    expect(await form.findByText('Enter how many packages to collect: 1 to 500')).toBeTruthy();
    expect(packages.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /orders/pickup')).toHaveLength(0);

    await user.clear(packages);
    await user.type(packages, '2');
    await user.click(form.getByRole('button', { name: 'Request pickup' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        `Pickup requested for ${indiaToday()} (pickup SIM-1).`,
      ),
    );
    expect(api.callsTo('POST /orders/pickup')[0]!.body).toEqual({
      date: indiaToday(),
      packages: 2,
    });
    expect(screen.queryByRole('form', { name: 'Request a pickup' })).toBeNull();
  });

  it("puts the server's word on its field", async () => {
    const late = 'Choose a pickup date from today up to 7 days ahead';
    stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'POST /orders/pickup': () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            data: null,
            message: late,
            success: false,
            errors: [{ field: 'date', message: late }],
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const { user } = renderTab();
    await tick(user, 'MM-250511-0007');
    await user.click(within(toolbar()).getByRole('button', { name: 'Request pickup' }));
    const form = within(screen.getByRole('form', { name: 'Request a pickup' }));
    await user.click(form.getByRole('button', { name: 'Request pickup' }));
    expect(await form.findByText(late)).toBeTruthy();
    expect(form.getByLabelText('Pickup date').getAttribute('aria-invalid')).toBe('true');
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe("The order pop-up's shipment", () => {
  async function openOrder(user: ReturnType<typeof userEvent.setup>, orderNumber: string) {
    const row = await rowOf(orderNumber);
    await user.click(within(row).getByRole('button', { name: `View order ${orderNumber}` }));
    return screen.getByRole('dialog', { name: `Order #${orderNumber}` });
  }

  it('shows the courier, the waybill, the failed delivery and the scans newest first', async () => {
    stubOwnerApi({ 'GET /orders/courier': simulated, 'GET /orders/orderDetails': listed });
    const { user } = renderTab();
    const dialog = await openOrder(user, 'MM-250511-0007');
    const section = within(within(dialog).getByTestId('order-shipment'));
    expect(section.getByText('Simulated courier')).toBeTruthy();
    expect(section.getByText('17470000000042')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(
      'https://track.example.com/17470000000042',
    );
    expect(section.getByText('Booked')).toBeTruthy();
    expect(section.getByText('Delivery attempt failed: Customer not available')).toBeTruthy();
    const scans = section.getAllByTestId('shipment-scan').map((scan) => scan.textContent);
    expect(scans).toEqual([
      'Delivery attempted: Customer not available · Patna13 May 2025, 11:15 am',
      'In transit at Patna Hub12 May 2025, 1:30 pm',
      'Shipment booked · Darbhanga DC12 May 2025, 10:00 am',
    ]);
  });

  it('books the order from the pop-up, keeping the typed tracking as the alternative', async () => {
    stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'POST /orders/ship/order-a': () =>
        json(booked, { message: 'Shipment booked: waybill 17470000000043.' }),
    });
    const { user } = renderTab();
    const dialog = await openOrder(user, 'MM-250512-0011');
    expect(within(dialog).queryByTestId('order-shipment')).toBeNull();
    expect(
      await within(dialog).findByRole('form', { name: 'Or enter a tracking number yourself' }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }));

    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Shipment booked: waybill 17470000000043.'),
    );
    expect(within(dialog).getByTestId('order-shipment').textContent).toContain('17470000000043');
    expect(within(dialog).queryByRole('button', { name: 'Create shipment' })).toBeNull();
  });

  it("names the courier's refusal in the pop-up and a toast, with the server's copy", async () => {
    stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': listed,
      'POST /orders/ship/order-b': () => refuse(409, refusal),
      'GET /orders/order-id-details/order-b': () => json(refused),
    });
    const { user } = renderTab();
    const dialog = await openOrder(user, 'MM-250512-0012');
    await user.click(await within(dialog).findByRole('button', { name: 'Create shipment' }));

    const shipping = within(within(dialog).getByRole('region', { name: 'Ship this order' }));
    expect((await shipping.findByRole('alert')).textContent).toBe(refusal);
    expect(toasts.error).toHaveBeenCalledWith(refusal, expect.anything());
    await waitFor(() =>
      expect(within(dialog).getByTestId('order-shipment').textContent).toContain(
        'Refused: Non serviceable pincode',
      ),
    );
  });

  it('says the courier could not be reached, and that trying again is safe', async () => {
    const unanswered: Order = {
      ...toBook,
      shipment: shipment({ state: 'failed', failure: 'Courier timed out' }),
    };
    stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': () => page([unanswered], { page: 1, limit: 50, total: 1 }),
    });
    const { user } = renderTab();
    const dialog = await openOrder(user, 'MM-250512-0011');
    const section = within(dialog).getByTestId('order-shipment');
    expect(section.textContent).toContain('Could not reach the courier: Courier timed out');
    expect(section.textContent).toContain('Try Create shipment again in a few minutes');
    expect(section.textContent).not.toContain('Waybill');
    expect(await within(dialog).findByRole('button', { name: 'Create shipment' })).toBeTruthy();
  });

  it('asks for a refund of a parcel the courier brought back', async () => {
    const back: Order = {
      ...outForDelivery,
      status: 'Returned to origin',
      shipment: shipment({ waybill: '17470000000042' }),
    };
    stubOwnerApi({
      'GET /orders/courier': simulated,
      'GET /orders/orderDetails': () => page([back], { page: 1, limit: 50, total: 1 }),
    });
    const { user } = renderTab();
    const dialog = await openOrder(user, 'MM-250511-0007');
    expect(dialog.textContent).toContain(
      'The courier brought this parcel back. Refund the customer, or ship it again if they ask.',
    );
  });
});
