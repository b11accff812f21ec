import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSimulatedPaymentWindow } from '../../components/simulated-payment-window';
import type { RazorpayConstructor } from '../../lib/payment-window';
import { addItem } from '../../stores/cart-slice';
import { createStore } from '../../stores/store';
import {
  fail,
  homeAddress,
  ok,
  paidOrder,
  paymentOrderFor,
  pendingOrder,
  pinkSaltLine,
  servedPincode,
  signedPayment,
  signIn,
  spyToasts,
  stubRoutes,
  workAddress,
} from '../../test/customer-fixtures';
import { catalogue, pinkSalt, renderRoutes } from '../../test/shop-fixtures';
import { CheckoutPage } from './checkout-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  closeSimulatedPaymentWindow();
  delete window.Razorpay;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PLACE_ORDER = /Place Order|Placing your order/;
const placeOrder = () => screen.getByRole('button', { name: PLACE_ORDER }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

type Routes = Parameters<typeof stubRoutes>[0];

/** The checkout API: addresses, pincodes (846004 and 800001 served), and what a test adds. */
function stubCheckout(extra: Routes = {}) {
  return stubRoutes({
    'GET /users/getAddressDetails': ok([homeAddress, workAddress]),
    'POST /orders/pincodeVerification': (body) => {
      const { pincode } = body as { pincode: string };
      if (pincode === '846004') return servedPincode;
      if (pincode === '800001') {
        return ok({ delivery_codes: [{ postal_code: { district: 'Patna', state_code: 'BR' } }] });
      }
      return ok({ delivery_codes: [] });
    },
    ...extra,
  });
}

function renderCheckout({ withCart = true } = {}) {
  const store = createStore();
  signIn(store);
  if (withCart) store.dispatch(addItem(pinkSaltLine));
  const view = renderRoutes(
    [
      { path: '/checkout', Component: CheckoutPage },
      { path: '/order-status/:id', element: <h1>Order status page</h1> },
    ],
    { initialEntries: ['/checkout'], store },
  );
  return view;
}

async function pickHomeAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /Asha Jha, Home/ }));
  await screen.findByText('Delivering to Darbhanga, BR');
}

/** The happy path up to the open payment window. */
const successRoutes = (payment = paymentOrderFor('simulated')): Routes => ({
  'POST /orders/createOrder': ok(pendingOrder),
  'POST /orders/razorpayPayment': ok(payment),
  'POST /payments/simulated/pay': ok(signedPayment),
  'POST /payments/simulated/fail': ok(null),
  'POST /orders/verifyPayment': ok(paidOrder),
  'POST /orders/mark-failed': ok(null),
});

describe('CheckoutPage: the form', () => {
  it('is headed Checkout, prefilled from the customer, with the one prepaid method and the summary', async () => {
    stubCheckout();
    renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(field('First name').value).toBe('Asha');
    expect(field('Last name').value).toBe('Jha');
    expect(field('Email').value).toBe('asha@example.com');
    expect(field('Phone').value).toBe('9876543210');
    expect(field('Address').value).toBe('');

    const prepaid = screen.getByRole('radio', { name: /Prepaid \(UPI, cards, net banking\)/ });
    expect((prepaid as HTMLInputElement).checked).toBe(true);

    const summary = screen.getByTestId('order-summary');
    const line = within(summary).getByTestId('summary-line');
    expect(line.textContent).toContain('Himalayan Pink Salt Makhana');
    expect(line.textContent).toContain('250g');
    expect(line.textContent).toContain('Qty 1');
    expect(line.querySelector('img')?.getAttribute('src')).toBe(pinkSaltLine.image);
    expect(screen.getByTestId('checkout-subtotal').textContent).toBe('₹549');
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('Free');
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹549');
    expect(summary.textContent).toContain('Prices are inclusive of all taxes.');
    expect(screen.getByRole('link', { name: 'Manage addresses' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await screen.findAllByTestId('saved-address');
  });

  it('charges ₹50 shipping on a cart of 500 or less', () => {
    stubCheckout();
    const store = createStore();
    signIn(store);
    store.dispatch(addItem({ ...pinkSaltLine, price: 199, sku: 'MM-CLS-100', id: 'prod-classic' }));
    renderRoutes([{ path: '/checkout', Component: CheckoutPage }], {
      initialEntries: ['/checkout'],
      store,
    });
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('₹50');
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹249');
    // No drip pricing: the whole price, shipping in, is on the page before the button that pays.
    const placeOrder = screen.getByRole('button', { name: /Place Order/ });
    expect(
      screen.getByTestId('checkout-total').compareDocumentPosition(placeOrder) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows a link back to the products instead of the form when the cart is empty', () => {
    stubCheckout();
    renderCheckout({ withCart: false });
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe(
      '/products',
    );
    expect(screen.queryByRole('button', { name: PLACE_ORDER })).toBeNull();
  });

  it('gives the exact messages for empty, malformed and unserved fields', async () => {
    const api = stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await user.clear(field('First name'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'asha@');
    await user.type(field('Pincode'), '8460');
    await user.tab();
    expect(await screen.findByText('Enter 6-digit pincode')).toBeTruthy();

    fireEvent.submit(screen.getByRole('form', { name: 'Checkout' }));
    // First name, address, city and state are empty.
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(4));
    expect(screen.getByText('Valid email required')).toBeTruthy();
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'Please enter a valid, serviceable pincode.',
    );
    expect(api.callsTo('POST /orders/createOrder')).toHaveLength(0);

    await user.type(field('Pincode'), '99');
    expect(await screen.findByText('Not deliverable')).toBeTruthy();
    expect(screen.queryByText('Enter 6-digit pincode')).toBeNull();
    expect(placeOrder().disabled).toBe(true);
  });

  it('keeps Place Order disabled until a 6-digit pincode is found serviceable', async () => {
    const api = stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    expect(placeOrder().disabled).toBe(true);

    await user.type(field('Pincode'), '84a6-00');
    expect(field('Pincode').value).toBe('84600');
    expect(field('Pincode').maxLength).toBe(6);
    expect(api.callsTo('POST /orders/pincodeVerification')).toHaveLength(0);
    expect(placeOrder().disabled).toBe(true);

    await user.type(field('Pincode'), '4');
    expect(await screen.findByText('Delivering to Darbhanga, BR')).toBeTruthy();
    expect(api.callsTo('POST /orders/pincodeVerification')[0]?.body).toEqual({
      pincode: '846004',
    });
    expect(placeOrder().disabled).toBe(false);

    // One digit fewer: unchecked again.
    await user.type(field('Pincode'), '{Backspace}');
    expect(placeOrder().disabled).toBe(true);
    expect(screen.queryByText('Delivering to Darbhanga, BR')).toBeNull();
  });

  it('fills the form from a picked saved address and checks its pincode', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Asha Kumari Jha, Work/ }));
    expect(field('First name').value).toBe('Asha');
    expect(field('Last name').value).toBe('Kumari Jha');
    expect(field('Address').value).toBe('4th Floor, Maurya Lok, Dak Bungalow Road');
    expect(field('City').value).toBe('Patna');
    expect(field('State').value).toBe('Bihar');
    expect(field('Pincode').value).toBe('800001');
    expect(field('Phone').value).toBe('9123456780');
    // The work address has no e-mail: the customer's stays.
    expect(field('Email').value).toBe('asha@example.com');
    expect(await screen.findByText('Delivering to Patna, BR')).toBeTruthy();
    expect(placeOrder().disabled).toBe(false);

    // An address saved without an e-mail brings back the customer's own.
    await user.clear(field('Email'));
    await user.click(screen.getByRole('radio', { name: /Asha Jha, Home/ }));
    expect(field('Email').value).toBe('asha@example.com');
    await user.clear(field('Email'));
    await user.click(screen.getByRole('radio', { name: /Asha Kumari Jha, Work/ }));
    expect(field('Email').value).toBe('asha@example.com');
    await user.click(screen.getByRole('radio', { name: /Asha Jha, Home/ }));
    expect(field('Address').value).toBe('12 Station Road, Laheriasarai, Near Shyama Mandir');
    expect(field('Pincode').value).toBe('846004');
    expect(await screen.findByText('Delivering to Darbhanga, BR')).toBeTruthy();
  });

  it('asks for the pincode first and fills City and State from it, keeping a town typed there', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('radio', { name: /Asha Jha, Home/ });
    const order = [
      ...screen
        .getByRole('form', { name: 'Checkout' })
        .querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'),
    ]
      .map((control) => control.labels?.[0]?.textContent)
      .filter((label) => ['Pincode', 'City', 'State', 'Address'].includes(label ?? ''));
    expect(order).toEqual(['Pincode', 'City', 'State', 'Address']);

    const state = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(state.options).toHaveLength(37);
    expect(state.options[0]!.textContent).toBe('Choose a state');

    await user.type(field('Pincode'), '846004');
    await screen.findByText('Delivering to Darbhanga, BR');
    await waitFor(() => expect(field('City').value).toBe('Darbhanga'));
    expect(state.value).toBe('Bihar');

    // Another served pincode replaces what the first one filled.
    await user.clear(field('Pincode'));
    await user.type(field('Pincode'), '800001');
    await screen.findByText('Delivering to Patna, BR');
    await waitFor(() => expect(field('City').value).toBe('Patna'));

    // A town the shopper typed is theirs: the district does not overwrite it.
    await user.clear(field('City'));
    await user.type(field('City'), 'Laheriasarai');
    await user.clear(field('Pincode'));
    await user.type(field('Pincode'), '846004');
    await screen.findByText('Delivering to Darbhanga, BR');
    expect(field('City').value).toBe('Laheriasarai');
    expect(state.value).toBe('Bihar');
  });
});

describe('CheckoutPage: a discount code', () => {
  it('says why a code is refused, then shows the one applied and places the order at its total', async () => {
    let asked = 0;
    const api = stubCheckout({
      ...successRoutes(),
      'POST /orders/apply-discount': () => {
        asked += 1;
        return asked === 1
          ? fail(409, 'This code has expired.')
          : ok({
              code: 'SAVE10',
              label: 'SAVE10: 10% off',
              subtotal: 549,
              discount: 54.9,
              shippingCost: 0,
              totalAmount: 494.1,
              lines: [{ sku: pinkSaltLine.sku, discount: 54.9 }],
            });
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);

    await user.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    const input = screen.getByLabelText('Discount code');
    await user.type(input, 'old10{Enter}');
    expect(await screen.findByText('This code has expired.')).toBeTruthy();
    // Enter applied the code; it did not place the order.
    expect(api.callsTo('POST /orders/createOrder')).toHaveLength(0);
    expect(api.callsTo('POST /orders/apply-discount')[0]?.body).toEqual({
      code: 'OLD10',
      items: [pinkSaltLine],
    });

    await user.clear(input);
    await user.type(input, 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('discount-applied')).textContent).toContain(
      'SAVE10: 10% off applied',
    );
    expect(screen.getByTestId('checkout-discount').textContent).toBe('−₹54.9');
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹494.1');

    await user.click(screen.getByRole('button', { name: /Place Order · ₹494\.1/ }));
    await waitFor(() => expect(api.callsTo('POST /orders/createOrder')).toHaveLength(1));
    expect(api.callsTo('POST /orders/createOrder')[0]?.body).toMatchObject({
      discountCode: 'SAVE10',
      shippingCost: 0,
      totalAmount: 494.1,
    });
  });
});

describe('CheckoutPage: placing the order, paying and abandoning the payment', () => {
  it('creates the order, pays in the simulated window, verifies, empties the cart and opens the order page', async () => {
    const api = stubCheckout(successRoutes());
    const user = userEvent.setup();
    const { store, router } = renderCheckout();
    await pickHomeAddress(user);

    await user.click(placeOrder());
    const sheet = await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });
    expect(within(sheet).getByTestId('payment-amount').textContent).toBe('₹549');
    expect(sheet.textContent).toContain('Order MM-2025-0042');
    expect(sheet.textContent).toContain('Test payment — no money is charged');
    // The loader is down while the shopper is in the window.
    expect(store.getState().loader.holders).toBe(0);

    expect(api.callsTo('POST /orders/createOrder')[0]?.body).toEqual({
      items: [pinkSaltLine],
      shippingCost: 0,
      totalAmount: 549,
      shippingAddress: {
        firstName: 'Asha',
        lastName: 'Jha',
        email: 'asha@example.com',
        phone: '9876543210',
        address: '12 Station Road, Laheriasarai, Near Shyama Mandir',
        city: 'Darbhanga',
        state: 'Bihar',
        pincode: '846004',
      },
      paymentMethod: 'Prepaid',
    });
    expect(api.callsTo('POST /orders/razorpayPayment')[0]?.body).toEqual({ orderId: 'order-1' });

    await user.click(within(sheet).getByRole('radio', { name: /Card/ }));
    await user.click(within(sheet).getByRole('button', { name: 'Pay ₹549 with Card' }));

    await screen.findByRole('heading', { name: 'Order status page' });
    expect(router.state.location.pathname).toBe('/order-status/order-1');
    expect(api.callsTo('POST /payments/simulated/pay')[0]?.body).toEqual({
      razorpay_order_id: 'order_SIM123',
    });
    expect(api.callsTo('POST /orders/verifyPayment')[0]?.body).toEqual(signedPayment);
    expect(
      api.order().filter((call) => call.startsWith('POST /orders/') || call.includes('/payments/')),
    ).toEqual([
      'POST /orders/pincodeVerification',
      'POST /orders/createOrder',
      'POST /orders/razorpayPayment',
      'POST /payments/simulated/pay',
      'POST /orders/verifyPayment',
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Order Placed successfully');
    const { cart, loader } = store.getState();
    expect(cart.items).toEqual([]);
    expect(cart.total).toBe(0);
    expect(loader.holders).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /orders/mark-failed')).toHaveLength(0);
  });

  it("saves a typed address to the customer's addresses once the order is placed", async () => {
    const api = stubCheckout({
      ...successRoutes(),
      'POST /users/newAddress': (body) => ok({ _id: 'addr-new', ...(body as object) }),
    });
    const user = userEvent.setup();
    const { store } = renderCheckout();
    await screen.findByRole('radio', { name: /Asha Jha, Home/ });
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'Save this address to my addresses',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await user.type(field('Pincode'), '800001');
    await screen.findByText('Delivering to Patna, BR');
    await user.type(field('Address'), '7 Boring Road');
    await user.click(placeOrder());
    await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });

    await waitFor(() => expect(api.callsTo('POST /users/newAddress')).toHaveLength(1));
    expect(api.callsTo('POST /users/newAddress')[0]?.body).toEqual({
      name: 'Asha Jha',
      street: '7 Boring Road',
      city: 'Patna',
      state: 'Bihar',
      country: 'India',
      pincode: '800001',
      phoneNumber: '9876543210',
      alternateNumber: '',
      landmark: '',
      email: 'asha@example.com',
      locality: '',
      label: 'Home',
    });
    // Saved after the order was accepted, never before.
    const calls = api.order();
    expect(calls.indexOf('POST /users/newAddress')).toBeGreaterThan(
      calls.indexOf('POST /orders/createOrder'),
    );
    await waitFor(() =>
      expect(store.getState().auth.address.some((a) => a?._id === 'addr-new')).toBe(true),
    );
  });

  it('saves nothing for a saved address picked as it is, or when the box is unticked', async () => {
    const api = stubCheckout({ ...successRoutes(), 'POST /users/newAddress': ok(homeAddress) });
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });
    expect(api.callsTo('POST /orders/createOrder')).toHaveLength(1);
    expect(api.callsTo('POST /users/newAddress')).toHaveLength(0);
  });

  it('keeps an unticked address out of the saved ones', async () => {
    const api = stubCheckout({ ...successRoutes(), 'POST /users/newAddress': ok(homeAddress) });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('radio', { name: /Asha Jha, Home/ });
    await user.click(screen.getByRole('checkbox', { name: 'Save this address to my addresses' }));
    await user.type(field('Pincode'), '800001');
    await screen.findByText('Delivering to Patna, BR');
    await user.type(field('Address'), '7 Boring Road');
    await user.click(placeOrder());
    await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });
    expect(api.callsTo('POST /orders/createOrder')).toHaveLength(1);
    expect(api.callsTo('POST /users/newAddress')).toHaveLength(0);
  });

  it('cancels the pending order, refreshes the cart and says so when the window is closed', async () => {
    const repriced = catalogue.map((product) =>
      product._id === pinkSalt._id
        ? { ...product, quantity: [{ ...product.quantity[0]!, price: 579 }] }
        : product,
    );
    const api = stubCheckout({
      ...successRoutes(),
      'GET /products/getProductDetails': ok(repriced),
    });
    const user = userEvent.setup();
    const { store, router } = renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    const sheet = await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });

    await user.click(within(sheet).getByRole('button', { name: 'Close payment window' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Payment was cancelled or not completed.', {
        toastId: 'Payment was cancelled or not completed.',
      }),
    );
    expect(api.callsTo('POST /orders/mark-failed')[0]?.body).toEqual({ orderId: 'order-1' });
    expect(api.callsTo('POST /orders/verifyPayment')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/checkout');
    // The cart is kept, at today's price.
    expect(store.getState().cart.items).toEqual([{ ...pinkSaltLine, price: 579 }]);
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹579');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().loader.holders).toBe(0);
    expect(placeOrder().disabled).toBe(false);
  });

  it('closes the simulated window with Escape, which counts as dismissing it', async () => {
    const api = stubCheckout(successRoutes());
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(api.callsTo('POST /orders/mark-failed')).toHaveLength(1));
    expect(toasts.error).toHaveBeenCalledWith(
      'Payment was cancelled or not completed.',
      expect.anything(),
    );
  });

  it('lets the shopper retry after a simulated failure, then pay', async () => {
    const api = stubCheckout(successRoutes());
    const user = userEvent.setup();
    const { router } = renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    const sheet = await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });

    await user.click(within(sheet).getByRole('button', { name: 'Simulate a failed payment' }));
    expect((await within(sheet).findByRole('alert')).textContent).toContain('Payment failed');
    expect(api.callsTo('POST /payments/simulated/fail')[0]?.body).toEqual({
      razorpay_order_id: 'order_SIM123',
    });
    expect(api.callsTo('POST /orders/mark-failed')).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Retry' }));
    await user.click(within(sheet).getByRole('button', { name: 'Pay ₹549 with UPI' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-status/order-1'));
  });

  it('re-prices the cart from the catalogue when the server says prices have changed', async () => {
    const repriced = catalogue.map((product) =>
      product._id === pinkSalt._id
        ? { ...product, quantity: [{ ...product.quantity[0]!, price: 599 }] }
        : product,
    );
    const api = stubCheckout({
      'POST /orders/createOrder': {
        status: 409,
        body: {
          statusCode: 409,
          data: null,
          message: 'Prices have changed. Please review your cart.',
          success: false,
          errors: [{ field: 'items.0.price', message: 'The price is now 599' }],
        },
      },
      'GET /products/getProductDetails': ok(repriced),
    });
    const user = userEvent.setup();
    const { store } = renderCheckout();
    // A line whose variant has vanished from the catalogue goes.
    store.dispatch(addItem({ ...pinkSaltLine, sku: 'MM-HPS-GONE', weight: 999 }));
    await pickHomeAddress(user);
    await user.click(placeOrder());

    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Prices have changed. Please review your cart.', {
        toastId: 'Prices have changed. Please review your cart.',
      }),
    );
    expect(store.getState().cart.items).toEqual([{ ...pinkSaltLine, price: 599 }]);
    expect(store.getState().cart.total).toBe(599);
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹599');
    expect(api.callsTo('POST /orders/razorpayPayment')).toHaveLength(0);
    expect(api.callsTo('POST /orders/mark-failed')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the pincode not deliverable when the server refuses it', async () => {
    stubCheckout({
      'POST /orders/createOrder': fail(400, 'Please enter a valid, serviceable pincode.'),
    });
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    expect(await screen.findByText('Not deliverable')).toBeTruthy();
    expect(placeOrder().disabled).toBe(true);
    expect(toasts.error).toHaveBeenCalledWith(
      'Please enter a valid, serviceable pincode.',
      expect.anything(),
    );
  });

  it('cancels the order when the payment cannot start', async () => {
    const api = stubCheckout({
      'POST /orders/createOrder': ok(pendingOrder),
      'POST /orders/razorpayPayment': fail(502, 'The payment gateway is not answering'),
      'POST /orders/mark-failed': ok(null),
    });
    const user = userEvent.setup();
    const { store } = renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'The payment gateway is not answering',
        expect.anything(),
      ),
    );
    expect(api.callsTo('POST /orders/mark-failed')[0]?.body).toEqual({ orderId: 'order-1' });
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('sends one order key until an order is made, so a retry after no answer holds nothing twice', async () => {
    let creating = fail(
      503,
      'The shop cannot reach one of its services right now. Please try again in a moment.',
    );
    const api = stubCheckout({ ...successRoutes(), 'POST /orders/createOrder': () => creating });
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    await waitFor(() => expect(api.callsTo('POST /orders/createOrder')).toHaveLength(1));
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    creating = ok(pendingOrder);
    await user.click(placeOrder());
    const sheet = await screen.findByRole('dialog', { name: 'Mithila Makhana Co.' });
    await user.click(within(sheet).getByRole('button', { name: 'Close payment window' }));
    await waitFor(() => expect(api.callsTo('POST /orders/mark-failed')).toHaveLength(1));

    await user.click(placeOrder());
    await waitFor(() => expect(api.callsTo('POST /orders/createOrder')).toHaveLength(3));
    const keys = api
      .callsTo('POST /orders/createOrder')
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // The answer that never came: the same key again. The order made and then given up: a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('places one order however often Place Order is pressed', async () => {
    let answer: (value: Response) => void = () => {};
    const api = stubCheckout(successRoutes());
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);
    // Hold the order call open while the shopper presses again.
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/orders/createOrder')) {
          api.calls.push({
            method: 'POST',
            path: '/orders/createOrder',
            body: null,
            authorization: null,
            headers: {},
          });
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        }
        return realFetch(input, init);
      }),
    );
    const button = placeOrder();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(screen.getByRole('form', { name: 'Checkout' }));
    await waitFor(() => expect(placeOrder().textContent).toContain('Placing your order…'));
    expect(placeOrder().disabled).toBe(true);
    expect(api.callsTo('POST /orders/createOrder')).toHaveLength(1);
    await act(async () => {
      answer(
        new Response(
          JSON.stringify({
            statusCode: 500,
            data: null,
            message: 'Boom',
            success: false,
            errors: [],
          }),
          {
            status: 500,
          },
        ),
      );
    });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));
    expect(api.callsTo('POST /orders/createOrder')).toHaveLength(1);
  });

  it('pays through Razorpay with the same sequence when the server chooses it', async () => {
    const opened: { options: ConstructorParameters<RazorpayConstructor>[0] }[] = [];
    const failures: ((response: { error?: { description?: string } }) => void)[] = [];
    window.Razorpay = class {
      constructor(readonly options: ConstructorParameters<RazorpayConstructor>[0]) {
        opened.push({ options });
      }
      open() {}
      on(_event: string, listener: (typeof failures)[number]) {
        failures.push(listener);
      }
    } as unknown as RazorpayConstructor;
    const api = stubCheckout(successRoutes(paymentOrderFor('razorpay', { keyId: 'rzp_live_x' })));
    const user = userEvent.setup();
    const { router, store } = renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());

    await waitFor(() => expect(opened).toHaveLength(1));
    const { options } = opened[0]!;
    expect(options).toMatchObject({
      key: 'rzp_live_x',
      amount: 54900,
      currency: 'INR',
      order_id: 'order_SIM123',
      name: 'Mithila Makhana Co.',
      description: 'Order MM-2025-0042',
      prefill: { name: 'Asha Jha', email: 'asha@example.com', contact: '9876543210' },
      theme: { color: '#1f3d2b' },
    });
    expect(failures).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => options.handler(signedPayment));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-status/order-1'));
    expect(api.callsTo('POST /orders/verifyPayment')[0]?.body).toEqual(signedPayment);
    expect(store.getState().cart.items).toEqual([]);
  });

  it('cancels the order when the Razorpay window is dismissed', async () => {
    const rzp: { dismiss: (() => void) | null } = { dismiss: null };
    window.Razorpay = class {
      constructor(options: ConstructorParameters<RazorpayConstructor>[0]) {
        rzp.dismiss = options.modal.ondismiss;
      }
      open() {}
      on() {}
    } as unknown as RazorpayConstructor;
    const api = stubCheckout(successRoutes(paymentOrderFor('razorpay')));
    const user = userEvent.setup();
    renderCheckout();
    await pickHomeAddress(user);
    await user.click(placeOrder());
    await waitFor(() => expect(api.callsTo('POST /orders/razorpayPayment')).toHaveLength(1));
    await waitFor(() => expect(rzp.dismiss).not.toBeNull());
    await act(async () => rzp.dismiss?.());
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Payment was cancelled or not completed.',
        expect.anything(),
      ),
    );
    expect(api.callsTo('POST /orders/mark-failed')[0]?.body).toEqual({ orderId: 'order-1' });
    expect(api.callsTo('POST /orders/verifyPayment')).toHaveLength(0);
  });
});
