import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { admins, ownerRecoveryCodes, refreshSessions } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { usesPostgres } from '../../../test/database';
import { ownerToken } from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { ownersWithoutSecondFactor, setOwnerPassword } from './service';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

/** The codes an authenticator app would show for this secret. */
function app(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

/** A code of the step `steps` away from now, as a phone a little ahead or behind shows it. */
const codeAt = (secret: string, steps = 0) =>
  app(secret).generate({ timestamp: Date.now() + steps * 30_000 });

function login(body: { password?: string; otp?: string }) {
  return call(api.app, 'POST', '/admins/onlyAdminTo/login', {
    body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD, ...body },
  });
}

/** Sets the second factor up through the API; answers the secret and the recovery codes. */
async function setUp() {
  const token = await ownerToken(api.app);
  const started = await call(api.app, 'POST', '/admins/totp/setup', { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUrl } = started.json().data as { secret: string; otpauthUrl: string };
  const confirmed = await call(api.app, 'POST', '/admins/totp/confirm', {
    token,
    body: { otp: codeAt(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    token,
    secret,
    otpauthUrl,
    recoveryCodes: confirmed.json().data.recoveryCodes as string[],
  };
}

describe("the owner's second factor", () => {
  it('runs on the database this run asked for', () => {
    expect(api.database.kind).toBe(usesPostgres() ? 'postgres' : 'pglite');
  });

  it('is set up with a code from the new secret, and answers ten recovery codes once', async () => {
    const token = await ownerToken(api.app);
    const before = await call(api.app, 'GET', '/admins/getAdmin', { token });
    expect(before.json().data.secondFactor).toBe(false);

    const started = await call(api.app, 'POST', '/admins/totp/setup', { token });
    const { secret, otpauthUrl } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Mithila Makhana Co.');
    expect(decodeURIComponent(url.pathname)).toContain(DEV_ADMIN_EMAIL);

    // Not counted until confirmed: sign-in still takes the password alone.
    expect((await login({})).statusCode).toBe(200);

    const wrong = await call(api.app, 'POST', '/admins/totp/confirm', {
      token,
      body: { otp: codeAt(secret, 10) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'That code is not right. Enter the 6-digit code your app shows now.',
      errors: [{ field: 'otp' }],
    });
    const malformed = await call(api.app, 'POST', '/admins/totp/confirm', {
      token,
      body: { otp: 'x'.repeat(5000) },
    });
    expect(malformed.statusCode).toBe(400);

    const confirmed = await call(api.app, 'POST', '/admins/totp/confirm', {
      token,
      body: { otp: codeAt(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Kept only as hashes.
    const kept = await api.db.select().from(ownerRecoveryCodes);
    expect(kept).toHaveLength(10);
    expect(kept.some((row) => recoveryCodes.includes(row.codeHash))).toBe(false);

    const after = await call(api.app, 'GET', '/admins/getAdmin', { token });
    expect(after.json().data.secondFactor).toBe(true);
    // A session alone never replaces it.
    const again = await call(api.app, 'POST', '/admins/totp/setup', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A second factor is already set up.');
    // Only the owner sets it up.
    expect((await call(api.app, 'POST', '/admins/totp/setup')).statusCode).toBe(401);
  });

  it('makes sign-in ask for the code after the right password, and take it once', async () => {
    const { secret } = await setUp();

    const asked = await login({});
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      statusCode: 401,
      success: false,
      data: { needsOtp: true },
      message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
      errors: [],
      requestId: asked.headers['x-request-id'],
    });
    expect(asked.headers['set-cookie']).toBeUndefined();

    // A wrong password says nothing of the second factor.
    const wrongPassword = await login({ password: 'wrong-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().data).toBeNull();

    const wrongCode = await login({ otp: codeAt(secret, 20) });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().message).toBe(
      'That code is not right. Enter the code your app shows now, or an unused recovery code.',
    );

    // A phone a step ahead is fine; the code then opens one sign-in only, and no code of the
    // same or an earlier step opens another.
    const ahead = codeAt(secret, 1);
    const signedIn = await login({ otp: ahead.replace(/^(\d{3})/, '$1 ') });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.admin.secondFactor).toBe(true);
    expect((await login({ otp: ahead })).statusCode).toBe(401);
    expect((await login({ otp: codeAt(secret) })).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { recoveryCodes } = await setUp();
    const [first, second] = recoveryCodes as [string, string];
    expect((await login({ otp: first.toUpperCase() })).statusCode).toBe(200);
    expect((await login({ otp: first })).statusCode).toBe(401);
    expect((await login({ otp: second.replace('-', '') })).statusCode).toBe(200);
    expect(await api.db.select().from(ownerRecoveryCodes)).toHaveLength(8);
  });

  it('is turned off by `npm run owner:password`, which signs the owner out', async () => {
    await setUp();
    expect(await ownersWithoutSecondFactor(api.db)).toEqual([]);
    const result = await setOwnerPassword(api.db, DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD);
    expect(result).toEqual({ outcome: 'updated', secondFactorRemoved: true });
    expect(await ownersWithoutSecondFactor(api.db)).toEqual([DEV_ADMIN_EMAIL]);
    expect(await api.db.select().from(ownerRecoveryCodes)).toEqual([]);
    const [row] = await api.db.select().from(admins).where(eq(admins.email, DEV_ADMIN_EMAIL));
    expect(row?.totpSecret).toBeNull();
    const sessions = await api.db.select().from(refreshSessions);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await login({})).statusCode).toBe(200);
  });
});
