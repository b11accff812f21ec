import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addItem } from '../stores/cart-slice';
import { createStore } from '../stores/store';
import { customer, ok, stubRoutes } from '../test/customer-fixtures';
import { renderRoutes } from '../test/shop-fixtures';
import { routes } from './routes';

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/order-status/{id}: the customer's own order only", () => {
  it('shows a visitor the login screen instead of the order', async () => {
    const api = stubRoutes({
      'GET /orders/order-id-details/order-1': ok({
        _id: 'order-1',
        orderNumber: 'MM-2025-0042',
        items: [],
        shippingCost: 0,
        totalAmount: 549,
        shippingAddress: null,
        paymentMethod: 'Prepaid',
        paymentStatus: 'completed',
        status: 'Confirmed',
        createdAt: '2025-05-12T09:30:00.000Z',
      }),
      'GET /banners/getBannerDetails': ok([]),
      'GET /users/getUser': ok(customer),
    });
    renderRoutes(routes, { initialEntries: ['/order-status/order-1'] });
    expect(await screen.findByLabelText('Email address')).toBeTruthy();
    expect(api.callsTo('GET /orders/order-id-details/order-1')).toHaveLength(0);
  });
});

describe('/checkout: signed-in customers only, and sign-in returns here', () => {
  it('shows a visitor the login screen, then the checkout after signing in there', async () => {
    stubRoutes({
      'POST /users/loginUser': ok({ user: { email: customer.email } }),
      'POST /users/loginVerificationUser': ok({
        user: customer,
        accessToken: 'acc',
        refreshToken: 'ref',
      }),
      'GET /users/getAddressDetails': ok([]),
      'GET /banners/getBannerDetails': ok([]),
    });
    const store = createStore();
    store.dispatch(
      addItem({
        id: 'prod-classic',
        name: 'Classic Roasted Makhana',
        image: '',
        weight: 250,
        sku: 'MM-CLS-250',
        price: 449,
        quantity: 1,
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { initialEntries: ['/checkout'], store });

    await user.type(await screen.findByLabelText('Email address'), customer.email);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('One-time code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹499');
    // Prefilled from the customer; Place Order waits for a serviceable pincode.
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Asha');
    expect(
      (screen.getByRole('button', { name: /place order/i }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('loads the signed-in customer at start-up and shows the dashboard', async () => {
    const api = stubRoutes({
      'GET /users/getUser': ok({ ...customer, firstName: 'Asha Rani' }),
      'GET /banners/getBannerDetails': ok([]),
    });
    const store = createStore();
    store.dispatch({ type: 'auth/loginVerification/fulfilled', payload: { user: customer } });
    renderRoutes(routes, { initialEntries: ['/dashboard'], store });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Rani' })).toBeTruthy();
    // The session cookie carries the call; the browser sends no bearer header.
    expect(api.callsTo('GET /users/getUser')[0]?.authorization).toBeNull();
  });

  it('does not load a visitor', async () => {
    const api = stubRoutes({ 'GET /banners/getBannerDetails': ok([]) });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' }),
    ).toBeTruthy();
    expect(api.callsTo('GET /users/getUser')).toHaveLength(0);
  });
});
