import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEV_ADMIN_EMAIL,
  DEV_ADMIN_PASSWORD,
  DEV_AUTH_SECRET,
  loadConfig,
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
};

describe('loadConfig defaults (development)', () => {
  const config = loadConfig({});

  it('uses the documented defaults', () => {
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.admin).toEqual({ email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD });
    expect(config.payments.provider).toBe('simulated');
    expect(config.pincode.provider).toBe('offline');
    expect(config.storage).toEqual({ kind: 'local' });
    expect(config.google).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.rateLimit).toMatchObject({ enabled: true, max: 300, windowMs: 60_000 });
    expect(config.mail.ownerEmail).toBe(DEV_ADMIN_EMAIL);
    expect(config.mail.from).toBe('"Mithila Makhana Co." <care@mithilamakhana.in>');
    expect(config.auth).toEqual({
      otpTtlSeconds: 600,
      otpResendSeconds: 60,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
    });
  });

  it('reads the sign-in lifetimes and refuses bad ones', () => {
    const short = loadConfig({
      OTP_TTL_SECONDS: '5',
      OTP_RESEND_SECONDS: '0',
      ACCESS_TOKEN_TTL_SECONDS: '2',
      REFRESH_TOKEN_TTL_DAYS: '1',
    });
    expect(short.auth).toEqual({
      otpTtlSeconds: 5,
      otpResendSeconds: 0,
      accessTokenTtlSeconds: 2,
      refreshTokenTtlDays: 1,
    });
    for (const [name, value] of [
      ['OTP_TTL_SECONDS', '0'],
      ['OTP_RESEND_SECONDS', '-1'],
      ['ACCESS_TOKEN_TTL_SECONDS', 'soon'],
      ['REFRESH_TOKEN_TTL_DAYS', '1.5'],
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
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    });
    expect(c.rateLimit).toMatchObject({ enabled: false, max: 2, windowMs: 1000 });
    expect(c.seedDemo).toBe(false);
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
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX'],
    [{ ADMIN_EMAIL: 'owner' }, 'ADMIN_EMAIL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'razorpay' }, 'RAZORPAY_KEY_ID'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ PINCODE_PROVIDER: 'delhivery' }, 'DELHIVERY_TOKEN'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
  ])('%o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('loadConfig in production', () => {
  it('accepts a complete production environment', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.isProduction).toBe(true);
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
  });

  it('refuses the simulated gateway unless ALLOW_SIMULATED_PAYMENTS=1', () => {
    const simulated = {
      NODE_ENV: 'production',
      AUTH_SECRET: PRODUCTION.AUTH_SECRET,
      ADMIN_PASSWORD: PRODUCTION.ADMIN_PASSWORD,
    };
    expect(() => loadConfig(simulated)).toThrow(/PAYMENT_PROVIDER/);
    const allowed = loadConfig({ ...simulated, ALLOW_SIMULATED_PAYMENTS: '1' });
    expect(allowed.payments.provider).toBe('simulated');
    // The demo gateway then signs with a secret derived from AUTH_SECRET, not the one in the code.
    expect(allowed.payments.keySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(allowed.payments.keySecret).not.toBe(loadConfig({}).payments.keySecret);
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
