import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { signInFailures } from '../../../db/schema';
import { testApp, useTestApp } from '../../../test/app';
import { usesPostgres } from '../../../test/database';
import { ownerToken } from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const api = useTestApp({
  // Several connections on PostgreSQL, so parallel guesses really run side by side.
  poolSize: 12,
  // The per-address limit is raised so that only the sign-in failure counts can trip.
  env: { RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
});

let address = 0;
/** A fresh address each time, as a botnet's guesses come. */
function freshClient() {
  address += 1;
  return `198.51.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
}

const BOT = '203.0.113.66';
const OWNER_PHONE = '192.0.2.10';

function signIn(
  password: string,
  {
    email = DEV_ADMIN_EMAIL,
    client = BOT,
    otp,
  }: { email?: string; client?: string; otp?: string } = {},
) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/admins/onlyAdminTo/login',
    remoteAddress: client,
    payload: { email, password, ...(otp ? { otp } : {}) },
  });
}

async function statuses(count: number, password: string, options?: Parameters<typeof signIn>[1]) {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await signIn(password, options)).statusCode);
  return codes;
}

const clientKey = (client: string, email = DEV_ADMIN_EMAIL) => `owner:${email}|${client}`;

/** Ends one client's current delay as if its time had passed. */
async function letDelayPass(client = BOT) {
  await api.db
    .update(signInFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInFailures.key, clientKey(client)));
}

describe('owner sign-in failures', () => {
  it('runs on the database this run asked for', () => {
    expect(api.database.kind).toBe(usesPostgres() ? 'postgres' : 'pglite');
  });

  it('delay the client that failed 5 times, even for the right password, and no other', async () => {
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
    const upper = await signIn(DEV_ADMIN_PASSWORD, { email: DEV_ADMIN_EMAIL.toUpperCase() });
    expect(upper.statusCode).toBe(429);

    // The owner, elsewhere, is not held up by the stranger's guesses.
    expect((await signIn(DEV_ADMIN_PASSWORD, { client: OWNER_PHONE })).statusCode).toBe(200);
  });

  it("double one client's delay with each further failure, up to an hour; a success resets it", async () => {
    await statuses(5, 'wrong-password');
    await letDelayPass();
    expect((await signIn('wrong-password')).statusCode).toBe(401);
    expect((await signIn('wrong-password')).json().message).toBe(
      'Too many failed sign-ins. Try again in 2 minutes.',
    );
    await letDelayPass();
    await signIn('wrong-password');
    expect((await signIn(DEV_ADMIN_PASSWORD)).json().message).toBe(
      'Too many failed sign-ins. Try again in 4 minutes.',
    );

    // Many failures later the delay stops growing at one hour.
    await api.db
      .update(signInFailures)
      .set({ failures: 40, lockedUntil: null })
      .where(eq(signInFailures.key, clientKey(BOT)));
    await signIn('wrong-password');
    const capped = await signIn(DEV_ADMIN_PASSWORD);
    expect(capped.json().message).toBe('Too many failed sign-ins. Try again in 60 minutes.');
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);

    await letDelayPass();
    // The per-e-mail count is below its ceiling of 10: the password alone still opens.
    await api.db
      .update(signInFailures)
      .set({ failures: 3 })
      .where(eq(signInFailures.key, `owner:${DEV_ADMIN_EMAIL}`));
    const success = await signIn(DEV_ADMIN_PASSWORD);
    expect(success.statusCode).toBe(200);
    expect(await api.db.select().from(signInFailures)).toEqual([]);
    expect(await statuses(5, 'wrong-password')).toEqual([401, 401, 401, 401, 401]);
  });

  it('past 10 failures in an hour from many clients, hold an owner without a second factor', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signIn('wrong-password', { client: freshClient() })).statusCode).toBe(401);
    }
    // Even the right password, from a client that never failed, waits for the hour.
    const held = await signIn(DEV_ADMIN_PASSWORD, { client: OWNER_PHONE });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe('Too many failed sign-ins. Try again in 60 minutes.');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(3500);
    // Held attempts are not counted: the hour runs from the last failure.
    const [row] = await api.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.key, `owner:${DEV_ADMIN_EMAIL}`));
    expect(row?.failures).toBe(10);

    // Once the hour has passed the count starts again.
    await api.db
      .update(signInFailures)
      .set({ lastFailedAt: sql`now() - interval '61 minutes'` })
      .where(eq(signInFailures.key, `owner:${DEV_ADMIN_EMAIL}`));
    expect((await signIn(DEV_ADMIN_PASSWORD, { client: OWNER_PHONE })).statusCode).toBe(200);
  });

  it('past the ceiling, let the owner in with the password and the second factor', async () => {
    const token = await ownerToken(api.app);
    const { secret } = (await call(api.app, 'POST', '/admins/totp/setup', { token })).json()
      .data as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const confirm = await call(api.app, 'POST', '/admins/totp/confirm', {
      token,
      body: { otp: totp.generate() },
    });
    expect(confirm.statusCode).toBe(200);

    // An attacker who knows the password, from many addresses, guessing codes.
    for (let i = 0; i < 30; i++) {
      const guess = String(100000 + i);
      const answer = await signIn(DEV_ADMIN_PASSWORD, { client: freshClient(), otp: guess });
      expect(answer.statusCode).toBe(401);
    }
    const asked = await signIn(DEV_ADMIN_PASSWORD, { client: OWNER_PHONE });
    expect(asked.statusCode).toBe(401);
    expect(asked.json().data).toEqual({ needsOtp: true });
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const owner = await signIn(DEV_ADMIN_PASSWORD, { client: OWNER_PHONE, otp: next });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('count unknown e-mails alike, so the answers never tell which accounts exist', async () => {
    const stranger = 'nobody@mithilamakhana.in';
    expect(await statuses(5, 'wrong-password', { email: stranger })).toEqual([
      401, 401, 401, 401, 401,
    ]);
    const refused = await signIn('wrong-password', { email: stranger });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-ins. Try again in 1 minute.');
    // Another account is not affected, from the same client.
    expect((await signIn(DEV_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('forget failures a day old', async () => {
    await statuses(4, 'wrong-password');
    await api.db
      .update(signInFailures)
      .set({ lastFailedAt: sql`now() - interval '25 hours'` })
      .where(eq(signInFailures.key, clientKey(BOT)));
    expect(await statuses(4, 'wrong-password')).toEqual([401, 401, 401, 401]);
    expect((await signIn(DEV_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it("judge one client's parallel guesses one after another: no more than 5 are checked", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn('wrong-password')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    const [row] = await api.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.key, clientKey(BOT)));
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
