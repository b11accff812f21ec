import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailChangeUndos, googleLoginCodes, refreshSessions, users } from '../../../db/schema';
import { memoryLogger, useTestApp } from '../../../test/app';
import { call, insertUser, setCookies } from '../../../test/requests';

let unconfigured: FastifyInstance;
let oidc: OAuth2Server;
const memory = memoryLogger();
const logLines = memory.lines;
const PUBLIC = 'http://shop.test';
const CLIENT_ID = 'makhana-client';
const INVALID = 'Google sign-in could not be completed. Please try again.';

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
});
// Registered after the hook above, so the app is built with the issuer's address.
const api = useTestApp({
  env: () => ({
    PUBLIC_URL: PUBLIC,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'makhana-secret',
    GOOGLE_ISSUER_URL: oidc.issuer.url ?? '',
    RATE_LIMIT_STRICT_MAX: '1000',
    OTP_RESEND_SECONDS: '0',
  }),
  logger: memory.logger,
});
beforeAll(async () => {
  unconfigured = await api.startApp();
});
afterAll(async () => {
  await oidc?.stop();
});
beforeEach(async () => {
  logLines.length = 0;
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
  return location.slice('/login?error='.length);
}

/** Starts sign-in, lets the OIDC server answer, and comes back to the callback. */
async function roundTrip(tamper?: (callback: URL) => void) {
  const start = await api.app.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const stateCookie = setCookies(start).get('googleAuth');
  expect(stateCookie?.raw).toMatch(/HttpOnly/);
  expect(stateCookie?.raw).toMatch(/Path=\/api\/v1\/users\/auth\/google/);
  expect(stateCookie?.raw).toMatch(/Max-Age=600/);
  const browser = setCookies(start).get('googleBrowser');
  expect(browser?.value).toMatch(/^[\w-]{43}$/);
  expect(browser?.raw).toMatch(/HttpOnly/);
  expect(browser?.raw).toMatch(/SameSite=Lax/);
  expect(browser?.raw).toMatch(/Path=\/api\/v1\/users;/);
  expect(browser?.raw).toMatch(/Max-Age=600/);
  expect(browser?.raw).not.toMatch(/Secure/);

  const answer = await fetch(authorize, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const callback = new URL(String(answer.headers.get('location')));
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC}/api/v1/users/auth/google/callback`);
  tamper?.(callback);
  const finish = await api.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    cookies: cookieHeader(start),
  });
  return { start, authorize, callback, finish, browser: browser!.value };
}

/** The code the callback hands to /google-login; the URL carries nothing else. */
function handOffCode(finish: LightMyRequestResponse): string {
  expect(finish.statusCode).toBe(302);
  const target = new URL(String(finish.headers.location));
  expect(target.origin + target.pathname).toBe(`${PUBLIC}/google-login`);
  expect([...target.searchParams.keys()]).toEqual(['code']);
  // No token rides along: neither by name nor as a JWT (three base64url parts, the first `eyJ`).
  // A random code may contain the letters `eyJ`, so the whole JWT shape is what is looked for.
  expect(String(finish.headers.location)).not.toMatch(
    /accessToken|refreshToken|eyJ[\w-]*\.[\w-]+\.[\w-]+/,
  );
  return target.searchParams.get('code')!;
}

function googleLogin(code: unknown, browser?: string) {
  return call(api.app, 'POST', '/users/googleLogin', {
    body: { code },
    ...(browser ? { cookies: { googleBrowser: browser } } : {}),
  });
}

/** A whole Google sign-in, as the browser makes it. */
async function signInWithGoogle() {
  const { finish, browser } = await roundTrip();
  const login = await googleLogin(handOffCode(finish), browser);
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data as {
    user: { _id: string; email: string };
    accessToken: string;
    refreshToken: string;
  };
}

async function liveSessions(userId: string) {
  const rows = await api.db
    .select()
    .from(refreshSessions)
    .where(eq(refreshSessions.subjectId, userId));
  return rows.filter((row) => !row.revokedAt);
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

  it('hands /google-login a single-use code, never a token; googleLogin exchanges it once', async () => {
    const { finish, browser } = await roundTrip();
    const code = handOffCode(finish);
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(finish.headers['cache-control']).toBe('no-store');
    // The callback opened no session and set no session cookie: only the code can.
    expect(setCookies(finish).has('accessToken')).toBe(false);
    expect(await api.db.select().from(refreshSessions)).toHaveLength(0);
    // Only a hash of the code is kept, and it lives 60 seconds.
    const [stored] = await api.db.select().from(googleLoginCodes);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(browser);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThan(61_000);

    const login = await googleLogin(code, browser);
    expect(login.statusCode).toBe(200);
    expect(login.json().message).toBe('User Login successfully');
    const { accessToken, refreshToken, user } = login.json().data;
    expect(user).toMatchObject({
      email: 'meera.jha@gmail.com',
      firstName: 'Meera',
      lastName: 'Jha',
      phoneNumber: '',
    });
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    const cookies = setCookies(login);
    expect(cookies.get('accessToken')?.value).toBe(accessToken);
    expect(cookies.get('refreshToken')?.value).toBe(refreshToken);
    // The browser binding has done its work.
    expect(cookies.get('googleBrowser')?.value).toBe('');
    expect(cookies.get('googleBrowser')?.raw).toMatch(/Path=\/api\/v1\/users;/);

    const me = await call(api.app, 'GET', '/users/getUser', { cookies: { accessToken } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('meera.jha@gmail.com');
    // Google vouched for the address.
    const [row] = await api.db.select().from(users);
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await googleLogin(code, browser);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(INVALID);

    // A second sign-in finds the same customer by the Google subject, even with a new e-mail.
    identity.email = 'meera.new@gmail.com';
    await signInWithGoogle();
    const rows = await api.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.googleSubject).toBe('google-sub-1');
  });

  it('refuses the code from another browser, without burning it, and once it expired', async () => {
    const first = await roundTrip();
    const code = handOffCode(first.finish);
    // A link with someone's code, opened where the sign-in did not start.
    expect((await googleLogin(code)).statusCode).toBe(401);
    const elsewhere = await api.app.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
    const otherBrowser = setCookies(elsewhere).get('googleBrowser')!.value;
    const foreign = await googleLogin(code, otherBrowser);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe(INVALID);
    expect(await api.db.select().from(refreshSessions)).toHaveLength(0);
    expect((await googleLogin(code, first.browser)).statusCode).toBe(200);

    const second = await roundTrip();
    const late = handOffCode(second.finish);
    await api.db.update(googleLoginCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await googleLogin(late, second.browser);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(INVALID);
    expect((await googleLogin('never-issued', second.browser)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous exchanges of a code win', async () => {
    const { finish, browser } = await roundTrip();
    const code = handOffCode(finish);
    const answers = await Promise.all(Array.from({ length: 4 }, () => googleLogin(code, browser)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
    expect(await api.db.select().from(refreshSessions)).toHaveLength(1);
  });

  it('names the field of bad googleLogin input', async () => {
    const missing = await call(api.app, 'POST', '/users/googleLogin', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({ field: 'code', message: 'Code is required' });
    const long = await googleLogin('c'.repeat(5000), 'x');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('code');
    // The old hand-off, tokens in the body, opens nothing.
    const tokens = await call(api.app, 'POST', '/users/googleLogin', {
      body: { accessToken: 'a.b.c', refreshToken: 'r'.repeat(43) },
    });
    expect(tokens.statusCode).toBe(400);
  });

  it('attaches to an existing account only once a code proved its e-mail, then ends its other sessions', async () => {
    const registered = await call(api.app, 'POST', '/users/registerUser', {
      body: {
        firstName: 'Meera',
        lastName: 'Jha',
        email: 'meera.jha@gmail.com',
        phoneNumber: '9988776655',
      },
    });
    const existingId = registered.json().data.user._id;
    // Nobody proved this e-mail yet: whoever typed it in must not share the account with Google.
    expect(loginError((await roundTrip()).finish)).toBe('google_email_unproven');
    let [row] = await api.db.select().from(users);
    expect(row!.googleSubject).toBeNull();

    const byCode = await api.signInCustomer('meera.jha@gmail.com');
    [row] = await api.db.select().from(users);
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await liveSessions(existingId)).toHaveLength(1);

    const google = await signInWithGoogle();
    expect(google.user).toMatchObject({ _id: existingId });
    const rows = await api.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.googleSubject).toBe('google-sub-1');
    // The session from before Google was attached is over, access and refresh token alike.
    const before = await call(api.app, 'GET', '/users/getUser', { token: byCode.accessToken });
    expect(before.statusCode).toBe(401);
    const refresh = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: byCode.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const now = await call(api.app, 'GET', '/users/getUser', { token: google.accessToken });
    expect(now.statusCode).toBe(200);

    // Later sign-ins find the account by its subject and end nothing.
    const later = await signInWithGoogle();
    expect(later.user._id).toBe(existingId);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: google.accessToken })).statusCode,
    ).toBe(200);
    expect(await liveSessions(existingId)).toHaveLength(2);
  });

  it('refuses an account that another Google account already owns', async () => {
    await signInWithGoogle();
    identity.sub = 'google-sub-2';
    expect(loginError((await roundTrip()).finish)).toBe('google_other_account');
  });

  it('makes no account of an address an undo link holds for the account it left', async () => {
    const left = await insertUser(api.db, 'elsewhere@example.in');
    await api.db.insert(emailChangeUndos).values({
      userId: left.id,
      restoreEmail: 'meera.jha@gmail.com',
      changedTo: left.email,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(loginError((await roundTrip()).finish)).toBe('google_email_held');
    expect(await api.db.select().from(users).where(eq(users.email, 'meera.jha@gmail.com'))).toEqual(
      [],
    );
  });

  it('refuses a mismatched or missing state, and a browser that did not start the sign-in', async () => {
    const { finish } = await roundTrip((callback) => callback.searchParams.set('state', 'forged'));
    expect(loginError(finish)).toBe('google_interrupted');

    const start = await api.app.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
    const answer = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(String(answer.headers.get('location')));
    const url = callback.pathname + callback.search;
    const noCookie = await api.app.inject({ method: 'GET', url });
    expect(loginError(noCookie)).toBe('google_interrupted');
    const { googleBrowser: _browser, ...stateOnly } = cookieHeader(start);
    const noBrowser = await api.app.inject({ method: 'GET', url, cookies: stateOnly });
    expect(loginError(noBrowser)).toBe('google_interrupted');
    const forgedCookie = await api.app.inject({
      method: 'GET',
      url,
      cookies: {
        ...cookieHeader(start),
        googleAuth: JSON.stringify({
          state: callback.searchParams.get('state'),
          nonce: 'n',
          codeVerifier: 'v'.repeat(43),
        }),
      },
    });
    expect(loginError(forgedCookie)).toBe('google_interrupted');
    expect(await api.db.select().from(users)).toHaveLength(0);
    expect(await api.db.select().from(googleLoginCodes)).toHaveLength(0);
  });

  it('refuses an unverified e-mail, a cancelled consent and a wrong audience', async () => {
    identity.email_verified = false;
    expect(loginError((await roundTrip()).finish)).toBe('google_unverified');
    identity.email_verified = true;

    const cancelled = await api.app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/google/callback?error=access_denied&state=x',
    });
    expect(loginError(cancelled)).toBe('google_cancelled');

    // Both the access token and the ID token pass this hook: spoil the audience of both.
    oidc.service.removeAllListeners('beforeTokenSigning');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, identity, { aud: 'someone-else' });
    });
    try {
      expect(loginError((await roundTrip()).finish)).toBe('google_failed');
    } finally {
      oidc.service.removeAllListeners('beforeTokenSigning');
      oidc.service.on('beforeTokenSigning', (token) => {
        Object.assign(token.payload, identity);
      });
    }
    expect(await api.db.select().from(users)).toHaveLength(0);
  });

  it('keeps the query strings of the sign-in steps out of the request log', async () => {
    const { callback, finish } = await roundTrip();
    const code = handOffCode(finish);
    await api.app.inject({ method: 'GET', url: `/google-login?code=${code}` });
    await api.app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/%67oogle/callback?code=abc&state=def',
    });
    await api.app.inject({ method: 'GET', url: '/api/v1/products/getProducts?page=2' });
    const log = logLines.join('');
    expect(log).toContain('"url":"/api/v1/users/auth/google/callback"');
    expect(log).toContain('"url":"/google-login"');
    expect(log).toContain('"url":"/api/v1/users/auth/%67oogle/callback"');
    expect(log).not.toContain('code=');
    expect(log).not.toContain('state=');
    expect(log).not.toContain(callback.searchParams.get('code')!);
    expect(log).not.toContain(code);
    // Other query strings stay: they help to read a log.
    expect(log).toContain('page=2');
  });

  it('says whether Google sign-in is set up, so the button can show it is off', async () => {
    const on = await call(api.app, 'GET', '/users/auth/google/status');
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ configured: true });
    const off = await call(unconfigured, 'GET', '/users/auth/google/status');
    expect(off.json().data).toEqual({ configured: false });
  });

  it('sends the browser back to /login when Google sign-in is not configured', async () => {
    const response = await unconfigured.inject({ method: 'GET', url: '/api/v1/users/auth/google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=google_unavailable');
  });
});
