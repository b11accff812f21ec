import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, fail, ok, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { GoogleLoginPage } from './google-login-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderGoogle(entry: string) {
  return renderRoutes(
    [
      { path: '/google-login', Component: GoogleLoginPage },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/product/:id', element: <h1>Product page</h1> },
    ],
    { initialEntries: [entry] },
  );
}

/** Holds the googleLogin answer back until `release`, so the page can be seen mid-exchange. */
function holdGoogleLogin(api: ReturnType<typeof stubRoutes>) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/users/googleLogin')) await gate;
    return answer(input, init);
  });
  return () => release();
}

describe('GoogleLoginPage', () => {
  it('drops the code from the address at once, exchanges it, loads the user and goes home', async () => {
    const api = stubRoutes({
      'POST /users/googleLogin': ok({
        user: customer,
        accessToken: 'g-acc',
        refreshToken: 'g-ref',
      }),
      'GET /users/getUser': ok({ ...customer, orders: 3 }),
    });
    const release = holdGoogleLogin(api);
    const { store, router } = renderGoogle('/google-login?code=one-time-code');

    // Before the server has answered, the code is gone from the address and from history.
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/google-login');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeTruthy();

    release();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.order()).toEqual(['POST /users/googleLogin', 'GET /users/getUser']);
    expect(api.callsTo('POST /users/googleLogin')[0]?.body).toEqual({ code: 'one-time-code' });
    expect(toasts.success).toHaveBeenCalledWith('User Login successfully');
    const { auth } = store.getState();
    expect(auth.isUserAuthenticated).toBe(true);
    expect(auth.user).toMatchObject({ _id: customer._id, orders: 3 });
  });

  it('returns to the page the sign-in started from, once, and only to a page of the shop', async () => {
    const answers = {
      'POST /users/googleLogin': ok({ user: customer, accessToken: 'a', refreshToken: 'r' }),
      'GET /users/getUser': ok(customer),
    };
    stubRoutes(answers);
    sessionStorage.setItem('googleSignInReturn', '/product/prod-classic');
    const first = renderGoogle('/google-login?code=one');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/product/prod-classic'));
    expect(sessionStorage.getItem('googleSignInReturn')).toBeNull();
    first.unmount();

    stubRoutes(answers);
    sessionStorage.setItem('googleSignInReturn', '//evil.example/steal');
    const second = renderGoogle('/google-login?code=two');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/');
  });

  it('reports a refused code and goes to /login', async () => {
    const api = stubRoutes({
      'POST /users/googleLogin': fail(
        401,
        'Google sign-in could not be completed. Please try again.',
      ),
    });
    const { store, router } = renderGoogle('/google-login?code=used-already');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith(
      'Google sign-in could not be completed. Please try again.',
      expect.anything(),
    );
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST /users/googleLogin')).toHaveLength(1);
    await waitFor(() => expect(store.getState().auth.isUserAuthenticated).toBe(false));
  });

  it('goes to /login without a code, and never sends tokens from the address', async () => {
    const api = stubRoutes({});
    renderGoogle('/google-login?accessToken=a&refreshToken=r');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(api.callsTo('POST /users/googleLogin')).toHaveLength(0);
  });
});
