import { screen } from '@testing-library/react';
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
    ],
    { initialEntries: [entry] },
  );
}

describe('GoogleLoginPage', () => {
  it('submits both tokens, loads the user and goes home', async () => {
    const api = stubRoutes({
      'POST /users/googleLogin': ok({
        user: customer,
        accessToken: 'g-acc',
        refreshToken: 'g-ref',
      }),
      'GET /users/getUser': ok({ ...customer, orders: 3 }),
    });
    const { store, router } = renderGoogle('/google-login?accessToken=tok-a&refreshToken=tok-r');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /users/googleLogin')[0]?.body).toEqual({
      accessToken: 'tok-a',
      refreshToken: 'tok-r',
    });
    expect(api.callsTo('GET /users/getUser')[0]?.authorization).toBe('Bearer g-acc');
    expect(toasts.success).toHaveBeenCalledWith('User Login successfully');
    const { auth } = store.getState();
    expect(auth.isUserAuthenticated).toBe(true);
    expect(auth.user).toMatchObject({ _id: customer._id, orders: 3 });
    expect(auth.refreshToken).toBe('g-ref');
  });

  it('reports a refusal and goes to /login', async () => {
    stubRoutes({ 'POST /users/googleLogin': fail(400, 'Google sign-in has expired') });
    const { store } = renderGoogle('/google-login?accessToken=a&refreshToken=r');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith('Google sign-in has expired', expect.anything());
    expect(store.getState().auth.isUserAuthenticated).toBe(false);
  });

  it('goes to /login without both tokens', async () => {
    const api = stubRoutes({});
    renderGoogle('/google-login?accessToken=only-one');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(api.callsTo('POST /users/googleLogin')).toHaveLength(0);
  });
});
