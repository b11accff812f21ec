import type { Address } from '@makhana/domain/account';
import type { Order } from '@makhana/domain/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import {
  customer,
  deliveredOrder,
  fail,
  homeAddress,
  ok,
  pendingOrder,
  scannedShipment,
  signIn,
  spyToasts,
  stubRoutes,
} from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { DashboardPage } from './dashboard-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDashboard(state: unknown = null, signedIn = true) {
  const store = createStore();
  if (signedIn) signIn(store);
  return renderRoutes(
    [
      { path: '/dashboard', Component: DashboardPage },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: [{ pathname: '/dashboard', state }], store },
  );
}

/** An address book on the stub server: add, edit and delete change what the list returns. */
function addressBook(initial: Address[] = [homeAddress]) {
  let book = [...initial];
  return stubRoutes({
    'GET /users/getAddressDetails': () => ok(book),
    'POST /users/newAddress': (body) => {
      const added = { ...(body as Address), _id: 'addr-new' };
      book = [...book, added];
      return ok(added);
    },
    'POST /users/editAddress/addr-home': (body) => {
      const edited = { ...(body as Address), _id: 'addr-home' };
      book = book.map((entry) => (entry._id === 'addr-home' ? edited : entry));
      return ok(edited);
    },
    'POST /users/deleteAddress/addr-home': () => {
      book = book.filter((entry) => entry._id !== 'addr-home');
      return ok(null);
    },
  });
}

describe('DashboardPage', () => {
  it('shows the login screen to a visitor', () => {
    stubRoutes({});
    renderDashboard(null, false);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeTruthy();
  });

  it('has the side menu of five entries, with the profile open first', () => {
    stubRoutes({});
    renderDashboard();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Profile Information',
      'Manage Addresses',
      'My Orders',
      'My support requests',
      'User Logout',
    ]);
    expect(
      within(menu)
        .getByRole('button', { name: 'Profile Information' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('edits the profile; Cancel restores the values', async () => {
    const api = stubRoutes({
      'POST /users/updateUserAccount': (body) => ok({ ...customer, ...(body as object) }),
    });
    const user = userEvent.setup();
    const { store } = renderDashboard();
    expect(screen.getByText('Asha')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const first = screen.getByLabelText('First name') as HTMLInputElement;
    await user.clear(first);
    await user.type(first, 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Asha')).toBeTruthy();
    expect(screen.queryByText('Changed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Asha');

    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(api.callsTo('POST /users/updateUserAccount')).toHaveLength(0);

    await user.type(screen.getByLabelText('First name'), 'Asha Rani');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Profile updated successfully'),
    );
    expect(api.callsTo('POST /users/updateUserAccount')[0]?.body).toEqual({
      firstName: 'Asha Rani',
      lastName: 'Jha',
      gender: 'Female',
      email: 'asha@example.com',
      phoneNumber: '9876543210',
    });
    expect(await screen.findByText('Asha Rani')).toBeTruthy();
    expect(store.getState().auth.user).toMatchObject({ firstName: 'Asha Rani' });
  });

  it('opens the section asked for in navigation state and lists the addresses', async () => {
    addressBook();
    renderDashboard({ section: 'addresses' });
    const card = await screen.findByTestId('address-card');
    expect(within(card).getByText('Home')).toBeTruthy();
    expect(within(card).getByText('Asha Jha')).toBeTruthy();
    expect(card.textContent).toContain('Darbhanga, Bihar - 846004');
    expect(card.textContent).toContain('9876543210, 9123456780');
  });

  it("validates the address form with the shop's messages, then adds the address", async () => {
    const api = addressBook([]);
    const user = userEvent.setup();
    const { store } = renderDashboard({ section: 'addresses' });
    await screen.findByText(/No saved addresses yet/);
    await user.click(screen.getByRole('button', { name: 'Add new address' }));
    expect((screen.getByLabelText('Country') as HTMLInputElement).value).toBe('India');

    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Please enter a valid 6-digit pincode')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Address type is required')).toBeTruthy();
    expect(screen.getAllByText('Required')).toHaveLength(4); // name, street, city, state
    const name = screen.getByLabelText('Full name');
    expect(document.activeElement).toBe(name);
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Required',
    );

    await user.type(name, 'Asha Jha');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Alternate number (optional)'), '12345');
    await user.type(screen.getByLabelText('House no., building, street'), '12 Station Road');
    await user.type(screen.getByLabelText('City'), 'Darbhanga');
    await user.selectOptions(screen.getByLabelText('State'), 'Bihar');
    await user.type(screen.getByLabelText('Pincode'), '84600');
    await user.click(screen.getByRole('radio', { name: 'Work' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Please enter a valid 6-digit pincode')).toBeTruthy();

    await user.clear(screen.getByLabelText('Alternate number (optional)'));
    await user.type(screen.getByLabelText('Pincode'), '4');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Address Added successfully'));
    expect(api.callsTo('POST /users/newAddress')[0]?.body).toMatchObject({
      name: 'Asha Jha',
      pincode: '846004',
      country: 'India',
      label: 'Work',
      alternateNumber: '',
    });
    const card = await screen.findByTestId('address-card');
    expect(within(card).getByText('Work')).toBeTruthy();
    expect(api.callsTo('GET /users/getAddressDetails').length).toBeGreaterThanOrEqual(2);
    expect(store.getState().auth.address).toHaveLength(1);
  });

  it('edits an address with the form filled in', async () => {
    const api = addressBook();
    const user = userEvent.setup();
    renderDashboard({ section: 'addresses' });
    await user.click(await screen.findByRole('button', { name: 'Edit address of Asha Jha' }));
    const city = screen.getByLabelText('City') as HTMLInputElement;
    expect(city.value).toBe('Darbhanga');
    expect((screen.getByRole('radio', { name: 'Home' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(city);
    await user.type(city, 'Madhubani');
    await user.click(screen.getByRole('button', { name: 'Update address' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Address Update successfully'));
    expect(api.callsTo('POST /users/editAddress/addr-home')[0]?.body).toMatchObject({
      city: 'Madhubani',
    });
    expect((await screen.findByTestId('address-card')).textContent).toContain('Madhubani');
  });

  it('deletes an address after confirmation; Escape keeps it', async () => {
    const api = addressBook();
    const user = userEvent.setup();
    renderDashboard({ section: 'addresses' });
    const remove = await screen.findByRole('button', { name: 'Delete address of Asha Jha' });

    await user.click(remove);
    expect(screen.getByRole('dialog', { name: 'Delete this address?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(api.callsTo('POST /users/deleteAddress/addr-home')).toHaveLength(0);

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Delete address' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Address deleted successfully'),
    );
    expect(api.callsTo('POST /users/deleteAddress/addr-home')).toHaveLength(1);
    expect(await screen.findByText(/No saved addresses yet/)).toBeTruthy();
  });

  it('shows the empty order list with a link to the products', async () => {
    stubRoutes({ 'GET /orders/orderDetails': ok([]) });
    renderDashboard({ section: 'orders' });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop our makhana' }).getAttribute('href')).toBe(
      '/products',
    );
  });

  it('lists orders with their status colours and opens the detail dialog', async () => {
    const pending: Order = {
      ...deliveredOrder,
      _id: 'order-2',
      orderNumber: 'MM-2025-0002',
      status: 'Pending',
      paymentStatus: 'failed',
      trackingUrl: null,
      trackingNumber: null,
      createdAt: '2025-05-12T09:30:00.000Z',
    };
    const someoneElse: Order = { ...deliveredOrder, _id: 'x', orderNumber: 'X-1', user: 'other' };
    const withCode: Order = { ...deliveredOrder, discount: { code: 'FIRST10', amount: 99.8 } };
    stubRoutes({ 'GET /orders/orderDetails': ok([withCode, pending, someoneElse]) });
    const user = userEvent.setup();
    renderDashboard({ section: 'orders' });

    // A payment that failed is an attempt: listed once the customer asks for it.
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Show unpaid attempts (1)' }));
    const rows = screen.getAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Order #MM-2025-0002');
    const delivered = rows[1]!;
    expect(delivered.textContent).toContain('10 May 2025');
    expect(delivered.textContent).toContain('2 items · FIRST10: ₹99.8 off');
    expect(delivered.textContent).toContain('₹898');
    expect(within(delivered).getByTestId('order-status').className).toContain('bg-forest-100');
    expect(within(rows[0]!).getByTestId('order-status').className).toContain('bg-saffron-100');
    expect(within(delivered).getByTestId('payment-status').dataset.tone).toBe('green');
    expect(within(rows[0]!).getByTestId('payment-status').dataset.tone).toBe('red');

    expect(
      within(delivered)
        .getByRole('link', { name: 'Open the order page of order MM-2025-0001' })
        .getAttribute('href'),
    ).toBe('/order-status/order-1');

    const open = within(delivered).getByRole('button', { name: /View details/ });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Order #MM-2025-0001' });
    expect(within(dialog).getByText('Classic Roasted Makhana')).toBeTruthy();
    expect(dialog.textContent).toContain('250g · Qty 2');
    expect(dialog.textContent).toContain('pay_SIM123');
    expect(within(dialog).getByTestId('order-total').textContent).toBe('₹898');
    expect(
      within(dialog)
        .getByRole('link', { name: /Track shipment/ })
        .getAttribute('href'),
    ).toBe('https://track.example.com/DLV998877');
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Focus stays inside while tabbing.
    for (let i = 0; i < 5; i += 1) await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);

    await user.click(within(rows[0]!).getByRole('button', { name: /View details/ }));
    expect(
      screen.getByText('Tracking details will appear here once your order ships.'),
    ).toBeTruthy();
  });

  it("says under a shipped order's status where the courier last scanned it", async () => {
    const inTransit: Order = {
      ...deliveredOrder,
      _id: 'order-transit',
      orderNumber: 'MM-2025-0003',
      status: 'Shipped',
      shipment: { ...scannedShipment, undelivered: null, scans: scannedShipment.scans.slice(0, 3) },
    };
    const attempted: Order = {
      ...inTransit,
      _id: 'order-attempted',
      orderNumber: 'MM-2025-0004',
      shipment: scannedShipment,
    };
    const notScanned: Order = {
      ...inTransit,
      _id: 'order-booked',
      orderNumber: 'MM-2025-0005',
      shipment: { ...scannedShipment, scans: [] },
    };
    // Delivered, its status says it all; refused, the booking is the shop's to settle.
    const delivered: Order = { ...deliveredOrder, shipment: scannedShipment };
    const refused: Order = {
      ...inTransit,
      _id: 'order-refused',
      orderNumber: 'MM-2025-0006',
      shipment: { ...scannedShipment, state: 'refused' },
    };
    stubRoutes({
      'GET /orders/orderDetails': ok([inTransit, attempted, notScanned, delivered, refused]),
    });
    renderDashboard({ section: 'orders' });

    const rows = await screen.findAllByTestId('order-row');
    const scanOf = (number: string) =>
      within(rows.find((row) => row.textContent?.includes(`Order #${number}`))!).queryByTestId(
        'order-latest-scan',
      )?.textContent ?? null;
    expect(scanOf('MM-2025-0003')).toBe('In transit at Patna Hub · 14 May 2025, 7:35 am');
    expect(scanOf('MM-2025-0004')).toBe(
      'Delivery attempted: Consignee unavailable · 15 May 2025, 2:30 pm',
    );
    expect(scanOf('MM-2025-0005')).toBeNull();
    expect(scanOf('MM-2025-0001')).toBeNull();
    expect(scanOf('MM-2025-0006')).toBeNull();
  });

  it('lists an order awaiting payment within its window, and leaves attempts out', async () => {
    const awaiting: Order = {
      ...pendingOrder,
      _id: 'order-open',
      orderNumber: 'MM-2025-0050',
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    };
    const closed: Order = {
      ...pendingOrder,
      _id: 'order-closed',
      orderNumber: 'MM-2025-0049',
      status: 'Cancelled',
      paymentStatus: 'failed',
    };
    const lapsed: Order = {
      ...pendingOrder,
      _id: 'order-lapsed',
      orderNumber: 'MM-2025-0048',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    };
    stubRoutes({ 'GET /orders/orderDetails': ok([awaiting, closed, lapsed]) });
    const user = userEvent.setup();
    renderDashboard({ section: 'orders' });

    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Order #MM-2025-0050']);
    const toggle = screen.getByRole('checkbox', { name: 'Show unpaid attempts (2)' });
    await user.click(toggle);
    expect(screen.getAllByTestId('order-row')).toHaveLength(3);
    await user.click(toggle);
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
  });

  it('says there are no paid orders yet when there are only attempts', async () => {
    const closed: Order = { ...pendingOrder, status: 'Cancelled', paymentStatus: 'failed' };
    stubRoutes({ 'GET /orders/orderDetails': ok([closed]) });
    const user = userEvent.setup();
    renderDashboard({ section: 'orders' });
    expect(await screen.findByText('You have no paid orders yet.')).toBeTruthy();
    expect(screen.queryByTestId('order-row')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Show unpaid attempts (1)' }));
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
  });

  it('logs out, clears the session and goes home', async () => {
    const api = stubRoutes({ 'POST /users/logoutUser': ok(null) });
    const user = userEvent.setup();
    const { store, router } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'User Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /users/logoutUser')).toHaveLength(1);
    expect(toasts.success).toHaveBeenCalledWith('Logout successfully');
    const { auth } = store.getState();
    expect(auth.isUserAuthenticated).toBe(false);
    expect(auth.user).toBeNull();
  });

  it('reports a failing order list, keeps the shopper signed in, and tries again when asked', async () => {
    const down =
      'The shop cannot reach one of its services right now. Please try again in a moment.';
    let answer = fail(503, down);
    const api = stubRoutes({ 'GET /orders/orderDetails': () => answer });
    const { store } = renderDashboard({ section: 'My Orders' });
    expect((await screen.findByRole('alert')).textContent).toBe(down);
    expect(store.getState().auth.isUserAuthenticated).toBe(true);
    expect(api.callsTo('POST /users/refresh-token')).toHaveLength(0);

    answer = ok([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    expect(api.callsTo('GET /orders/orderDetails')).toHaveLength(2);
  });
});
