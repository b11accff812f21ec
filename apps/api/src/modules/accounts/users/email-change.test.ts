import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../../../adapters/mail/local-smtp';
import { parseMail } from '../../../adapters/mail/parse-mail';
import { emailChanges, emailChangeUndos, otpCodes, otpRequests, users } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { call, codeMailedTo as codeOf, mailsTo as mailsOf } from '../../../test/requests';

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
const IN_USE = 'This email is already used by another account.';
const DEAD_LINK = 'This link has expired or was already used.';

let n = 0;
const fresh = (name = 'asha') => `${name}${++n}-${Date.now()}@example.in`;

const mailsTo = (email: string) => mailsOf(outbox, email);
const codeMailedTo = (email: string) => codeOf(outbox, email);

/** The token of the undo link in the newest mail to `email`: what follows the `#`. */
function undoTokenMailedTo(email: string): string {
  const token = mailsTo(email)
    .at(-1)
    ?.text?.match(/\/undo-email-change#([A-Za-z0-9._-]{1,100})/)?.[1];
  if (!token) throw new Error(`no undo link mailed to ${email}`);
  return token;
}

function profile(email: string, overrides: Record<string, unknown> = {}) {
  return { firstName: 'Asha', lastName: 'Kumari', email, phoneNumber: '9876543210', ...overrides };
}

function update(token: string, body: object, target = api.app) {
  return call(target, 'POST', '/users/updateUserAccount', { token, body });
}

function approve(token: string, otp: unknown, target = api.app) {
  return call(target, 'POST', '/users/approveEmailChange', { token, body: { otp } });
}

function confirm(token: string, otp: unknown, target = api.app) {
  return call(target, 'POST', '/users/verifyEmailChange', { token, body: { otp } });
}

function undo(token: unknown, target = api.app) {
  return call(target, 'POST', '/users/undoEmailChange', { body: { token } });
}

/** Starts a change to `next` and approves it from `current`: the new address has its code. */
async function approved(token: string, current: string, next: string, target = api.app) {
  const asked = await update(token, profile(next), target);
  expect(asked.statusCode, asked.body).toBe(200);
  const approval = await approve(token, codeMailedTo(current), target);
  expect(approval.statusCode, approval.body).toBe(200);
}

/** The whole change of `current` to `next`, made from the session `token`. */
async function changed(token: string, current: string, next: string) {
  await approved(token, current, next);
  const done = await confirm(token, codeMailedTo(next));
  expect(done.statusCode, done.body).toBe(200);
}

async function emailOf(userId: string) {
  const [row] = await api.db.select().from(users).where(eq(users.id, userId));
  return row!.email;
}

const getUser = (token: string) => call(api.app, 'GET', '/users/getUser', { token });

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the e-mail', () => {
  it('asks the current address to approve, then the new one to prove itself, then tells the old', async () => {
    const email = fresh();
    const here = await api.signInCustomer(email);
    const elsewhere = await api.signInCustomer(email);
    const next = fresh('new');

    const asked = await update(here.accessToken, profile(next.toUpperCase(), { lastName: 'Devi' }));
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      `We sent a code to ${email}. Enter it to approve changing your e-mail to ${next}.`,
    );
    // The other fields change at once; the e-mail waits for both codes.
    expect(asked.json().data).toMatchObject({
      _id: here.user._id,
      lastName: 'Devi',
      email,
      pendingEmail: next,
      emailChangeStep: 'approve',
    });
    // The current address hears first, and is told where the account would move.
    const approval = mailsTo(email).at(-1)!;
    expect(approval.headers.get('subject')).toBe(
      'Approve a new e-mail for your Mithila Makhana account',
    );
    expect(approval.text).toContain(next);
    expect(mailsTo(next)).toHaveLength(0);
    const [stored] = await api.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, 'email-approve'), eq(otpCodes.userId, here.user._id)));
    expect(stored).toMatchObject({ email, attempts: 0 });
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    // The session alone gets nowhere: no code went to the new address, and a wrong one fails.
    const approvalCode = codeMailedTo(email);
    expect((await confirm(here.accessToken, approvalCode)).json().message).toBe(
      'OTP has expired. Please request a new OTP.',
    );
    const wrong = await approve(here.accessToken, wrongCode(approvalCode));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid OTP',
      errors: [{ field: 'otp', message: 'Invalid OTP' }],
    });
    expect(await emailOf(here.user._id)).toBe(email);

    const approvedNow = await approve(here.accessToken, approvalCode);
    expect(approvedNow.statusCode).toBe(200);
    expect(approvedNow.json().message).toBe(
      `We sent a code to ${next}. Enter it to change your e-mail.`,
    );
    expect(approvedNow.json().data).toMatchObject({
      email,
      pendingEmail: next,
      emailChangeStep: 'verify',
    });
    expect(mailsTo(next).at(-1)!.headers.get('subject')).toBe(
      'Confirm your new Mithila Makhana e-mail',
    );
    expect(await emailOf(here.user._id)).toBe(email);
    expect(
      (await call(api.app, 'POST', '/users/loginUser', { body: { email: next } })).statusCode,
    ).toBe(404);
    expect((await getUser(elsewhere.accessToken)).json().data.email).toBe(email);

    const confirmed = await confirm(here.accessToken, codeMailedTo(next));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Email updated successfully');
    expect(confirmed.json().data).toMatchObject({
      _id: here.user._id,
      email: next,
      lastName: 'Devi',
    });
    const [row] = await api.db.select().from(users).where(eq(users.id, here.user._id));
    expect(row!.emailVerifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await api.db.select().from(emailChanges)).toHaveLength(0);

    // The old address is told, with a link that undoes it; nothing secret is stored for it.
    const notice = mailsTo(email).at(-1)!;
    expect(notice.headers.get('subject')).toBe('Your Mithila Makhana e-mail was changed');
    expect(notice.text).toContain(`from ${email} to ${next}`);
    expect(notice.text).toContain('Undo it within 7 days');
    const token = undoTokenMailedTo(email);
    const [undoRow] = await api.db
      .select()
      .from(emailChangeUndos)
      .where(eq(emailChangeUndos.userId, here.user._id));
    expect(undoRow).toMatchObject({ restoreEmail: email, changedTo: next, usedAt: null });
    expect(token.startsWith(`${undoRow!.id}.`)).toBe(true);
    expect(Object.values(undoRow!).map(String)).not.toContain(token.split('.')[1]);
    const week = undoRow!.expiresAt.getTime() - undoRow!.createdAt.getTime();
    expect(Math.abs(week - 7 * 24 * 3600 * 1000)).toBeLessThan(5_000);

    // The caller's session goes on; every other one is over, access and refresh token alike.
    const mine = await getUser(here.accessToken);
    expect(mine.json().data.email).toBe(next);
    expect((await getUser(elsewhere.accessToken)).statusCode).toBe(401);
    const refreshed = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: elsewhere.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('undoes the change from the old address: the e-mail comes back and every session ends', async () => {
    const email = fresh();
    const thief = await api.signInCustomer(email);
    const next = fresh('thief');
    await changed(thief.accessToken, email, next);
    const token = undoTokenMailedTo(email);

    // A link that is not ours, or was cut short, opens nothing and names its field.
    const [id, signature] = token.split('.') as [string, string];
    const forged = `${id}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [forged, id, `${token}x`, '', 'x'.repeat(5000), 42]) {
      const refused = await undo(bad);
      expect(refused.statusCode, String(bad).slice(0, 20)).toBe(400);
      expect(refused.json().errors[0].field).toBe('token');
    }
    expect(await emailOf(thief.user._id)).toBe(next);

    const undone = await undo(token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toEqual({ email });
    expect(undone.json().message).toBe(
      `Your e-mail is ${email} again, and every session of your account was signed out. Sign in with ${email}.`,
    );
    expect(await emailOf(thief.user._id)).toBe(email);
    expect((await getUser(thief.accessToken)).statusCode).toBe(401);
    const refreshed = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: thief.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    // The old address signs in again; the new one opens nothing.
    const back = await api.signInCustomer(email);
    expect(back.user._id).toBe(thief.user._id);
    expect(
      (await call(api.app, 'POST', '/users/loginUser', { body: { email: next } })).statusCode,
    ).toBe(404);

    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(DEAD_LINK);
  });

  it('holds the old address while its link lives, and the link only for a week', async () => {
    const email = fresh();
    const asha = await api.signInCustomer(email);
    const next = fresh('new');
    await changed(asha.accessToken, email, next);

    // Nobody can take the address the link gives back, and so block the way back.
    const registered = await call(api.app, 'POST', '/users/registerUser', {
      body: profile(email.toUpperCase()),
    });
    expect(registered.statusCode).toBe(409);
    expect(registered.json().message).toBe(
      'An account with this email already exists. Please log in.',
    );
    const ravi = await api.signInCustomer(fresh('ravi'));
    const taken = await update(ravi.accessToken, profile(email));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: IN_USE, errors: [{ field: 'email' }] });
    // Its own account may go back to it the ordinary way.
    const home = await update(asha.accessToken, profile(email));
    expect(home.statusCode).toBe(200);
    expect(home.json().data.emailChangeStep).toBe('approve');

    await api.db
      .update(emailChangeUndos)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChangeUndos.userId, asha.user._id));
    const late = await undo(undoTokenMailedTo(email));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(DEAD_LINK);
    expect(await emailOf(asha.user._id)).toBe(next);
    expect(
      (await call(api.app, 'POST', '/users/registerUser', { body: profile(email) })).statusCode,
    ).toBe(200);
  });

  it("voids the account's other links and any change under way when one is used", async () => {
    const first = fresh();
    const asha = await api.signInCustomer(first);
    const second = fresh('second');
    await changed(asha.accessToken, first, second);
    const third = fresh('third');
    await changed(asha.accessToken, second, third);
    const fourth = fresh('fourth');
    await update(asha.accessToken, profile(fourth));

    const fromSecond = undoTokenMailedTo(second);
    expect((await undo(undoTokenMailedTo(first))).statusCode).toBe(200);
    expect(await emailOf(asha.user._id)).toBe(first);
    expect((await undo(fromSecond)).json().message).toBe(DEAD_LINK);
    expect(await emailOf(asha.user._id)).toBe(first);
    expect(
      await api.db.select().from(emailChanges).where(eq(emailChanges.userId, asha.user._id)),
    ).toHaveLength(0);
  });

  it('sends the new address a fresh code without asking the current one again within the hour', async () => {
    const email = fresh();
    const { accessToken, user } = await api.signInCustomer(email);
    const next = fresh('new');
    await approved(accessToken, email, next);
    const approvals = mailsTo(email).length;

    const resent = await update(accessToken, profile(next));
    expect(resent.json().message).toBe(
      `We sent a code to ${next}. Enter it to change your e-mail.`,
    );
    expect(resent.json().data.emailChangeStep).toBe('verify');
    expect(mailsTo(email)).toHaveLength(approvals);
    expect(mailsTo(next)).toHaveLength(2);

    // Past the hour the approval is spent: the code alone does nothing, and the next save asks
    // the current address again.
    await api.db
      .update(emailChanges)
      .set({ approvedAt: sql`now() - interval '61 minutes'` })
      .where(eq(emailChanges.userId, user._id));
    const lapsed = await confirm(accessToken, codeMailedTo(next));
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json().message).toBe(
      'The approval is over 60 minutes old. Save the new e-mail again.',
    );
    expect(await emailOf(user._id)).toBe(email);
    expect((await update(accessToken, profile(next))).json().data.emailChangeStep).toBe('approve');
  });

  it("answers 409 for another account's e-mail before any code is sent", async () => {
    const other = await api.signInCustomer(fresh('ravi'));
    const { accessToken, user } = await api.signInCustomer(fresh());
    const mailsBefore = mailsTo(other.user.email).length;
    const taken = await update(accessToken, profile(other.user.email.toUpperCase()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(IN_USE);
    expect(mailsTo(other.user.email)).toHaveLength(mailsBefore);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await api.db.select().from(otpCodes).where(eq(otpCodes.userId, user._id))).toHaveLength(
      0,
    );
    expect(await emailOf(user._id)).toBe(user.email);
  });

  it('answers 409 when someone took the new address before its code was entered', async () => {
    const { accessToken, user } = await api.signInCustomer(fresh());
    const next = fresh('new');
    await approved(accessToken, user.email, next);
    const registered = await call(api.app, 'POST', '/users/registerUser', {
      body: { firstName: 'Ravi', lastName: 'Jha', email: next, phoneNumber: '9123456780' },
    });
    expect(registered.statusCode).toBe(200);
    const late = await confirm(accessToken, codeMailedTo(next));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(IN_USE);
    expect(await emailOf(user._id)).toBe(user.email);
  });

  it('binds each code to the account that asked, and burns it after five wrong tries', async () => {
    const asha = await api.signInCustomer(fresh());
    const ravi = await api.signInCustomer(fresh('ravi'));
    const next = fresh('new');
    await update(asha.accessToken, profile(next));
    const approval = codeMailedTo(asha.user.email);
    const stolen = await approve(ravi.accessToken, approval);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('OTP has expired. Please request a new OTP.');

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await approve(asha.accessToken, wrongCode(approval))).json().message).toBe(
        'Invalid OTP',
      );
    }
    const fifth = await approve(asha.accessToken, wrongCode(approval));
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect((await approve(asha.accessToken, approval)).statusCode).toBe(400);
    expect(mailsTo(next)).toHaveLength(0);

    await approved(asha.accessToken, asha.user.email, next);
    const code = codeMailedTo(next);
    expect((await confirm(ravi.accessToken, code)).statusCode).toBe(400);
    for (let attempt = 1; attempt <= 5; attempt++) await confirm(asha.accessToken, wrongCode(code));
    expect((await confirm(asha.accessToken, code)).statusCode).toBe(400);
    expect(await emailOf(asha.user._id)).toBe(asha.user.email);
    expect(await emailOf(ravi.user._id)).toBe(ravi.user.email);
  });

  it('waits 60 seconds between codes; saving the current e-mail drops the change under way', async () => {
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
      emailChangeStep: null,
    });
    const dropped = await approve(accessToken, codeMailedTo(user.email), strict);
    expect(dropped.statusCode).toBe(400);
    expect(await emailOf(user._id)).toBe(user.email);
  });

  it('is for a signed-in customer only, and names the field of bad input', async () => {
    for (const route of ['/users/approveEmailChange', '/users/verifyEmailChange']) {
      expect((await call(api.app, 'POST', route, { body: { otp: '123456' } })).statusCode).toBe(
        401,
      );
    }
    const { accessToken } = await api.signInCustomer(fresh());
    for (const send of [approve, confirm]) {
      for (const otp of [undefined, '12a456', 123456, '1'.repeat(5000)]) {
        const response = await send(accessToken, otp);
        expect(response.statusCode, String(otp).slice(0, 20)).toBe(400);
        expect(response.json().errors[0].field).toBe('otp');
      }
      const none = await send(accessToken, '123456');
      expect(none.json().message).toBe('OTP has expired. Please request a new OTP.');
    }
  });
});

describe('when the old address cannot be told', () => {
  let smtp: LocalSmtp;
  let mailing: FastifyInstance;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    mailing = await api.startApp({
      env: { SMTP_URL: smtp.url, RATE_LIMIT_STRICT_MAX: '1000', OTP_RESEND_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const codeBySmtp = (email: string) => {
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    const code = parseMail(mail?.raw ?? '').text?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  it('makes no change, and the code stays good for another try', async () => {
    const email = fresh();
    await call(mailing, 'POST', '/users/registerUser', { body: profile(email) });
    await call(mailing, 'POST', '/users/loginUser', { body: { email } });
    const signedIn = await call(mailing, 'POST', '/users/loginVerificationUser', {
      body: { email, otp: codeBySmtp(email) },
    });
    const { accessToken } = signedIn.json().data;
    const userId = signedIn.json().data.user._id;
    const next = fresh('new');
    await update(accessToken, profile(next), mailing);
    expect((await approve(accessToken, codeBySmtp(email), mailing)).statusCode).toBe(200);
    const code = codeBySmtp(next);

    smtp.refuse.add(email);
    const refused = await confirm(accessToken, code, mailing);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(
      'We could not e-mail your current address about the change, so nothing changed. Please try again.',
    );
    expect(await emailOf(userId)).toBe(email);
    expect(
      await api.db.select().from(emailChangeUndos).where(eq(emailChangeUndos.userId, userId)),
    ).toHaveLength(0);

    smtp.refuse.clear();
    expect((await confirm(accessToken, code, mailing)).statusCode).toBe(200);
    expect(await emailOf(userId)).toBe(next);
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
    await approved(accessToken, user.email, next);
    for (let i = 0; i < 3; i++)
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
