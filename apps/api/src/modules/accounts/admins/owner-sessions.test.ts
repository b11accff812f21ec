import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { refreshSessions } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { usesPostgres } from '../../../test/database';
import { call } from '../../../test/requests';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

const PHONE =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

/** An owner sign-in from a device and an address; answers its two tokens. */
async function signIn(userAgent = LAPTOP, remoteAddress = '192.0.2.10', otp?: string) {
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/v1/admins/onlyAdminTo/login',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD, ...(otp ? { otp } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { accessToken, refreshToken } = response.json().data;
  return { token: accessToken as string, refreshToken: refreshToken as string };
}

/** Moves every owner session's clock back, then drops the kept liveness answers. */
async function age(set: Partial<Record<'signedInAt' | 'lastUsedAt' | 'provenAt', string>>) {
  const values = Object.fromEntries(
    Object.entries(set).map(([column, ago]) => [column, sql`now() - ${ago}::interval`]),
  );
  await api.db.update(refreshSessions).set(values).where(eq(refreshSessions.subjectType, 'admin'));
  await api.app.sessionLiveness.invalidate();
}

const refresh = (refreshToken: string) =>
  call(api.app, 'POST', '/admins/refresh-token', { body: { refreshToken } });

describe("the owner's sessions", () => {
  it('runs on the database this run asked for', () => {
    expect(api.database.kind).toBe(usesPostgres() ? 'postgres' : 'pglite');
  });

  it('end 12 hours after the sign-in, however often renewed', async () => {
    const { token, refreshToken } = await signIn();
    expect((await call(api.app, 'GET', '/admins/getAdmin', { token })).statusCode).toBe(200);
    await age({ signedInAt: '11 hours 58 minutes' });
    const renewed = await refresh(refreshToken);
    expect(renewed.statusCode, renewed.body).toBe(200);
    // The renewed session still ends when the sign-in's 12 hours do.
    const cookie = String(renewed.headers['set-cookie']).match(
      /adminRefreshToken=[^;]*;[^,]*Max-Age=(\d+)/,
    );
    expect(Number(cookie?.[1])).toBeLessThanOrEqual(120);
    await age({ signedInAt: '12 hours 1 minute' });
    expect((await call(api.app, 'GET', '/admins/getAdmin', { token })).statusCode).toBe(401);
    expect((await refresh(renewed.json().data.refreshToken)).statusCode).toBe(401);
  });

  it('end after 30 minutes unused; a request keeps one in use', async () => {
    const { token, refreshToken } = await signIn();
    await age({ lastUsedAt: '20 minutes' });
    expect((await call(api.app, 'GET', '/admins/getAdmin', { token })).statusCode).toBe(200);
    const [used] = await api.db.select().from(refreshSessions);
    expect(Date.now() - (used?.lastUsedAt.getTime() ?? 0)).toBeLessThan(5_000);

    await age({ lastUsedAt: '31 minutes' });
    expect((await call(api.app, 'GET', '/admins/getAdmin', { token })).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('are listed with their device and address, and signed out one by one or all but this', async () => {
    const laptop = await signIn(LAPTOP, '192.0.2.10');
    const phone = await signIn(PHONE, '198.51.100.7');
    const third = await signIn(PHONE, '203.0.113.9');

    const listed = await call(api.app, 'GET', '/admins/sessions', { token: laptop.token });
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data as {
      _id: string;
      device: string;
      clientIp: string;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(3);
    expect(
      sessions.map(({ device, clientIp, current }) => ({ device, clientIp, current })),
    ).toEqual(
      expect.arrayContaining([
        { device: 'Edge on Windows', clientIp: '192.0.2.10', current: true },
        { device: 'Chrome on Android', clientIp: '198.51.100.7', current: false },
        { device: 'Chrome on Android', clientIp: '203.0.113.9', current: false },
      ]),
    );

    const phoneSession = sessions.find((s) => s.clientIp === '198.51.100.7');
    const ended = await call(api.app, 'POST', `/admins/sessions/revoke/${phoneSession?._id}`, {
      token: laptop.token,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: phone.token })).statusCode,
    ).toBe(401);
    const again = await call(api.app, 'POST', `/admins/sessions/revoke/${phoneSession?._id}`, {
      token: laptop.token,
    });
    expect(again.statusCode).toBe(404);

    const others = await call(api.app, 'POST', '/admins/sessions/revoke-others', {
      token: laptop.token,
    });
    expect(others.json().data).toEqual({ ended: 1 });
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: third.token })).statusCode,
    ).toBe(401);
    expect(
      (await call(api.app, 'GET', '/admins/getAdmin', { token: laptop.token })).statusCode,
    ).toBe(200);
    const left = await call(api.app, 'GET', '/admins/sessions', { token: laptop.token });
    expect(left.json().data).toHaveLength(1);
  });
});

describe('the dangerous acts ask for a fresh proof of identity', () => {
  it('after 10 minutes: the password, while no second factor is set', async () => {
    const { token } = await signIn();
    const exportFile = () =>
      call(api.app, 'GET', '/orders/export?from=2026-11-01&to=2026-11-02', { token });
    // The sign-in is a proof.
    expect((await exportFile()).statusCode).toBe(200);

    await age({ provenAt: '11 minutes' });
    const refused = await exportFile();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      data: { needsProof: 'password' },
      message: 'Confirm it is you: enter your password.',
    });
    const wrong = await call(api.app, 'POST', '/admins/confirm-identity', {
      token,
      body: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'That password is not right.',
      errors: [{ field: 'password' }],
    });
    const confirmed = await call(api.app, 'POST', '/admins/confirm-identity', {
      token,
      body: { password: DEV_ADMIN_PASSWORD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await exportFile()).statusCode).toBe(200);
  });

  it('the code from the app, once a second factor is set; wrong proofs slow the client', async () => {
    const first = await signIn();
    const setup = await call(api.app, 'POST', '/admins/totp/setup', { token: first.token });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json().data.secret) });
    const confirmed = await call(api.app, 'POST', '/admins/totp/confirm', {
      token: first.token,
      body: { otp: totp.generate() },
    });
    const [recoveryCode] = confirmed.json().data.recoveryCodes as string[];
    const { token } = await signIn(
      LAPTOP,
      '192.0.2.10',
      totp.generate({ timestamp: Date.now() + 30_000 }),
    );

    await age({ provenAt: '11 minutes' });
    const refused = await call(api.app, 'POST', '/admins/totp/setup', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toEqual({ needsProof: 'otp' });
    // A password is not the proof once a second factor is set.
    const byPassword = await call(api.app, 'POST', '/admins/confirm-identity', {
      token,
      body: { password: DEV_ADMIN_PASSWORD },
    });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().errors).toEqual([
      {
        field: 'otp',
        message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
      },
    ]);
    const byCode = await call(api.app, 'POST', '/admins/confirm-identity', {
      token,
      body: { otp: recoveryCode },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    // Proven again: the act goes on to its own answer (a second factor is set already).
    expect((await call(api.app, 'POST', '/admins/totp/setup', { token })).statusCode).toBe(409);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const guess = await call(api.app, 'POST', '/admins/confirm-identity', {
        token,
        body: { otp: String(200000 + i) },
      });
      statuses.push(guess.statusCode);
    }
    // One failure came before (the password); four more, then the client waits.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });
});
