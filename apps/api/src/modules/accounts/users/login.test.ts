import { SITE } from '@makhana/domain/site';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../../../adapters/mail/local-smtp';
import { parseMail } from '../../../adapters/mail/parse-mail';
import { otpCodes, users } from '../../../db/schema';
import { testApp, useTestApp } from '../../../test/app';
import { call } from '../../../test/requests';

let smtp: LocalSmtp;
const notices: string[] = [];
// Before the app's hooks, so the app is built with the server's address.
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
const api = useTestApp({
  env: () => ({
    SMTP_URL: smtp.url,
    RATE_LIMIT_STRICT_MAX: '1000',
    RATE_LIMIT_SIGN_IN_EMAILS: '30',
  }),
  notice: (text) => notices.push(text),
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refuse.clear();
  notices.length = 0;
});

const ASHA = {
  firstName: 'Asha',
  lastName: 'Kumari',
  email: 'Asha.Kumari@Example.com',
  phoneNumber: '98765 43210',
};

async function register(body: Record<string, unknown> = ASHA) {
  return call(api.app, 'POST', '/users/registerUser', { body });
}

/** The code of the newest mail the SMTP server received for `email`. */
function codeFromMail(email: string): string {
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail for ${email}`);
  const parsed = parseMail(mail.raw);
  const code = parsed.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the mail');
  expect(parsed.html).toContain(code);
  return code;
}

async function requestCode(email: string, path = '/users/loginUser') {
  return call(api.app, 'POST', path, { body: { email } });
}

async function verify(email: string, otp: string, path = '/users/loginVerificationUser') {
  return call(api.app, 'POST', path, { body: { email, otp } });
}

/** Moves the last code's creation back, as if the cooldown had passed. */
async function passCooldown(email: string) {
  await api.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - interval '2 minutes'` })
    .where(eq(otpCodes.email, email));
}

describe('register', () => {
  it('creates an account with the e-mail in lower case', async () => {
    const response = await register();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 200,
      success: true,
      message: 'Account created successfully',
    });
    expect(body.data.user).toEqual({
      _id: expect.any(String),
      firstName: 'Asha',
      lastName: 'Kumari',
      gender: null,
      email: 'asha.kumari@example.com',
      phoneNumber: '98765 43210',
      address: [],
      orders: 0,
    });
  });

  it('refuses an e-mail that already has an account, in any case, even at the same moment', async () => {
    expect((await register()).statusCode).toBe(200);
    const again = await register({ ...ASHA, email: 'ASHA.KUMARI@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      statusCode: 409,
      message: 'An account with this email already exists. Please log in.',
    });

    const racers = await Promise.all(
      Array.from({ length: 4 }, () => register({ ...ASHA, email: 'racer@example.com' })),
    );
    expect(racers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it("names the field of bad input with the shop's messages, never a 500", async () => {
    const cases: [unknown, string, string][] = [
      [{ ...ASHA, firstName: '' }, 'firstName', 'First name is required'],
      [{ ...ASHA, lastName: undefined }, 'lastName', 'Last name is required'],
      [{ ...ASHA, email: 'not-an-email' }, 'email', 'Please enter a valid email'],
      [{ ...ASHA, email: 42 }, 'email', 'Email is required'],
      [{ ...ASHA, phoneNumber: '12345' }, 'phoneNumber', 'Please enter a valid phone'],
      [{ ...ASHA, phoneNumber: '' }, 'phoneNumber', 'Phone is required'],
      [{ ...ASHA, firstName: 'A'.repeat(10_000) }, 'firstName', 'Must be at most 100 characters'],
      [
        { ...ASHA, email: `${'a'.repeat(300)}@example.com` },
        'email',
        'Must be at most 254 characters',
      ],
      [{ ...ASHA, lastName: 'Ku\u0000mari' }, 'body', 'Text may not contain NUL characters'],
    ];
    for (const [body, field, message] of cases) {
      const response = await register(body as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
      expect(response.json().message).toContain(field);
    }
    for (const payload of ['', 'null', '[]', '"text"', '{"firstName":']) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/v1/users/registerUser',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(await api.db.select().from(users)).toHaveLength(0);
  });
});

describe('sign-in with a one-time code', () => {
  it('mails a code through SMTP, shows it outside production, and signs in with it', async () => {
    await register();
    const email = 'asha.kumari@example.com';
    const sent = await requestCode('  Asha.Kumari@EXAMPLE.com ');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      statusCode: 200,
      success: true,
      message: 'OTP Send successfully',
      data: { user: { email } },
    });

    expect(smtp.received).toHaveLength(1);
    const mail = parseMail(smtp.received[0]!.raw);
    expect(mail.headers.get('subject')).toBe('Your Mithila Makhana sign-in code');
    expect(mail.headers.get('from')).toBe(`"${SITE.brand}" <${SITE.supportEmail}>`);
    expect(mail.text).toMatch(/valid for 10 minutes/);
    expect(mail.text).toMatch(/Didn't ask/);
    const code = codeFromMail(email);
    expect(notices).toEqual([`Sign-in code for ${email}: ${code}`]);

    // Only an HMAC of the code is stored.
    const [row] = await api.db.select().from(otpCodes);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(600_000);

    const verified = await verify(email, code);
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.message).toBe('User Login successfully');
    expect(body.data.user).toMatchObject({ email, firstName: 'Asha', address: [], orders: 0 });
    expect(body.data.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.refreshToken).toMatch(/^[\w-]{43}$/);

    const me = await call(api.app, 'GET', '/users/getUser', { token: body.data.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(body.data.user);
  });

  it('has the same steps under send-otp and verify-otp', async () => {
    await register();
    const email = 'asha.kumari@example.com';
    expect((await requestCode(email, '/users/send-otp')).json().message).toBe(
      'OTP Send successfully',
    );
    const response = await verify(email, codeFromMail(email), '/users/verify-otp');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User Login successfully');
  });

  it('refuses an e-mail with no account', async () => {
    const response = await requestCode('nobody@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No account found for this email. Please register first.');
    expect(smtp.received).toHaveLength(0);
  });

  it('answers one client about 30 different e-mails a day, known or not; others still ask', async () => {
    const ask = (email: string, remoteAddress: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/v1/users/loginUser',
        remoteAddress,
        payload: { email },
      });
    const harvester = '2001:db8:7:1::5';
    for (let i = 0; i < 30; i++) {
      const answer = await ask(`guess${i}@example.com`, harvester);
      expect(answer.statusCode, answer.body).toBe(404);
    }
    // The 31st, from another address of the same /64, is refused before any lookup.
    const refused = await ask('guess30@example.com', '2001:db8:7:1::99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many different e-mails from this connection today. Please try again tomorrow.',
    );
    // An e-mail it asked about already is not a new one; another connection is not held up.
    expect((await ask('guess3@example.com', harvester)).statusCode).toBe(404);
    expect((await ask('guess30@example.com', '198.51.100.20')).statusCode).toBe(404);
  });

  it('refuses a wrong code, then burns the code on the fifth wrong try', async () => {
    await register();
    const email = 'asha.kumari@example.com';
    await requestCode(email);
    const code = codeFromMail(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await verify(email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid OTP');
    }
    const fifth = await verify(email, wrong);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    // The right code no longer opens anything.
    const right = await verify(email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('OTP has expired. Please request a new OTP.');
  });

  it('refuses an expired code and a used one', async () => {
    await register();
    const email = 'asha.kumari@example.com';
    await requestCode(email);
    const first = codeFromMail(email);
    await api.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.email, email));
    const expired = await verify(email, first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('OTP has expired. Please request a new OTP.');

    await passCooldown(email);
    await requestCode(email);
    const second = codeFromMail(email);
    expect((await verify(email, second)).statusCode).toBe(200);
    const reused = await verify(email, second);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('OTP has expired. Please request a new OTP.');
  });

  it('says "expired" when no code was ever asked for', async () => {
    await register();
    const response = await verify('asha.kumari@example.com', '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('OTP has expired. Please request a new OTP.');
  });

  it('waits 60 seconds between codes, and a new code replaces the old one', async () => {
    await register();
    const email = 'asha.kumari@example.com';
    await requestCode(email);
    const old = codeFromMail(email);
    const soon = await requestCode(email);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(
      /^Please wait (60|59) seconds before requesting a new OTP\.$/,
    );
    expect(smtp.received).toHaveLength(1);

    await passCooldown(email);
    const again = await requestCode(email);
    expect(again.statusCode).toBe(200);
    const fresh = codeFromMail(email);
    if (fresh !== old) {
      const stale = await verify(email, old);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe('Invalid OTP');
    }
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('answers 503 and keeps no code when the mail cannot be sent', async () => {
    await register();
    const email = 'asha.kumari@example.com';
    smtp.refuse.add(email);
    const response = await requestCode(email);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('We could not send the code. Please try again.');
    expect(await api.db.select().from(otpCodes)).toHaveLength(0);

    // No cooldown for a code nobody got.
    smtp.refuse.clear();
    expect((await requestCode(email)).statusCode).toBe(200);
  });

  it('names the field of bad input on the code routes', async () => {
    const cases: [string, unknown, string, string][] = [
      ['/users/loginUser', {}, 'email', 'Email is required'],
      ['/users/loginUser', { email: 'x' }, 'email', 'Please enter a valid email'],
      ['/users/loginUser', { email: ['a@b.co'] }, 'email', 'Email is required'],
      ['/users/loginVerificationUser', { email: 'a@b.co' }, 'otp', 'OTP is required'],
      [
        '/users/loginVerificationUser',
        { email: 'a@b.co', otp: '12a456' },
        'otp',
        'Please enter a valid OTP',
      ],
      ['/users/loginVerificationUser', { email: 'a@b.co', otp: 123456 }, 'otp', 'OTP is required'],
      [
        '/users/verify-otp',
        { email: 'a@b.co', otp: '1'.repeat(50_000) },
        'otp',
        'Must be at most 20 characters',
      ],
    ];
    for (const [path, body, field, message] of cases) {
      const response = await call(api.app, 'POST', path, { body });
      expect(response.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    }
    const empty = await call(api.app, 'POST', '/users/loginUser');
    expect(empty.statusCode).toBe(400);
  });
});

describe('strict rate limit', () => {
  it('limits code requests per client', async () => {
    const limited = await testApp({
      db: api.db,
      dataDir: api.dataDir,
      env: { RATE_LIMIT_STRICT_MAX: '3' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await call(limited, 'POST', '/users/loginUser', {
          body: { email: 'nobody@example.com' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      const blocked = await call(limited, 'POST', '/users/loginVerificationUser', {
        body: { email: 'nobody@example.com', otp: '123456' },
      });
      expect(blocked.statusCode).not.toBe(500);
    } finally {
      await limited.close();
    }
  });
});
