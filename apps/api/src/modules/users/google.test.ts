import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { tempDataDir, testApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { call, setCookies } from '../auth/test-helpers';

let database: TestDatabase;
let app: FastifyInstance;
let unconfigured: FastifyInstance;
let oidc: OAuth2Server;
const data = tempDataDir();
const PUBLIC = 'http://shop.test';
const CLIENT_ID = 'makhana-client';

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}
let identity: Identity;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const port = oidc.address().port;
  // The mock names itself http://localhost:PORT; use the address it is bound to instead.
  oidc.issuer.url = `http://127.0.0.1:${port}`;
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  database = await createTestDatabase();
  app = await testApp({
    db: database.db,
    dataDir: data.dir,
    env: {
      PUBLIC_URL: PUBLIC,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'makhana-secret',
      GOOGLE_ISSUER_URL: `http://127.0.0.1:${port}`,
    },
  });
  unconfigured = await testApp({ db: database.db, dataDir: data.dir });
});
afterAll(async () => {
  await app?.close();
  await unconfigured?.close();
  await oidc?.stop();
  await database?.close();
  data.remove();
});
beforeEach(async () => {
  await database.reset();
  identity = {
    sub: 'google-sub-1',
    email: 'Meera.Jha@gmail.com',
    email_verified: true,
    given_name: 'Meera',
    family_name: 'Jha',
  };
});

function cookieHeader(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
}

function loginError(response: LightMyRequestResponse): string | null {
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  if (!location.startsWith('/login?error=')) return null;
  return decodeURIComponent(location.slice('/login?error='.length));
}

/** Starts sign-in, lets the OIDC server answer, and comes back to the callback. */
async function roundTrip(tamper?: (callback: URL) => void) {
  const start = await app.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const stateCookie = setCookies(start).get('googleAuth');
  expect(stateCookie?.raw).toMatch(/HttpOnly/);
  expect(stateCookie?.raw).toMatch(/Path=\/api\/v1\/users\/auth\/google/);
  expect(stateCookie?.raw).toMatch(/Max-Age=600/);

  const answer = await fetch(authorize, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const callback = new URL(String(answer.headers.get('location')));
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC}/api/v1/users/auth/google/callback`);
  tamper?.(callback);
  const finish = await app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    cookies: cookieHeader(start),
  });
  return { start, authorize, finish };
}

describe('Google sign-in', () => {
  it('sends the browser to the issuer with PKCE, state and nonce', async () => {
    const { authorize } = await roundTrip();
    const q = authorize.searchParams;
    expect(authorize.origin).toBe(oidc.issuer.url);
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC}/api/v1/users/auth/google/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
  });

  it('creates a customer, hands the tokens to /google-login, and googleLogin completes it', async () => {
    const { finish } = await roundTrip();
    expect(finish.statusCode).toBe(302);
    const target = new URL(String(finish.headers.location));
    expect(target.origin + target.pathname).toBe(`${PUBLIC}/google-login`);
    const accessToken = target.searchParams.get('accessToken')!;
    const refreshToken = target.searchParams.get('refreshToken')!;
    expect(accessToken).toBeTruthy();
    expect(refreshToken).toBeTruthy();

    const login = await call(app, 'POST', '/users/googleLogin', {
      body: { accessToken, refreshToken },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().message).toBe('User Login successfully');
    expect(login.json().data).toMatchObject({
      accessToken,
      refreshToken,
      user: { email: 'meera.jha@gmail.com', firstName: 'Meera', lastName: 'Jha', phoneNumber: '' },
    });
    const cookies = setCookies(login);
    expect(cookies.get('accessToken')?.value).toBe(accessToken);
    expect(cookies.get('refreshToken')?.value).toBe(refreshToken);

    const me = await call(app, 'GET', '/users/getUser', { cookies: { accessToken } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('meera.jha@gmail.com');

    // A second sign-in finds the same customer by the Google subject, even with a new e-mail.
    identity.email = 'meera.new@gmail.com';
    await roundTrip();
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.googleSubject).toBe('google-sub-1');
  });

  it('links an existing account with the same e-mail', async () => {
    const registered = await call(app, 'POST', '/users/registerUser', {
      body: {
        firstName: 'Meera',
        lastName: 'Jha',
        email: 'meera.jha@gmail.com',
        phoneNumber: '9988776655',
      },
    });
    const existingId = registered.json().data.user._id;
    const { finish } = await roundTrip();
    const target = new URL(String(finish.headers.location));
    const login = await call(app, 'POST', '/users/googleLogin', {
      body: {
        accessToken: target.searchParams.get('accessToken'),
        refreshToken: target.searchParams.get('refreshToken'),
      },
    });
    expect(login.json().data.user).toMatchObject({ _id: existingId, phoneNumber: '9988776655' });
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.googleSubject).toBe('google-sub-1');
  });

  it('refuses a mismatched or missing state', async () => {
    const { finish } = await roundTrip((callback) => callback.searchParams.set('state', 'forged'));
    expect(loginError(finish)).toBe('Google sign-in expired or was interrupted. Please try again.');

    const start = await app.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
    const answer = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(String(answer.headers.get('location')));
    const noCookie = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(loginError(noCookie)).toBe(
      'Google sign-in expired or was interrupted. Please try again.',
    );
    const forgedCookie = await app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: {
        googleAuth: JSON.stringify({
          state: callback.searchParams.get('state'),
          nonce: 'n',
          codeVerifier: 'v'.repeat(43),
        }),
      },
    });
    expect(loginError(forgedCookie)).toBe(
      'Google sign-in expired or was interrupted. Please try again.',
    );
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses an unverified e-mail, a cancelled consent and a wrong audience', async () => {
    identity.email_verified = false;
    expect(loginError((await roundTrip()).finish)).toBe(
      'Your Google e-mail address is not verified. Please sign in with your e-mail.',
    );
    identity.email_verified = true;

    const cancelled = await app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/google/callback?error=access_denied&state=x',
    });
    expect(loginError(cancelled)).toBe(
      'Google sign-in was cancelled. Please try again or use your e-mail.',
    );

    // Both the access token and the ID token pass this hook: spoil the audience of both.
    oidc.service.removeAllListeners('beforeTokenSigning');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, identity, { aud: 'someone-else' });
    });
    try {
      expect(loginError((await roundTrip()).finish)).toBe(
        'Google sign-in failed. Please try again or use your e-mail.',
      );
    } finally {
      oidc.service.removeAllListeners('beforeTokenSigning');
      oidc.service.on('beforeTokenSigning', (token) => {
        Object.assign(token.payload, identity);
      });
    }
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses googleLogin with tokens of different sessions or bad input', async () => {
    const first = new URL(String((await roundTrip()).finish.headers.location));
    const second = new URL(String((await roundTrip()).finish.headers.location));
    const mixed = await call(app, 'POST', '/users/googleLogin', {
      body: {
        accessToken: first.searchParams.get('accessToken'),
        refreshToken: second.searchParams.get('refreshToken'),
      },
    });
    expect(mixed.statusCode).toBe(401);
    expect(mixed.json().message).toBe('Google sign-in could not be completed. Please try again.');
    const junk = await call(app, 'POST', '/users/googleLogin', {
      body: { accessToken: 'a.b.c', refreshToken: 'nope' },
    });
    expect(junk.statusCode).toBe(401);
    const missing = await call(app, 'POST', '/users/googleLogin', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('accessToken');
  });

  it('sends the browser back to /login when Google sign-in is not configured', async () => {
    const response = await unconfigured.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `/login?error=${encodeURIComponent('Google sign-in is not available right now. Please use your e-mail.')}`,
    );
  });
});
