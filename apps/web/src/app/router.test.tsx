import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, ok, stubAccountApi } from '../features/account/account-fixtures';
import { addItem } from '../stores/cart-slice';
import { createStore } from '../stores/store';
import { renderRoutes } from '../test/shop-fixtures';
import { routes } from './router';

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/checkout (spec 2; DESIGN 4, Sign-in return)', () => {
  it('shows a visitor the login screen, then the checkout after signing in there', async () => {
    stubAccountApi({
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
    expect(screen.getByText('Payment opens in the next step.')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹499');
    expect(screen.queryByRole('button', { name: /place order/i })).toBeNull();
  });

  it('loads the signed-in customer at start-up and shows the dashboard', async () => {
    const api = stubAccountApi({
      'GET /users/getUser': ok({ ...customer, firstName: 'Asha Rani' }),
      'GET /banners/getBannerDetails': ok([]),
    });
    const store = createStore();
    store.dispatch({
      type: 'auth/loginVerification/fulfilled',
      payload: { user: customer, accessToken: 'acc', refreshToken: 'ref' },
    });
    renderRoutes(routes, { initialEntries: ['/dashboard'], store });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Rani' })).toBeTruthy();
    expect(api.callsTo('GET /users/getUser')[0]?.authorization).toBe('Bearer acc');
  });

  it('does not load a visitor', async () => {
    const api = stubAccountApi({ 'GET /banners/getBannerDetails': ok([]) });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' }),
    ).toBeTruthy();
    expect(api.callsTo('GET /users/getUser')).toHaveLength(0);
  });
});
