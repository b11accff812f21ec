import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../../adapters/mail/parse-mail';
import { otpCodes, otpRequests, users } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { call } from '../../../test/requests';

/** codes may be asked for again at once; the per-address caps keep their real defaults */
const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000', OTP_RESEND_SECONDS: '0' } });
/** the real 60-second cooldown, and caps set through the environment */
let strict: FastifyInstance;
const outbox = api.outboxDir;

beforeAll(async () => {
  strict = await api.startApp({
    env: { RATE_LIMIT_STRICT_MAX: '1000', OTP_MAX_PER_HOUR: '2', OTP_MAX_PER_DAY: '3' },
  });
});

const HOURLY = 'Too many codes were sent to this e-mail in the last hour. Please try again later.';
const DAILY = 'Too many codes were sent to this e-mail today. Please try again tomorrow.';

let n = 0;
const fresh = (name = 'asha') => `${name}${++n}-${Date.now()}@example.in`;

/** The mails in the outbox for `email`, oldest first, as parsed messages. */
function mailsTo(email: string) {
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
    .map((entry) => entry.name)
    .sort()
    .map((name) => parseMail(readFileSync(path.join(outbox, name), 'utf8')))
    .filter((mail) => mail.headers.get('to') === email);
}

function codeMailedTo(email: string): string {
  const mail = mailsTo(email).at(-1);
  const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

function profile(email: string, overrides: Record<string, unknown> = {}) {
  return { firstName: 'Asha', lastName: 'Kumari', email, phoneNumber: '9876543210', ...overrides };
}

function update(token: string, body: object, target = api.app) {
  return call(target, 'POST', '/users/updateUserAccount', { token, body });
}

function confirm(token: string, otp: unknown, target = api.app) {
  return call(target, 'POST', '/users/verifyEmailChange', { token, body: { otp } });
}

async function emailOf(userId: string) {
  const [row] = await api.db.select().from(users).where(eq(users.id, userId));
  return row!.email;
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the e-mail', () => {
  it('takes effect only with the code mailed to the new address, then ends the other sessions', async () => {
    const email = fresh();
    const here = await api.signInCustomer(email);
    const elsewhere = await api.signInCustomer(email);
    const next = fresh('new');

    const asked = await update(here.accessToken, profile(next.toUpperCase(), { lastName: 'Devi' }));
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(`We sent a code to ${next}. Enter it to change your e-mail.`);
    // The other fields change at once; the e-mail waits for its code.
    expect(asked.json().data).toMatchObject({
      _id: here.user._id,
      lastName: 'Devi',
      email,
      pendingEmail: next,
    });
    expect(await emailOf(here.user._id)).toBe(email);
    const mail = mailsTo(next).at(-1)!;
    expect(mail.headers.get('subject')).toBe('Confirm your new Mithila Makhana e-mail');
    const code = codeMailedTo(next);
    const [stored] = await api.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.purpose, 'email-change'));
    expect(stored).toMatchObject({ email: next, userId: here.user._id, attempts: 0 });
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(600_000);

    // Without the code nothing moves: the new address opens nothing, the old one still does.
    const wrong = await confirm(here.accessToken, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid OTP');
    expect(await emailOf(here.user._id)).toBe(email);
    expect(
      (await call(api.app, 'POST', '/users/loginUser', { body: { email: next } })).statusCode,
    ).toBe(404);
    const stillThere = await call(api.app, 'GET', '/users/getUser', {
      token: elsewhere.accessToken,
    });
    expect(stillThere.json().data.email).toBe(email);

    const confirmed = await confirm(here.accessToken, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Email updated successfully');
    expect(confirmed.json().data).toMatchObject({
      _id: here.user._id,
      email: next,
      lastName: 'Devi',
    });
    const [row] = await api.db.select().from(users).where(eq(users.id, here.user._id));
    expect(row!.email).toBe(next);
    expect(row!.emailVerifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // The caller's session goes on; every other one is over, access and refresh token alike.
    const mine = await call(api.app, 'GET', '/users/getUser', { token: here.accessToken });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.email).toBe(next);
    const theirs = await call(api.app, 'GET', '/users/getUser', { token: elsewhere.accessToken });
    expect(theirs.statusCode).toBe(401);
    const refreshed = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: elsewhere.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const myRefresh = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: here.refreshToken },
    });
    expect(myRefresh.statusCode).toBe(200);

    const reused = await confirm(here.accessToken, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('OTP has expired. Please request a new OTP.');
  });

  it("answers 409 for another account's e-mail before any code is sent", async () => {
    const other = await api.signInCustomer(fresh('ravi'));
    const { accessToken, user } = await api.signInCustomer(fresh());
    const mailsBefore = mailsTo(other.user.email).length;
    const taken = await update(accessToken, profile(other.user.email.toUpperCase()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This email is already used by another account.');
    expect(mailsTo(other.user.email)).toHaveLength(mailsBefore);
    expect(
      await api.db.select().from(otpCodes).where(eq(otpCodes.purpose, 'email-change')),
    ).toHaveLength(0);
    expect(await emailOf(user._id)).toBe(user.email);
  });

  it('answers 409 when someone took the new address before the code was entered', async () => {
    const { accessToken, user } = await api.signInCustomer(fresh());
    const next = fresh('new');
    await update(accessToken, profile(next));
    const registered = await call(api.app, 'POST', '/users/registerUser', {
      body: { firstName: 'Ravi', lastName: 'Jha', email: next, phoneNumber: '9123456780' },
    });
    expect(registered.statusCode).toBe(200);
    const late = await confirm(accessToken, codeMailedTo(next));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This email is already used by another account.');
    expect(await emailOf(user._id)).toBe(user.email);
  });

  it('binds the code to the account that asked, and burns it after five wrong tries', async () => {
    const asha = await api.signInCustomer(fresh());
    const ravi = await api.signInCustomer(fresh('ravi'));
    const next = fresh('new');
    await update(asha.accessToken, profile(next));
    const code = codeMailedTo(next);
    const stolen = await confirm(ravi.accessToken, code);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('OTP has expired. Please request a new OTP.');
    expect(await emailOf(ravi.user._id)).toBe(ravi.user.email);

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await confirm(asha.accessToken, wrongCode(code))).json().message).toBe('Invalid OTP');
    }
    const fifth = await confirm(asha.accessToken, wrongCode(code));
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect((await confirm(asha.accessToken, code)).statusCode).toBe(400);
    expect(await emailOf(asha.user._id)).toBe(asha.user.email);
  });

  it('waits 60 seconds between codes; saving the current e-mail drops the pending change', async () => {
    const { accessToken, user } = await api.signInCustomer(fresh(), strict);
    const next = fresh('new');
    expect((await update(accessToken, profile(next), strict)).statusCode).toBe(200);
    const soon = await update(accessToken, profile(fresh('other'), { lastName: 'Devi' }), strict);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(
      /^Please wait (60|59) seconds before requesting a new OTP\.$/,
    );
    // A refused request changes nothing, not even the other fields.
    const me = await call(strict, 'GET', '/users/getUser', { token: accessToken });
    expect(me.json().data.lastName).toBe('Kumari');

    const kept = await update(accessToken, profile(user.email, { lastName: 'Devi' }), strict);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().message).toBe('Profile updated successfully');
    expect(kept.json().data).toMatchObject({
      email: user.email,
      lastName: 'Devi',
      pendingEmail: null,
    });
    const dropped = await confirm(accessToken, codeMailedTo(next), strict);
    expect(dropped.statusCode).toBe(400);
    expect(await emailOf(user._id)).toBe(user.email);
  });

  it('is for a signed-in customer only, and names the field of bad input', async () => {
    expect(
      (await call(api.app, 'POST', '/users/verifyEmailChange', { body: { otp: '123456' } }))
        .statusCode,
    ).toBe(401);
    const { accessToken } = await api.signInCustomer(fresh());
    for (const otp of [undefined, '12a456', 123456, '1'.repeat(5000)]) {
      const response = await confirm(accessToken, otp);
      expect(response.statusCode, String(otp).slice(0, 20)).toBe(400);
      expect(response.json().errors[0].field).toBe('otp');
    }
    const none = await confirm(accessToken, '123456');
    expect(none.json().message).toBe('OTP has expired. Please request a new OTP.');
  });
});

describe('the first code entered for an e-mail', () => {
  it('ends the sessions opened before the e-mail was proven', async () => {
    const email = fresh();
    const parked = await api.signInCustomer(email);
    // An account whose e-mail was set without proof, as the shop allowed before codes guarded it.
    await api.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, email));
    const owner = await api.signInCustomer(email);
    expect(
      (await call(api.app, 'GET', '/users/getUser', { token: parked.accessToken })).statusCode,
    ).toBe(401);
    // Once proven, a sign-in ends nothing.
    const again = await api.signInCustomer(email);
    for (const session of [owner, again]) {
      expect(
        (await call(api.app, 'GET', '/users/getUser', { token: session.accessToken })).statusCode,
      ).toBe(200);
    }
  });
});

describe('codes per address', () => {
  async function requestLogin(email: string, target = api.app) {
    return call(target, 'POST', '/users/loginUser', { body: { email } });
  }
  async function age(email: string, interval: string) {
    await api.db
      .update(otpRequests)
      .set({ createdAt: sql`${otpRequests.createdAt} - ${interval}::interval` })
      .where(eq(otpRequests.email, email));
  }

  it('mails at most 5 codes an hour and 10 a day to one address', async () => {
    const email = fresh();
    await call(api.app, 'POST', '/users/registerUser', { body: profile(email) });
    for (let i = 0; i < 5; i++) expect((await requestLogin(email)).statusCode).toBe(200);
    const sixth = await requestLogin(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(HOURLY);
    expect(mailsTo(email)).toHaveLength(5);

    await age(email, '61 minutes');
    for (let i = 0; i < 5; i++) expect((await requestLogin(email)).statusCode).toBe(200);
    const eleventh = await requestLogin(email);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(DAILY);
    await age(email, '61 minutes');
    expect((await requestLogin(email)).json().message).toBe(DAILY);
    expect(mailsTo(email)).toHaveLength(10);

    await age(email, '1 day');
    expect((await requestLogin(email)).statusCode).toBe(200);
    // Rows past the day are gone, not kept for ever.
    const rows = await api.db.select().from(otpRequests).where(eq(otpRequests.email, email));
    expect(rows).toHaveLength(1);
  });

  it('counts sign-in and e-mail change codes to one address together', async () => {
    const { accessToken, user } = await api.signInCustomer(fresh());
    const next = fresh('new');
    for (let i = 0; i < 4; i++)
      expect((await update(accessToken, profile(next))).statusCode).toBe(200);
    expect((await confirm(accessToken, codeMailedTo(next))).statusCode).toBe(200);
    expect((await requestLogin(next)).statusCode).toBe(200);
    const capped = await requestLogin(next);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(HOURLY);

    // A change refused by the cap changes nothing.
    const other = fresh('other');
    await api.db.insert(otpRequests).values(Array.from({ length: 5 }, () => ({ email: other })));
    const refused = await update(accessToken, profile(other, { lastName: 'Devi' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(HOURLY);
    expect(mailsTo(other)).toHaveLength(0);
    const [row] = await api.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ email: next, lastName: 'Kumari' });
  });

  it('reads its limits from OTP_MAX_PER_HOUR and OTP_MAX_PER_DAY', async () => {
    const email = fresh();
    await call(strict, 'POST', '/users/registerUser', { body: profile(email) });
    const passCooldown = () =>
      api.db
        .update(otpCodes)
        .set({ createdAt: sql`${otpCodes.createdAt} - interval '2 minutes'` })
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'login')));
    for (let i = 0; i < 2; i++) {
      expect((await requestLogin(email, strict)).statusCode).toBe(200);
      await passCooldown();
    }
    expect((await requestLogin(email, strict)).json().message).toBe(HOURLY);
    await age(email, '61 minutes');
    expect((await requestLogin(email, strict)).statusCode).toBe(200);
    await passCooldown();
    expect((await requestLogin(email, strict)).json().message).toBe(DAILY);
  });
});
