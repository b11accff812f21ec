import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEV_ADMIN_EMAIL,
  DEV_ADMIN_PASSWORD,
  DEV_AUTH_SECRET,
  loadConfig,
  MAX_WEB_CONCURRENCY,
  REPO_ROOT,
  readOrCreateAuthSecret,
} from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  ADMIN_PASSWORD: 'a-real-owner-password',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_123',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
  SMTP_URL: 'smtps://shop:secret@smtp.example.in:465',
};

describe('loadConfig defaults (development)', () => {
  const config = loadConfig({});

  it('uses the documented defaults', () => {
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeNull();
    expect(config.preparedStatements).toBe(true);
    expect(config.databasePoolSize).toBe(4);
    expect(config.redisUrl).toBeNull();
    expect(config.admin).toEqual({ email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD });
    expect(config.payments.provider).toBe('simulated');
    expect(config.pincode.provider).toBe('offline');
    expect(config.storage).toEqual({ kind: 'local' });
    expect(config.google).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.rateLimit).toMatchObject({ enabled: true, max: 300, windowMs: 60_000 });
    expect(config.mail.ownerEmail).toBe(DEV_ADMIN_EMAIL);
    expect(config.mail).toMatchObject({ transport: 'outbox', smtpUrl: null });
    expect(config.trustProxy).toBe(false);
    expect(config.signInLockout).toEqual({
      maxFailures: 5,
      lockSeconds: 60,
      maxLockSeconds: 3600,
      ceiling: 10,
    });
    expect(config.mail.from).toBe('"Mithila Makhana Co." <care@mithilamakhana.in>');
    expect(config.auth).toEqual({
      otpTtlSeconds: 600,
      otpResendSeconds: 60,
      otpMaxPerHour: 5,
      otpMaxPerDay: 10,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      ownerSessionHours: 12,
      ownerIdleMinutes: 30,
      ownerProofSeconds: 600,
    });
  });

  it('reads the sign-in lifetimes and refuses bad ones', () => {
    const short = loadConfig({
      OTP_TTL_SECONDS: '5',
      OTP_RESEND_SECONDS: '0',
      ACCESS_TOKEN_TTL_SECONDS: '2',
      REFRESH_TOKEN_TTL_DAYS: '1',
      OWNER_SESSION_HOURS: '8',
      OWNER_IDLE_MINUTES: '15',
      OWNER_PROOF_SECONDS: '60',
    });
    expect(short.auth).toEqual({
      otpTtlSeconds: 5,
      otpResendSeconds: 0,
      otpMaxPerHour: 5,
      otpMaxPerDay: 10,
      accessTokenTtlSeconds: 2,
      refreshTokenTtlDays: 1,
      ownerSessionHours: 8,
      ownerIdleMinutes: 15,
      ownerProofSeconds: 60,
    });
    for (const [name, value] of [
      ['OTP_TTL_SECONDS', '0'],
      ['OTP_RESEND_SECONDS', '-1'],
      ['ACCESS_TOKEN_TTL_SECONDS', 'soon'],
      ['REFRESH_TOKEN_TTL_DAYS', '1.5'],
      ['OWNER_SESSION_HOURS', '0'],
      ['OWNER_IDLE_MINUTES', 'half an hour'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });

  it('resolves DATA_DIR from the repository root', () => {
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../../..'));
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.uploadsDir).toBe(path.join(REPO_ROOT, 'data', 'uploads'));
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).dataDir).toBe('/tmp/x');
    expect(loadConfig({ DATA_DIR: 'var/shop' }).dataDir).toBe(path.join(REPO_ROOT, 'var/shop'));
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '3999' }).publicUrl).toBe('http://localhost:3999');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/' }).publicUrl).toBe(
      'https://shop.example.in',
    );
  });

  it('turns test knobs and switches into values', () => {
    const c = loadConfig({
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_WINDOW_MS: '1000',
      RATE_LIMIT: 'off',
      SEED_DEMO: 'no',
      DATABASE_PREPARED_STATEMENTS: 'off',
      DATABASE_POOL_SIZE: '12',
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    });
    expect(c.rateLimit).toMatchObject({ enabled: false, max: 2, windowMs: 1000 });
    expect(c.seedDemo).toBe(false);
    expect(c.preparedStatements).toBe(false);
    expect(c.databasePoolSize).toBe(12);
    // A key id without a provider picks Razorpay.
    expect(c.payments.provider).toBe('razorpay');
  });

  it('uses the dev secret hook when AUTH_SECRET is missing', () => {
    expect(loadConfig({}).authSecret).toBe(DEV_AUTH_SECRET);
    expect(loadConfig({}, { devAuthSecret: (dir) => `secret-for-${dir}` }).authSecret).toBe(
      `secret-for-${path.join(REPO_ROOT, 'data')}`,
    );
  });
});

describe('loadConfig refuses bad values, naming the variable', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DATABASE_PREPARED_STATEMENTS: 'sometimes' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX'],
    [{ ADMIN_EMAIL: 'owner' }, 'ADMIN_EMAIL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'razorpay' }, 'RAZORPAY_KEY_ID'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ PINCODE_PROVIDER: 'delhivery' }, 'DELHIVERY_TOKEN'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'Mithila Makhana' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'care@mithilamakhana.in, sales@mithilamakhana.in' }, 'MAIL_FROM'],
  ])('%o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('loadConfig in production', () => {
  it('accepts a complete production environment', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.isProduction).toBe(true);
    expect(c.host).toBe('0.0.0.0');
    expect(c.mail).toMatchObject({ transport: 'smtp', smtpUrl: PRODUCTION.SMTP_URL });
    expect(c.seedDemo).toBe(false);
    expect(c.payments).toMatchObject({ provider: 'razorpay', keySecret: 'live-secret' });
  });

  it('refuses a missing AUTH_SECRET', () => {
    const { AUTH_SECRET: _, ...env } = PRODUCTION;
    expect(() => loadConfig(env)).toThrow(/AUTH_SECRET/);
    // ...even when a development secret hook is offered.
    expect(() => loadConfig(env, { devAuthSecret: () => 'x'.repeat(64) })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ ...PRODUCTION, AUTH_SECRET: DEV_AUTH_SECRET })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it('refuses the development owner password and a missing one', () => {
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: DEV_ADMIN_PASSWORD })).toThrow(
      /ADMIN_PASSWORD/,
    );
    const { ADMIN_PASSWORD: _, ...env } = PRODUCTION;
    expect(() => loadConfig(env)).toThrow(/ADMIN_PASSWORD/);
    // Twelve characters at least in production; eight elsewhere.
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: 'eleven-char' })).toThrow(
      'Invalid environment variable ADMIN_PASSWORD: use at least 12 characters in production',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'eight-ch' }).admin.password).toBe('eight-ch');
    expect(() => loadConfig({ ADMIN_PASSWORD: 'seven-c' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('needs SMTP_URL, or an explicit outbox dry run, instead of filling the outbox silently', () => {
    const { SMTP_URL: _, ...env } = PRODUCTION;
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /^Missing environment variable SMTP_URL: .*MAIL_TRANSPORT=outbox/,
    );
    const dryRun = loadConfig({ ...env, MAIL_TRANSPORT: 'outbox' });
    expect(dryRun.mail).toMatchObject({ transport: 'outbox', smtpUrl: null });
    // A dry run never sends, even with SMTP_URL set.
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox' }).mail.smtpUrl).toBeNull();
  });

  it('listens on every interface in production, on HOST when it is set', () => {
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses the simulated gateway unless ALLOW_SIMULATED_PAYMENTS=1', () => {
    const simulated = {
      NODE_ENV: 'production',
      AUTH_SECRET: PRODUCTION.AUTH_SECRET,
      ADMIN_PASSWORD: PRODUCTION.ADMIN_PASSWORD,
      SMTP_URL: PRODUCTION.SMTP_URL,
    };
    expect(() => loadConfig(simulated)).toThrow(/PAYMENT_PROVIDER/);
    const allowed = loadConfig({ ...simulated, ALLOW_SIMULATED_PAYMENTS: '1' });
    expect(allowed.payments.provider).toBe('simulated');
    // The demo gateway then signs with a secret derived from AUTH_SECRET, not the one in the code.
    expect(allowed.payments.keySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(allowed.payments.keySecret).not.toBe(loadConfig({}).payments.keySecret);
  });
});

describe('MAIL_TRANSPORT outside production', () => {
  it('writes the outbox without SMTP_URL, sends with it, and refuses smtp without a server', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:2525' }).mail).toMatchObject({
      transport: 'smtp',
      smtpUrl: 'smtp://localhost:2525',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://localhost:2525', MAIL_TRANSPORT: 'outbox' }).mail.smtpUrl,
    ).toBeNull();
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });
});

describe('TRUST_PROXY', () => {
  /** The client address Fastify reads for a request from `remote` carrying X-Forwarded-For. */
  async function clientIp(trustProxy: string, remote: string, forwarded: string) {
    const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy });
    app.get('/', async (request) => ({ ip: request.ip }));
    try {
      const response = await app.inject({
        url: '/',
        remoteAddress: remote,
        headers: { 'x-forwarded-for': forwarded },
      });
      return response.json().ip as string;
    } finally {
      await app.close();
    }
  }

  it('is off by default and with false or 0: X-Forwarded-For is ignored', async () => {
    for (const off of ['false', '0', 'off']) {
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    }
    expect(await clientIp('0', '10.0.0.2', '1.2.3.4')).toBe('10.0.0.2');
  });

  it('trusts a hop count of proxies: the entries a client wrote before them count for nothing', async () => {
    expect(await clientIp('1', '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIp('2', '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
  });

  it('trusts a list of proxy addresses and ranges', async () => {
    const list = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8, loopback' });
    expect(list.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.5', 'fd00::/8', 'loopback']);
    expect(await clientIp('10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // A direct client outside the list cannot forward for anyone.
    expect(await clientIp('10.0.0.0/8', '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
  });

  it('refuses true, which would let any client name its own address', () => {
    for (const yes of ['true', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: yes })).toThrow(
        /TRUST_PROXY.*give the number of proxies in front of the shop \(e\.g\. 1\) or their addresses/,
      );
    }
    for (const bad of ['10.0.0.0/33', 'proxy.example.in', '1.2.3.4,', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('WEB_CONCURRENCY', () => {
  const POSTGRES = 'postgres://shop@db.example.in:5432/makhana';

  it('is one process by default, outside production or on the embedded database', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES }).webConcurrency).toBe(1);
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox' }).webConcurrency).toBe(1);
  });

  it('is every core in production on a database server', () => {
    const cores = Math.min(availableParallelism(), MAX_WEB_CONCURRENCY);
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: POSTGRES }).webConcurrency).toBe(cores);
    expect(
      loadConfig({ ...PRODUCTION, DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '3' }).webConcurrency,
    ).toBe(3);
    expect(loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
  });

  it('refuses more than one process on the embedded database, naming the variable', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid environment variable WEB_CONCURRENCY=2: the embedded database .*DATABASE_URL/,
    );
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('refuses anything but a whole number from 1 to 64', () => {
    for (const bad of ['0', '65', '1.5', 'two', '-2']) {
      expect(() => loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: bad }), bad).toThrow(
        /^Invalid environment variable WEB_CONCURRENCY/,
      );
    }
  });
});

describe('owner sign-in lockout', () => {
  it('reads its tuning and refuses bad values', () => {
    expect(
      loadConfig({
        OWNER_SIGN_IN_MAX_FAILURES: '3',
        OWNER_SIGN_IN_LOCK_SECONDS: '2',
        OWNER_SIGN_IN_MAX_LOCK_SECONDS: '8',
        OWNER_SIGN_IN_CEILING: '4',
      }).signInLockout,
    ).toEqual({ maxFailures: 3, lockSeconds: 2, maxLockSeconds: 8, ceiling: 4 });
    expect(() => loadConfig({ OWNER_SIGN_IN_MAX_FAILURES: '0' })).toThrow(
      /OWNER_SIGN_IN_MAX_FAILURES/,
    );
    expect(() => loadConfig({ OWNER_SIGN_IN_CEILING: 'ten' })).toThrow(/OWNER_SIGN_IN_CEILING/);
  });
});

describe('readOrCreateAuthSecret', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates the secret once and reuses it', () => {
    const first = readOrCreateAuthSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(readOrCreateAuthSecret(dir)).toBe(first);
  });
});
