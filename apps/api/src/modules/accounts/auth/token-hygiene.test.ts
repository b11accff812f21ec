import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { useTestApp } from '../../../test/app';
import { call, setCookies, signInCustomer } from '../../../test/requests';

const api = useTestApp({
  env: { RATE_LIMIT_STRICT_MAX: '1000', OTP_RESEND_SECONDS: '0' },
  owner: true,
});
const BROWSER = { origin: 'http://localhost:3000' };

const ownerLogin = (headers: Record<string, string> = {}) =>
  call(api.app, 'POST', '/admins/onlyAdminTo/login', {
    headers,
    body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
  });

describe('tokens stay out of what a browser script can read', () => {
  it("a browser's sign-in gets its session in cookies only; an API client gets the tokens", async () => {
    const browser = await ownerLogin(BROWSER);
    expect(browser.statusCode, browser.body).toBe(200);
    expect(Object.keys(browser.json().data)).toEqual(['admin']);
    const cookies = setCookies(browser);
    expect([...cookies.keys()].sort()).toEqual(['adminAccessToken', 'adminRefreshToken']);
    expect(String(browser.headers['set-cookie'])).toContain('HttpOnly');
    expect(browser.headers['cache-control']).toBe('no-store');

    const client = await ownerLogin();
    expect(client.json().data).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });

    // A renewal by the browser's cookie answers no token either.
    const renewed = await call(api.app, 'POST', '/admins/refresh-token', {
      headers: BROWSER,
      cookies: { adminRefreshToken: cookies.get('adminRefreshToken')?.value ?? '' },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data).toEqual({});
    expect(renewed.headers['cache-control']).toBe('no-store');
    expect([...setCookies(renewed).keys()].sort()).toEqual([
      'adminAccessToken',
      'adminRefreshToken',
    ]);
  });

  it("a customer's sign-in by code from the browser answers the customer, not the tokens", async () => {
    const { accessToken } = await api.signInCustomer('hygiene@example.com');
    expect(accessToken).toEqual(expect.any(String));
    const { response } = await signInCustomer(
      api.app,
      api.outboxDir,
      'hygiene@example.com',
      BROWSER,
    );
    expect(Object.keys(response.json().data)).toEqual(['user']);
    expect([...setCookies(response).keys()].sort()).toEqual(['accessToken', 'refreshToken']);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('answers that carry personal data are kept by no cache', () => {
  it("no-store on a signed-in caller's answers, refused ones too; the catalogue stays cacheable", async () => {
    const { accessToken } = await api.signInCustomer('no-store@example.com');
    const owner = (await ownerLogin()).json().data.accessToken as string;
    for (const [path, token] of [
      ['/users/getUser', accessToken],
      ['/users/getAddressDetails', accessToken],
      ['/orders/orderDetails', accessToken],
      ['/admins/getAdmin', owner],
      ['/users/getUserDetails', owner],
      ['/admins/dashboard', owner],
      ['/supports/inbox', owner],
      ['/admins/getAdmin', undefined],
    ] as const) {
      const answer = await call(api.app, 'GET', path, token ? { token } : {});
      expect(answer.headers['cache-control'], `${path} (${answer.statusCode})`).toBe('no-store');
    }
    const catalogue = await call(api.app, 'GET', '/products/getProductDetails');
    expect(catalogue.headers['cache-control']).not.toContain('no-store');
  });
});
