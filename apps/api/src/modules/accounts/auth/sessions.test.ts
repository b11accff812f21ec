import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, DEV_AUTH_SECRET } from '../../../config/config';
import { refreshSessions } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { call, setCookies } from '../../../test/requests';
import { ensureOwnerAccount } from '../admins/service';
import { deriveKey } from './tokens';

const api = useTestApp({
  env: { RATE_LIMIT_STRICT_MAX: '1000', OTP_RESEND_SECONDS: '0' },
  owner: true,
});
let production: FastifyInstance;
const PUBLIC = 'http://localhost:3000';
const PROD_PASSWORD = 'a-real-owner-password';

beforeAll(async () => {
  // The same database behind a production configuration: cookies must be Secure there.
  production = await api.startApp({
    env: {
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-secret-of-at-least-32-characters',
      ADMIN_PASSWORD: PROD_PASSWORD,
      ALLOW_SIMULATED_PAYMENTS: '1',
      MAIL_TRANSPORT: 'outbox',
      PUBLIC_URL: 'https://mithilamakhana.in',
      RATE_LIMIT_STRICT_MAX: '1000',
    },
  });
});

let n = 0;
const customer = () => api.signInCustomer(`ravi${++n}@example.com`);

async function ownerLogin(target = api.app, password = DEV_ADMIN_PASSWORD) {
  return call(target, 'POST', '/admins/onlyAdminTo/login', {
    body: { email: DEV_ADMIN_EMAIL, password },
  });
}

async function owner() {
  const response = await ownerLogin();
  expect(response.statusCode).toBe(200);
  return response.json().data as { accessToken: string; refreshToken: string; admin: object };
}

function expiredToken(realm: 'customer' | 'owner', sub: string, sid: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ realm, sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('mithila-makhana')
    .setAudience(realm)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new Uint8Array(deriveKey(DEV_AUTH_SECRET, 'access-token-v1')));
}

function sidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
}

describe('cookies', () => {
  it("sets httpOnly, SameSite=Lax cookies for the session's life, the refresh one on its path only, not Secure in development", async () => {
    const { response, accessToken, refreshToken } = await customer();
    const cookies = setCookies(response);
    expect(cookies.get('accessToken')?.value).toBe(accessToken);
    expect(cookies.get('refreshToken')?.value).toBe(refreshToken);
    const access = cookies.get('accessToken')!.raw;
    const refresh = cookies.get('refreshToken')!.raw;
    for (const raw of [access, refresh]) {
      expect(raw).toMatch(/; HttpOnly/);
      expect(raw).toMatch(/; SameSite=Lax/);
      expect(raw).not.toMatch(/Secure/);
      expect(raw).toMatch(/Max-Age=2592000(;|$)/);
    }
    expect(access).toMatch(/; Path=\/(;|$)/);
    expect(refresh).toMatch(/; Path=\/api\/v1\/users\/refresh-token(;|$)/);
  });

  it('marks cookies Secure in production, and the owner has cookies of their own', async () => {
    await api.database.reset();
    await ensureOwnerAccount(api.db, { email: DEV_ADMIN_EMAIL, password: PROD_PASSWORD });
    const response = await ownerLogin(production, PROD_PASSWORD);
    expect(response.statusCode).toBe(200);
    const cookies = setCookies(response);
    // __Host-: Secure, Path=/, no Domain, so no other host of the domain can set or shadow it.
    expect([...cookies.keys()].sort()).toEqual([
      '__Host-adminAccessToken',
      '__Secure-adminRefreshToken',
    ]);
    for (const { raw } of cookies.values()) {
      expect(raw).toMatch(/; Secure/);
      expect(raw).toMatch(/; HttpOnly/);
      expect(raw).toMatch(/; SameSite=Lax/);
      expect(raw).not.toMatch(/Domain=/i);
    }
    expect(cookies.get('__Host-adminAccessToken')?.raw).toMatch(/; Path=\/(;|$)/);
    expect(cookies.get('__Secure-adminRefreshToken')?.raw).toMatch(
      /; Path=\/api\/v1\/admins\/refresh-token(;|$)/,
    );

    // The session works by its cookies: a read, a renewal, and a logout that ends it.
    const access = cookies.get('__Host-adminAccessToken')?.value ?? '';
    const me = await call(production, 'GET', '/admins/getAdmin', {
      cookies: { '__Host-adminAccessToken': access },
    });
    expect(me.statusCode, me.body).toBe(200);
    const renewed = await call(production, 'POST', '/admins/refresh-token', {
      cookies: {
        '__Secure-adminRefreshToken': cookies.get('__Secure-adminRefreshToken')?.value ?? '',
      },
      headers: { origin: 'https://mithilamakhana.in' },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // Logout is not sent the refresh cookie: the access cookie names the session.
    const newAccess = setCookies(renewed).get('__Host-adminAccessToken')?.value ?? '';
    const out = await call(production, 'POST', '/admins/logoutAdmin', {
      cookies: { '__Host-adminAccessToken': newAccess },
      headers: { origin: 'https://mithilamakhana.in' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await call(production, 'GET', '/admins/getAdmin', {
      cookies: { '__Host-adminAccessToken': newAccess },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('access tokens and guards', () => {
  it('refuses a missing, malformed, forged or expired token', async () => {
    const { user, accessToken } = await customer();
    const missing = await call(api.app, 'GET', '/users/getUser');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('Not authenticated');

    for (const authorization of ['Basic abc', 'Bearer', `Bearer ${accessToken}x`, 'Bearer a.b.c']) {
      const response = await call(api.app, 'GET', '/users/getUser', { headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().message).toBe('Not authenticated');
    }
    const [header, payload] = accessToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await call(api.app, 'GET', '/users/getUser', { token: unsigned })).statusCode).toBe(
      401,
    );
    expect(header).toBeTruthy();

    const expired = await expiredToken('customer', user._id, sidOf(accessToken));
    const late = await call(api.app, 'GET', '/users/getUser', { token: expired });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Access token expired');
  });

  it('keeps the realms apart: a customer token never opens owner routes, nor the reverse', async () => {
    const shopper = await customer();
    const boss = await owner();

    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: boss.accessToken })).statusCode,
    ).toBe(200);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: shopper.accessToken })).statusCode,
    ).toBe(200);

    const asOwner = await call(api.app, 'GET', '/admins/getAdmin', { token: shopper.accessToken });
    expect(asOwner.statusCode).toBe(401);
    expect(asOwner.json().message).toBe('Not authenticated');
    expect(
      (await call(api.app, 'GET', '/users/getUserDetails', { token: shopper.accessToken }))
        .statusCode,
    ).toBe(401);
    const asCustomer = await call(api.app, 'GET', '/users/getUser', { token: boss.accessToken });
    expect(asCustomer.statusCode).toBe(401);
    expect(
      (await call(api.app, 'GET', '/users/getAddressDetails', { token: boss.accessToken }))
        .statusCode,
    ).toBe(401);

    // The same with cookies: each realm reads only its own cookie names.
    const withCustomerCookie = await call(api.app, 'GET', '/admins/getAdmin', {
      cookies: { accessToken: shopper.accessToken, adminAccessToken: shopper.accessToken },
    });
    expect(withCustomerCookie.statusCode).toBe(401);
    const withOwnerCookie = await call(api.app, 'GET', '/users/getUser', {
      cookies: { accessToken: boss.accessToken },
    });
    expect(withOwnerCookie.statusCode).toBe(401);

    // Refresh tokens are realm-bound too.
    expect(
      (
        await call(api.app, 'POST', '/admins/refresh-token', {
          body: { refreshToken: shopper.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call(api.app, 'POST', '/users/refresh-token', {
          body: { refreshToken: boss.refreshToken },
        })
      ).statusCode,
    ).toBe(401);

    const users = await call(api.app, 'GET', '/users/getUserDetails', { token: boss.accessToken });
    expect(users.statusCode).toBe(200);
    expect(users.json().data).toHaveLength(1);
  });
});

describe('refresh', () => {
  it('rotates the pair, and a reused token revokes the whole family', async () => {
    const first = await customer();
    const rotated = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().data;
    expect(Object.keys(second).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(sidOf(second.accessToken)).toBe(sidOf(first.accessToken));
    expect(setCookies(rotated).get('refreshToken')?.value).toBe(second.refreshToken);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: second.accessToken })).statusCode,
    ).toBe(200);

    // The old token shown again long after its replacement: someone holds a copy. Everything of
    // the family ends.
    await replacedLongAgo(sidOf(first.accessToken));
    const reuse = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Session expired. Please log in again.');
    const newer = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: second.refreshToken },
    });
    expect(newer.statusCode).toBe(401);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: second.accessToken })).statusCode,
    ).toBe(401);
  });

  it('keeps the session when two tabs refresh with one token at once', async () => {
    const session = await customer();
    const [a, b] = await Promise.all([
      call(api.app, 'POST', '/users/refresh-token', {
        body: { refreshToken: session.refreshToken },
      }),
      call(api.app, 'POST', '/users/refresh-token', {
        body: { refreshToken: session.refreshToken },
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [left, right] = [a.json().data, b.json().data];
    expect(left.refreshToken).not.toBe(right.refreshToken);
    expect(sidOf(left.accessToken)).toBe(sidOf(session.accessToken));
    expect(sidOf(right.accessToken)).toBe(sidOf(session.accessToken));
    // Whichever answer's cookie the browser keeps, it goes on working.
    for (const pair of [left, right]) {
      const next = await call(api.app, 'POST', '/users/refresh-token', {
        body: { refreshToken: pair.refreshToken },
      });
      expect(next.statusCode).toBe(200);
    }
  });

  it('keeps the session when a refresh answer never arrived, a few times at most', async () => {
    const first = await customer();
    // A reload aborts this refresh: the server replaced the token, the browser never saw the answer.
    const lost = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(lost.statusCode).toBe(200);
    const again = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(again.statusCode).toBe(200);
    const kept = again.json().data;
    expect(sidOf(kept.accessToken)).toBe(sidOf(first.accessToken));
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: kept.accessToken })).statusCode,
    ).toBe(200);

    // Shown again and again within the grace, it stops being a lost answer: the family ends.
    const third = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(third.statusCode).toBe(200);
    const fourth = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(fourth.statusCode).toBe(401);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: kept.accessToken })).statusCode,
    ).toBe(401);
  });

  it('reads the refresh cookie when the body has none, with the Origin check', async () => {
    const session = await customer();
    const noOrigin = await call(api.app, 'POST', '/users/refresh-token', {
      cookies: { refreshToken: session.refreshToken },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().message).toBe('Request origin not allowed');
    const ok = await call(api.app, 'POST', '/users/refresh-token', {
      cookies: { refreshToken: session.refreshToken },
      headers: { origin: PUBLIC },
    });
    expect(ok.statusCode).toBe(200);
    const nothing = await call(api.app, 'POST', '/users/refresh-token');
    expect(nothing.statusCode).toBe(401);
    expect(nothing.json().message).toBe('Session expired. Please log in again.');
    for (const refreshToken of [42, '', 'x'.repeat(5000), null]) {
      const response = await call(api.app, 'POST', '/users/refresh-token', {
        body: { refreshToken },
      });
      expect(response.statusCode, String(refreshToken).slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('rotates owner sessions the same way', async () => {
    const first = await owner();
    const rotated = await call(api.app, 'POST', '/admins/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    expect([...setCookies(rotated).keys()].sort()).toEqual([
      'adminAccessToken',
      'adminRefreshToken',
    ]);
    const second = rotated.json().data;
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: second.accessToken })).statusCode,
    ).toBe(200);
    await replacedLongAgo(sidOf(first.accessToken));
    const reuse = await call(api.app, 'POST', '/admins/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: second.accessToken })).statusCode,
    ).toBe(401);
  });
});

const DAY_MS = 24 * 3600 * 1000;

/** Moves every token of a session family back a minute, past the grace for a lost answer. */
async function replacedLongAgo(sid: string) {
  await api.db
    .update(refreshSessions)
    .set({ createdAt: sql`${refreshSessions.createdAt} - interval '1 minute'` })
    .where(eq(refreshSessions.familyId, sid));
}

/**
 * Moves a session family's sign-in back in time, as if it had happened `ms` earlier; what the
 * processes keep of its liveness (a few seconds' worth) would be gone by then too.
 */
async function signedInEarlier(sid: string, ms: number) {
  await api.db
    .update(refreshSessions)
    .set({ signedInAt: sql`${refreshSessions.signedInAt} - ${`${ms} milliseconds`}::interval` })
    .where(eq(refreshSessions.familyId, sid));
  await api.app.sessionLiveness.invalidate();
}

describe('session age cap', () => {
  it('ends a session 30 days after its sign-in, however often it was refreshed', async () => {
    const first = await customer();
    const sid = sidOf(first.accessToken);
    const refresh = (refreshToken: string) =>
      call(api.app, 'POST', '/users/refresh-token', { body: { refreshToken } });

    // One hour of the 30 days is left: a refresh still works, and its cookie lives that hour only.
    await signedInEarlier(sid, 30 * DAY_MS - 3600_000);
    const late = await refresh(first.refreshToken);
    expect(late.statusCode).toBe(200);
    const second = late.json().data as { accessToken: string; refreshToken: string };
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookies(late).get('refreshToken')!.raw)?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    const rows = await api.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.familyId, sid))
      .orderBy(desc(refreshSessions.createdAt));
    expect(rows).toHaveLength(2);
    const [newest, oldest] = [
      rows.find((row) => !row.replacedBy)!,
      rows.find((row) => row.replacedBy)!,
    ];
    expect(newest.signedInAt.getTime()).toBe(oldest.signedInAt.getTime());
    expect(newest.expiresAt.getTime()).toBeLessThanOrEqual(
      newest.signedInAt.getTime() + 30 * DAY_MS,
    );
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: second.accessToken })).statusCode,
    ).toBe(200);

    // Two hours later the 30 days are over: the fresh access token and refresh token both end.
    // (Had the refresh restarted the clock, the newest row would still be young.)
    await signedInEarlier(sid, 2 * 3600_000);
    const me = await call(api.app, 'GET', '/users/getUser', { token: second.accessToken });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Not authenticated');
    const over = await refresh(second.refreshToken);
    expect(over.statusCode).toBe(401);
    expect(over.json().message).toBe('Session expired. Please log in again.');
  });

  it('ends a session past the cap even when its refresh token has not expired yet', async () => {
    // Rows written before the cap existed expire 30 days after their last refresh.
    const boss = await owner();
    await signedInEarlier(sidOf(boss.accessToken), 31 * DAY_MS);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: boss.accessToken })).statusCode,
    ).toBe(401);
    const refresh = await call(api.app, 'POST', '/admins/refresh-token', {
      body: { refreshToken: boss.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session, clears the cookies, and refresh is refused afterwards', async () => {
    const session = await customer();
    const response = await call(api.app, 'POST', '/users/logoutUser', {
      token: session.accessToken,
      body: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Logout successfully', success: true });
    const cleared = setCookies(response);
    for (const name of ['accessToken', 'refreshToken']) {
      expect(cleared.get(name)?.value).toBe('');
      expect(cleared.get(name)?.raw).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    }
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: session.accessToken })).statusCode,
    ).toBe(401);
    const refresh = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('works with an expired access token when the refresh cookie is valid', async () => {
    const session = await customer();
    const expired = await expiredToken('customer', session.user._id, sidOf(session.accessToken));
    const response = await call(api.app, 'POST', '/users/logoutUser', {
      cookies: { accessToken: expired, refreshToken: session.refreshToken },
      headers: { origin: PUBLIC },
    });
    expect(response.statusCode).toBe(200);
    const refresh = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('names the session by an expired access token alone, and always clears cookies', async () => {
    const session = await customer();
    const expired = await expiredToken('customer', session.user._id, sidOf(session.accessToken));
    expect((await call(api.app, 'POST', '/users/logoutUser', { token: expired })).statusCode).toBe(
      200,
    );
    expect(
      (
        await call(api.app, 'POST', '/users/refresh-token', {
          body: { refreshToken: session.refreshToken },
        })
      ).statusCode,
    ).toBe(401);

    const anonymous = await call(api.app, 'POST', '/users/logoutUser', {
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(setCookies(anonymous).get('accessToken')?.value).toBe('');
  });

  it('judges a bearer logout by the bearer alone: no Origin needed, cookies left unread', async () => {
    const mine = await customer();
    const other = await customer();
    const response = await call(api.app, 'POST', '/users/logoutUser', {
      token: mine.accessToken,
      cookies: { accessToken: other.accessToken, refreshToken: other.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Logout successfully');
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: mine.accessToken })).statusCode,
    ).toBe(401);
    expect(
      (
        await call(api.app, 'POST', '/users/refresh-token', {
          body: { refreshToken: mine.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    // The cookies named another session; it was not the bearer's to end.
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: other.accessToken })).statusCode,
    ).toBe(200);

    const boss = await owner();
    const stranger = await owner();
    const ownerLogout = await call(api.app, 'POST', '/admins/logoutAdmin', {
      token: boss.accessToken,
      cookies: { adminRefreshToken: stranger.refreshToken },
    });
    expect(ownerLogout.statusCode).toBe(200);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: boss.accessToken })).statusCode,
    ).toBe(401);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: stranger.accessToken })).statusCode,
    ).toBe(200);
  });

  it('ends the session a body refresh token names alongside the bearer', async () => {
    const mine = await customer();
    const second = await customer();
    const response = await call(api.app, 'POST', '/users/logoutUser', {
      token: mine.accessToken,
      body: { refreshToken: second.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    for (const session of [mine, second]) {
      expect(
        (await call(api.app, 'GET', '/users/getUser', { token: session.accessToken })).statusCode,
      ).toBe(401);
    }
  });

  it('still refuses a cookie logout without our Origin, and a bearer that is not ours lifts nothing', async () => {
    const session = await customer();
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const response = await call(api.app, 'POST', '/users/logoutUser', {
        cookies: { accessToken: session.accessToken, refreshToken: session.refreshToken },
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe('Request origin not allowed');
    }
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: session.accessToken })).statusCode,
    ).toBe(200);
  });

  it('logs the owner out of the owner realm only', async () => {
    const shopper = await customer();
    const boss = await owner();
    const response = await call(api.app, 'POST', '/admins/logoutAdmin', {
      token: boss.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Admin Logout successfully');
    expect([...setCookies(response).keys()].sort()).toEqual([
      'adminAccessToken',
      'adminRefreshToken',
    ]);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: boss.accessToken })).statusCode,
    ).toBe(401);
    expect(
      (
        await call(api.app, 'POST', '/admins/refresh-token', {
          body: { refreshToken: boss.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: shopper.accessToken })).statusCode,
    ).toBe(200);
  });
});

describe('owner sign-in', () => {
  it('answers the admin, tokens and cookies', async () => {
    const response = await ownerLogin();
    expect(response.json()).toMatchObject({
      statusCode: 200,
      success: true,
      message: 'Admin login successfully',
      data: {
        admin: { _id: expect.any(String), email: DEV_ADMIN_EMAIL, name: 'Owner' },
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      },
    });
    const { accessToken, admin } = response.json().data;
    const me = await call(api.app, 'GET', '/admins/getAdmin', { token: accessToken });
    expect(me.json().data).toEqual(admin);
    const byCookie = await call(api.app, 'GET', '/admins/getAdmin', {
      cookies: { adminAccessToken: accessToken },
    });
    expect(byCookie.statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown e-mail alike, and bad input by field', async () => {
    for (const body of [
      { email: DEV_ADMIN_EMAIL, password: 'wrong-password' },
      { email: 'stranger@example.com', password: DEV_ADMIN_PASSWORD },
    ]) {
      const response = await call(api.app, 'POST', '/admins/onlyAdminTo/login', { body });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid email or password');
      expect(response.cookies).toHaveLength(0);
    }
    const cases: [unknown, string, string][] = [
      [{ password: 'x' }, 'email', 'Email is required'],
      [{ email: 'owner', password: 'x' }, 'email', 'Please enter a valid email'],
      [{ email: DEV_ADMIN_EMAIL }, 'password', 'Password is required'],
      [{ email: DEV_ADMIN_EMAIL, password: 12345678 }, 'password', 'Password is required'],
      [
        { email: DEV_ADMIN_EMAIL, password: 'p'.repeat(10_000) },
        'password',
        'Must be at most 200 characters',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(api.app, 'POST', '/admins/onlyAdminTo/login', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    }
  });
});

describe('Origin check on cookie-authenticated writes', () => {
  const profile = {
    firstName: 'Ravi',
    lastName: 'Jha',
    email: 'ravi.origin@example.com',
    phoneNumber: '9123456780',
  };

  it('refuses a cookie write without our origin, and accepts bearer writes from anywhere', async () => {
    const session = await customer();
    const cookies = { accessToken: session.accessToken };
    const update = (headers: Record<string, string>, options: { bearer?: boolean } = {}) =>
      call(api.app, 'POST', '/users/updateUserAccount', {
        // Its own e-mail: a save that starts no e-mail change, which would mail a code each time.
        body: { ...profile, email: session.user.email },
        headers,
        ...(options.bearer ? { token: session.accessToken } : { cookies }),
      });

    for (const headers of [
      {} as Record<string, string>,
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'http://localhost.evil.example:3000' },
    ]) {
      const response = await update(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe('Request origin not allowed');
    }
    for (const headers of [
      { origin: PUBLIC } as Record<string, string>,
      { referer: `${PUBLIC}/dashboard` },
      { origin: 'http://localhost:5173' },
      { origin: 'http://127.0.0.1:4173' },
    ]) {
      expect((await update(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect((await update({ origin: 'https://evil.example' }, { bearer: true })).statusCode).toBe(
      200,
    );
    // Reads need no origin.
    expect((await call(api.app, 'GET', '/users/getUser', { cookies })).statusCode).toBe(200);
  });

  it('allows only PUBLIC_URL in production', async () => {
    await api.database.reset();
    await ensureOwnerAccount(api.db, { email: DEV_ADMIN_EMAIL, password: PROD_PASSWORD });
    const login = await ownerLogin(production, PROD_PASSWORD);
    const cookies = { '__Secure-adminRefreshToken': login.json().data.refreshToken };
    const dev = await call(production, 'POST', '/admins/refresh-token', {
      cookies,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(dev.statusCode).toBe(403);
    const ours = await call(production, 'POST', '/admins/refresh-token', {
      cookies,
      headers: { origin: 'https://mithilamakhana.in' },
    });
    expect(ours.statusCode).toBe(200);
  });
});
