import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { signInFailures } from '../../../db/schema';
import { testApp, useTestApp } from '../../../test/app';
import { usesPostgres } from '../../../test/database';

const api = useTestApp({
  // Several connections on PostgreSQL, so parallel guesses really run side by side.
  poolSize: 12,
  // The per-address limit is raised so that only the per-account lockout can trip.
  env: { RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
});

let address = 0;
/** A sign-in from a fresh address each time, as a botnet would try. */
function signIn(
  password: string,
  email = DEV_ADMIN_EMAIL,
  target = api.app,
  headers: Record<string, string> = {},
) {
  address += 1;
  return target.inject({
    method: 'POST',
    url: '/api/v1/admins/onlyAdminTo/login',
    remoteAddress: `198.51.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
    headers,
    payload: { email, password },
  });
}

async function statuses(count: number, password: string, email?: string) {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await signIn(password, email)).statusCode);
  return codes;
}

/** Ends the current lock as if its time had passed. */
async function letLockPass(email = DEV_ADMIN_EMAIL) {
  await api.db
    .update(signInFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInFailures.key, `owner:${email}`));
}

describe('owner sign-in lockout', () => {
  it('runs on the database this run asked for', () => {
    expect(api.database.kind).toBe(usesPostgres() ? 'postgres' : 'pglite');
  });

  it('locks the account after 5 failures from any addresses, even for the right password', async () => {
    expect(await statuses(5, 'wrong-password')).toEqual([401, 401, 401, 401, 401]);
    const refused = await signIn(DEV_ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      success: false,
      data: null,
      message: 'Too many failed sign-ins. Try again in 1 minute.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Upper case is the same account.
    expect((await signIn(DEV_ADMIN_PASSWORD, DEV_ADMIN_EMAIL.toUpperCase())).statusCode).toBe(429);
  });

  it('doubles the lock with each further failure, up to an hour, and a success resets it', async () => {
    await statuses(5, 'wrong-password');
    await letLockPass();
    const second = await signIn('wrong-password');
    expect(second.statusCode).toBe(401);
    expect((await signIn('wrong-password')).json().message).toBe(
      'Too many failed sign-ins. Try again in 2 minutes.',
    );
    await letLockPass();
    await signIn('wrong-password');
    expect((await signIn(DEV_ADMIN_PASSWORD)).json().message).toBe(
      'Too many failed sign-ins. Try again in 4 minutes.',
    );

    // Many failures later the lock stops growing at one hour.
    await api.db
      .update(signInFailures)
      .set({ failures: 40, lockedUntil: null })
      .where(eq(signInFailures.key, `owner:${DEV_ADMIN_EMAIL}`));
    await signIn('wrong-password');
    const capped = await signIn(DEV_ADMIN_PASSWORD);
    expect(capped.json().message).toBe('Too many failed sign-ins. Try again in 60 minutes.');
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);

    await letLockPass();
    const success = await signIn(DEV_ADMIN_PASSWORD);
    expect(success.statusCode).toBe(200);
    expect(await api.db.select().from(signInFailures)).toEqual([]);
    expect(await statuses(5, 'wrong-password')).toEqual([401, 401, 401, 401, 401]);
  });

  it('counts unknown e-mails alike, so the answers never tell which accounts exist', async () => {
    const stranger = 'nobody@mithilamakhana.in';
    expect(await statuses(5, 'wrong-password', stranger)).toEqual([401, 401, 401, 401, 401]);
    const refused = await signIn('wrong-password', stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-ins. Try again in 1 minute.');
    // Another account is not affected.
    expect((await signIn(DEV_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets failures a day old', async () => {
    await statuses(4, 'wrong-password');
    await api.db
      .update(signInFailures)
      .set({ lastFailedAt: sql`now() - interval '25 hours'` })
      .where(eq(signInFailures.key, `owner:${DEV_ADMIN_EMAIL}`));
    expect(await statuses(4, 'wrong-password')).toEqual([401, 401, 401, 401]);
    expect((await signIn(DEV_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('judges parallel guesses one after another: no more than 5 are ever checked', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn('wrong-password')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    const [row] = await api.db.select().from(signInFailures);
    expect(row?.failures).toBe(5);
  });
});

describe('the per-address limit behind a proxy (TRUST_PROXY=1)', () => {
  it('gives a client nothing for writing its own X-Forwarded-For', async () => {
    const proxied = await testApp({
      db: api.db,
      dataDir: api.dataDir,
      env: { TRUST_PROXY: '1', RATE_LIMIT_STRICT_MAX: '3', OWNER_SIGN_IN_MAX_FAILURES: '100' },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await proxied.inject({
          method: 'POST',
          url: '/api/v1/admins/onlyAdminTo/login',
          remoteAddress: '10.0.0.2',
          // The proxy appends the address it saw; what comes before it is the client's own.
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}, 203.0.113.7` },
          payload: { email: DEV_ADMIN_EMAIL, password: 'wrong-password' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const other = await proxied.inject({
        method: 'POST',
        url: '/api/v1/admins/onlyAdminTo/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.8' },
        payload: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
