import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { SITE } from '@makhana/domain/site';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';
import { parseMailbox } from '../adapters/mail/compose';
import { REPO_ROOT } from '../paths';

export { REPO_ROOT };

export const DEV_ADMIN_EMAIL = 'owner@mithilamakhana.in';
export const DEV_ADMIN_PASSWORD = 'makhana-owner-dev';
const DEV_RAZORPAY_KEY_ID = 'rzp_test_simulated';
const DEV_RAZORPAY_KEY_SECRET = 'simulated-key-secret-development-only';
const DEV_RAZORPAY_WEBHOOK_SECRET = 'simulated-webhook-secret-development-only';
/** Used only when no secret file can be written (tests); never accepted in production. */
export const DEV_AUTH_SECRET = 'development-auth-secret-do-not-use-in-production';

export type Environment = Record<string, string | undefined>;
export type NodeEnv = 'development' | 'production' | 'test';

export interface RateLimitConfig {
  enabled: boolean;
  /** requests per window and client on every API route */
  max: number;
  windowMs: number;
  /** the tighter limit of sign-in and one-time-code routes */
  strictMax: number;
  strictWindowMs: number;
  /** writes per signed-in account in `strictWindowMs`, on the routes that take it (reviews) */
  accountMax: number;
  /** different e-mails one client may ask the sign-in about in a day */
  signInEmailsPerDay: number;
}

/** Lifetimes of sign-in codes and tokens; tests shorten them, the defaults are the real ones. */
export interface AuthConfig {
  otpTtlSeconds: number;
  /** the least time between two codes for one e-mail */
  otpResendSeconds: number;
  /** codes mailed to one address in an hour and in a day, whatever asked for them */
  otpMaxPerHour: number;
  otpMaxPerDay: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** an owner's session ends this long after its sign-in, or once unused this long */
  ownerSessionHours: number;
  ownerIdleMinutes: number;
  /** how long the owner's last proof of identity opens the dangerous acts */
  ownerProofSeconds: number;
}

/**
 * Owner sign-in lockout, counted per e-mail whatever address the guesses come from: after
 * `maxFailures` wrong passwords the account locks for `lockSeconds`, doubling with each further
 * failure up to `maxLockSeconds`.
 */
/**
 * Owner sign-in failures (decision 030): each client is delayed after `maxFailures` of its own,
 * `lockSeconds` doubling up to `maxLockSeconds`; past `ceiling` failures for one e-mail within an
 * hour, from all clients together, a sign-in needs the second factor as well.
 */
export interface SignInLockoutConfig {
  maxFailures: number;
  lockSeconds: number;
  maxLockSeconds: number;
  ceiling: number;
}

/**
 * Fastify's `trustProxy`: off, the addresses (or CIDR ranges) of the proxies in front, or a hop
 * count. A hop count is a function because Fastify treats a bare number as trusting nothing.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Checkout timings; tests shorten them, the defaults are the real ones. */
export interface OrdersConfig {
  /** an unpaid order holds its stock this long, then expires */
  pendingOrderMinutes: number;
  /** how often the sweep runs (expiring unpaid orders, retrying due follow-ups), in one process */
  sweepIntervalSeconds: number;
}

export const DEFAULT_MAIL_FROM = `"${SITE.brand}" <${SITE.supportEmail}>`;

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | null;
  /**
   * Hot statements kept prepared on the PostgreSQL server (DATABASE_PREPARED_STATEMENTS); off for
   * a pooler in transaction mode that cannot keep them
   */
  preparedStatements: boolean;
  /** connections each API process keeps open to PostgreSQL (DATABASE_POOL_SIZE) */
  databasePoolSize: number;
  redisUrl: string | null;
  /** API processes serving the one port (WEB_CONCURRENCY); more than 1 needs DATABASE_URL */
  webConcurrency: number;
  authSecret: string;
  auth: AuthConfig;
  admin: { email: string; password: string };
  /** `transport` outbox writes every mail to `outboxDir` (smtpUrl is then null) */
  mail: { transport: 'smtp' | 'outbox'; smtpUrl: string | null; from: string; ownerEmail: string };
  payments: {
    provider: 'simulated' | 'razorpay';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiUrl: string;
    /** the simulated gateway: how long a refund takes to reach the bank */
    refundDelayMs: number;
  };
  pincode: {
    provider: 'offline' | 'delhivery';
    delhiveryToken: string | null;
    delhiveryApiUrl: string;
  };
  /**
   * The courier (decision 039): none (`manual`: the owner types the tracking), the simulated one,
   * or Delhivery's API; how long between two questions about one parcel; the simulated
   * courier's time per step of a parcel's journey
   */
  shipping: {
    provider: 'manual' | 'simulated' | 'delhivery';
    delhiveryToken: string | null;
    delhiveryApiUrl: string;
    /** the warehouse's name as registered with Delhivery */
    pickupLocation: string | null;
    trackingIntervalSeconds: number;
    simulatedStepSeconds: number;
  };
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | null;
        region: string;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        /** where browsers read the bucket (a CDN in front of it); null reads the endpoint */
        publicUrl: string | null;
      };
  orders: OrdersConfig;
  seedDemo: boolean;
  /** serve the API document as a page at /api/docs */
  apiDocs: boolean;
  rateLimit: RateLimitConfig;
  signInLockout: SignInLockoutConfig;
  trustProxy: TrustProxy;
  logLevel: string;
  /** where `GET /metrics` is served (Prometheus' text), apart from the shop; null: not at all */
  metrics: { port: number; host: string } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/** Reads one variable with a zod schema; the error names the variable. */
function read<T>(env: Environment, name: string, schema: z.ZodType<T>, fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'invalid value';
    throw new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(raw)}: ${reason}`);
  }
  return parsed.data;
}

function optional(env: Environment, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

const booleanSchema = z.string().transform((v, ctx) => {
  const lower = v.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  ctx.addIssue({ code: 'custom', message: 'expected one of 1, 0, true, false, yes, no, on, off' });
  return z.NEVER;
});
const portSchema = z.coerce
  .number({ error: 'expected a number' })
  .int('expected a whole number')
  .min(0, 'expected a port between 0 and 65535')
  .max(65535, 'expected a port between 0 and 65535');
/** A day: within the longest wait a Node timer keeps (about 24 days; a longer one fires at once). */
const DAY_MS = 86_400_000;

const nonNegativeInt = z.coerce
  .number({ error: 'expected a number' })
  .int('expected a whole number')
  .min(0, 'expected zero or more');
const positiveInt = z.coerce
  .number({ error: 'expected a number' })
  .int('expected a whole number')
  .positive('expected a positive number');
/** More processes than this would need more database connections than a server usually allows. */
export const MAX_WEB_CONCURRENCY = 64;
const concurrencySchema = z.coerce
  .number({ error: 'expected a number' })
  .int('expected a whole number')
  .min(1, `expected a number of processes between 1 and ${MAX_WEB_CONCURRENCY}`)
  .max(MAX_WEB_CONCURRENCY, `expected a number of processes between 1 and ${MAX_WEB_CONCURRENCY}`);
/**
 * Connections a process keeps to PostgreSQL. A paid checkout is CPU work on both sides, so a few
 * per process keep every core busy: on two cores, 4 a process spent a fifth less of PostgreSQL's
 * CPU per checkout than 10, whose transactions mostly waited for each other's row locks.
 */
const DEFAULT_POOL_SIZE = 4;
const poolSizeSchema = z.coerce
  .number({ error: 'expected a number' })
  .int('expected a whole number')
  .min(1, 'expected a number of connections between 1 and 100')
  .max(100, 'expected a number of connections between 1 and 100');
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
  .transform((v) => v.replace(/\/+$/, ''));
const postgresUrl = z.url({
  protocol: /^postgres(ql)?$/,
  error: 'expected a postgres:// or postgresql:// URL',
});
const redisUrl = z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' });
const smtpUrl = z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' });
const email = z.email({ error: 'expected an e-mail address' }).transform((v) => v.toLowerCase());
const text = z.string();
/** One sender, as 'Name <address>' or a bare address: what every mail's From says. */
const mailbox = z.string().refine(
  (value) => {
    try {
      parseMailbox(value);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'expected one address, as "Name" <address@example.in> or address@example.in' },
);

/** The named ranges Fastify's proxy-addr understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxySchema = z.string().transform((v, ctx): TrustProxy => {
  const lower = v.toLowerCase();
  if (/^\d+$/.test(lower)) {
    const hops = Number(lower);
    if (hops === 0) return false;
    // Each proxy appends the address it saw, so with n proxies the n-th entry from the end of
    // X-Forwarded-For is the client; anything before it was written by the client itself.
    return (_address, hop) => hop < hops;
  }
  if (FALSE.has(lower)) return false;
  if (TRUE.has(lower)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'trusting every proxy lets any client pick its own address through X-Forwarded-For; give the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const entries = v.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `${JSON.stringify(bad)} is not an IP address or CIDR range; give off, a hop count or a comma-separated list of proxy addresses`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Why an owner password is refused, or null: longer in production, never the development one. */
export function ownerPasswordProblem(password: string, isProduction: boolean): string | null {
  if (isProduction && password === DEV_ADMIN_PASSWORD) {
    return 'the development password is refused in production';
  }
  const least = isProduction ? 12 : 8;
  if (password.length < least) {
    return `use at least ${least} characters${isProduction ? ' in production' : ''}`;
  }
  return null;
}

function enumOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `expected one of ${values.join(', ')}` });
}

/** A secret the server derives from AUTH_SECRET when the deployment gives none of its own. */
function derived(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('hex');
}

export interface LoadConfigOptions {
  /**
   * Gives the development AUTH_SECRET when none is set (main.ts keeps one in DATA_DIR).
   * Without it the fixed development secret is used, which production refuses.
   */
  devAuthSecret?: (dataDir: string) => string;
}

/**
 * Parses the shop's environment (`.env.example` lists every variable). Pure apart from the
 * optional devAuthSecret hook: the same input gives the same result, and every bad value throws
 * a ConfigError naming it.
 */
export function loadConfig(env: Environment, options: LoadConfigOptions = {}): Config {
  const nodeEnv = read(
    env,
    'NODE_ENV',
    enumOf(['development', 'production', 'test']),
    'development',
  );
  const isProduction = nodeEnv === 'production';
  const port = read(env, 'PORT', portSchema, 3000);
  // Outside production the shop is a developer's, not the network's.
  const host = read(env, 'HOST', text, isProduction ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = read(env, 'PUBLIC_URL', httpUrl, `http://localhost:${port}`);
  const dataDir = path.resolve(REPO_ROOT, read(env, 'DATA_DIR', text, './data'));
  const databaseUrl = read<string | null>(env, 'DATABASE_URL', postgresUrl, null);
  const redis = read<string | null>(env, 'REDIS_URL', redisUrl, null);
  // Every core in production on a database server; one process owns the embedded database.
  const webConcurrency = read(
    env,
    'WEB_CONCURRENCY',
    concurrencySchema,
    isProduction && databaseUrl !== null
      ? Math.min(availableParallelism(), MAX_WEB_CONCURRENCY)
      : 1,
  );
  if (webConcurrency > 1 && databaseUrl === null) {
    throw new ConfigError(
      `Invalid environment variable WEB_CONCURRENCY=${webConcurrency}: the embedded database (no DATABASE_URL) belongs to one process; set DATABASE_URL to run several, or WEB_CONCURRENCY=1`,
    );
  }

  const missing = (name: string, why = 'it is required in production') =>
    new ConfigError(`Missing environment variable ${name}: ${why}`);

  let authSecret = optional(env, 'AUTH_SECRET');
  if (authSecret !== null && authSecret.length < 32) {
    throw new ConfigError('Invalid environment variable AUTH_SECRET: use at least 32 characters');
  }
  if (isProduction) {
    if (authSecret === null) throw missing('AUTH_SECRET');
    if (authSecret === DEV_AUTH_SECRET) {
      throw new ConfigError(
        'Invalid environment variable AUTH_SECRET: the development secret is refused in production',
      );
    }
  }
  authSecret ??= options.devAuthSecret ? options.devAuthSecret(dataDir) : DEV_AUTH_SECRET;

  const adminEmail = read(env, 'ADMIN_EMAIL', email, DEV_ADMIN_EMAIL);
  const adminPassword = optional(env, 'ADMIN_PASSWORD');
  if (isProduction && adminPassword === null) throw missing('ADMIN_PASSWORD');
  const passwordProblem =
    adminPassword === null ? null : ownerPasswordProblem(adminPassword, isProduction);
  if (passwordProblem) {
    throw new ConfigError(`Invalid environment variable ADMIN_PASSWORD: ${passwordProblem}`);
  }

  const smtp = read<string | null>(env, 'SMTP_URL', smtpUrl, null);
  const mailTransport = read(
    env,
    'MAIL_TRANSPORT',
    enumOf(['smtp', 'outbox']),
    smtp !== null || isProduction ? 'smtp' : 'outbox',
  );
  if (mailTransport === 'smtp' && smtp === null) {
    throw missing(
      'SMTP_URL',
      isProduction
        ? 'production sends real mail (set MAIL_TRANSPORT=outbox for a deliberate dry run that only writes the outbox)'
        : 'MAIL_TRANSPORT is smtp',
    );
  }

  const razorpayKeyId = optional(env, 'RAZORPAY_KEY_ID');
  const provider = read(
    env,
    'PAYMENT_PROVIDER',
    enumOf(['simulated', 'razorpay']),
    razorpayKeyId ? 'razorpay' : 'simulated',
  );
  const allowSimulated = read(env, 'ALLOW_SIMULATED_PAYMENTS', booleanSchema, false);
  if (isProduction && provider === 'simulated' && !allowSimulated) {
    throw new ConfigError(
      'Invalid environment variable PAYMENT_PROVIDER: the simulated gateway is refused in production; set PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (or ALLOW_SIMULATED_PAYMENTS=1 for a demo)',
    );
  }
  let keySecret = optional(env, 'RAZORPAY_KEY_SECRET');
  let webhookSecret = optional(env, 'RAZORPAY_WEBHOOK_SECRET');
  if (provider === 'razorpay') {
    if (!razorpayKeyId) throw missing('RAZORPAY_KEY_ID', 'PAYMENT_PROVIDER is razorpay');
    if (!keySecret) throw missing('RAZORPAY_KEY_SECRET', 'PAYMENT_PROVIDER is razorpay');
    if (!webhookSecret) throw missing('RAZORPAY_WEBHOOK_SECRET', 'PAYMENT_PROVIDER is razorpay');
  } else if (isProduction) {
    // A production demo on the simulated gateway must not sign with a secret printed in the code.
    keySecret ??= derived(authSecret, 'simulated-razorpay-key-secret');
    webhookSecret ??= derived(authSecret, 'simulated-razorpay-webhook-secret');
  }

  const pincodeProvider = read(
    env,
    'PINCODE_PROVIDER',
    enumOf(['offline', 'delhivery']),
    'offline',
  );
  const delhiveryToken = optional(env, 'DELHIVERY_TOKEN');
  if (pincodeProvider === 'delhivery' && !delhiveryToken) {
    throw missing('DELHIVERY_TOKEN', 'PINCODE_PROVIDER is delhivery');
  }

  const shippingProvider = read(
    env,
    'SHIPPING_PROVIDER',
    enumOf(['manual', 'simulated', 'delhivery']),
    isProduction ? 'manual' : 'simulated',
  );
  const pickupLocation = optional(env, 'DELHIVERY_PICKUP_LOCATION');
  if (shippingProvider === 'delhivery') {
    if (!delhiveryToken) throw missing('DELHIVERY_TOKEN', 'SHIPPING_PROVIDER is delhivery');
    if (!pickupLocation) {
      throw missing('DELHIVERY_PICKUP_LOCATION', 'SHIPPING_PROVIDER is delhivery');
    }
  }

  const googleClientId = optional(env, 'GOOGLE_CLIENT_ID');
  const googleClientSecret = optional(env, 'GOOGLE_CLIENT_SECRET');
  if (googleClientId && !googleClientSecret) {
    throw missing('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID is set');
  }

  const storageKind = read(env, 'STORAGE', enumOf(['local', 's3']), 'local');
  let storage: Config['storage'] = { kind: 'local' };
  if (storageKind === 's3') {
    const bucket = optional(env, 'S3_BUCKET');
    if (!bucket) throw missing('S3_BUCKET', 'STORAGE is s3');
    storage = {
      kind: 's3',
      bucket,
      endpoint: read<string | null>(env, 'S3_ENDPOINT', httpUrl, null),
      region: read(env, 'S3_REGION', text, 'auto'),
      accessKeyId: optional(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: optional(env, 'S3_SECRET_ACCESS_KEY'),
      publicUrl: read<string | null>(env, 'S3_PUBLIC_URL', httpUrl, null),
    };
  }

  return {
    nodeEnv,
    isProduction,
    port,
    host,
    publicUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl,
    preparedStatements: read(env, 'DATABASE_PREPARED_STATEMENTS', booleanSchema, true),
    databasePoolSize: read(env, 'DATABASE_POOL_SIZE', poolSizeSchema, DEFAULT_POOL_SIZE),
    redisUrl: redis,
    webConcurrency,
    authSecret,
    auth: {
      otpTtlSeconds: read(env, 'OTP_TTL_SECONDS', positiveInt, 600),
      otpResendSeconds: read(env, 'OTP_RESEND_SECONDS', nonNegativeInt, 60),
      otpMaxPerHour: read(env, 'OTP_MAX_PER_HOUR', positiveInt, 5),
      otpMaxPerDay: read(env, 'OTP_MAX_PER_DAY', positiveInt, 10),
      accessTokenTtlSeconds: read(env, 'ACCESS_TOKEN_TTL_SECONDS', positiveInt, 15 * 60),
      refreshTokenTtlDays: read(env, 'REFRESH_TOKEN_TTL_DAYS', positiveInt, 30),
      ownerSessionHours: read(env, 'OWNER_SESSION_HOURS', positiveInt, 12),
      ownerIdleMinutes: read(env, 'OWNER_IDLE_MINUTES', positiveInt, 30),
      ownerProofSeconds: read(env, 'OWNER_PROOF_SECONDS', positiveInt, 10 * 60),
    },
    admin: { email: adminEmail, password: adminPassword ?? DEV_ADMIN_PASSWORD },
    mail: {
      transport: mailTransport,
      smtpUrl: mailTransport === 'smtp' ? smtp : null,
      from: read(env, 'MAIL_FROM', mailbox, DEFAULT_MAIL_FROM),
      ownerEmail: read(env, 'OWNER_EMAIL', email, adminEmail),
    },
    payments: {
      provider,
      keyId: razorpayKeyId ?? DEV_RAZORPAY_KEY_ID,
      keySecret: keySecret ?? DEV_RAZORPAY_KEY_SECRET,
      webhookSecret: webhookSecret ?? DEV_RAZORPAY_WEBHOOK_SECRET,
      apiUrl: read(env, 'RAZORPAY_API_URL', httpUrl, 'https://api.razorpay.com'),
      refundDelayMs: read(
        env,
        'SIMULATED_REFUND_DELAY_MS',
        nonNegativeInt.max(DAY_MS, 'expected at most a day'),
        10_000,
      ),
    },
    pincode: {
      provider: pincodeProvider,
      delhiveryToken,
      delhiveryApiUrl: read(env, 'DELHIVERY_API_URL', httpUrl, 'https://track.delhivery.com'),
    },
    shipping: {
      provider: shippingProvider,
      delhiveryToken: delhiveryToken ?? null,
      delhiveryApiUrl: read(env, 'DELHIVERY_API_URL', httpUrl, 'https://track.delhivery.com'),
      pickupLocation: pickupLocation ?? null,
      trackingIntervalSeconds: read(env, 'TRACKING_INTERVAL_SECONDS', positiveInt, 1800),
      simulatedStepSeconds: read(env, 'SIMULATED_COURIER_STEP_SECONDS', positiveInt, 600),
    },
    google:
      googleClientId && googleClientSecret
        ? {
            clientId: googleClientId,
            clientSecret: googleClientSecret,
            issuerUrl: read(env, 'GOOGLE_ISSUER_URL', httpUrl, 'https://accounts.google.com'),
          }
        : null,
    storage,
    orders: {
      pendingOrderMinutes: read(env, 'PENDING_ORDER_MINUTES', positiveInt, 15),
      sweepIntervalSeconds: read(env, 'ORDER_SWEEP_INTERVAL_SECONDS', positiveInt, 60),
    },
    seedDemo: read(env, 'SEED_DEMO', booleanSchema, !isProduction),
    apiDocs: read(env, 'API_DOCS', booleanSchema, !isProduction),
    rateLimit: {
      enabled: read(env, 'RATE_LIMIT', booleanSchema, true),
      max: read(env, 'RATE_LIMIT_MAX', positiveInt, 300),
      windowMs: read(env, 'RATE_LIMIT_WINDOW_MS', positiveInt, 60_000),
      strictMax: read(env, 'RATE_LIMIT_STRICT_MAX', positiveInt, 10),
      strictWindowMs: read(env, 'RATE_LIMIT_STRICT_WINDOW_MS', positiveInt, 15 * 60_000),
      accountMax: read(env, 'RATE_LIMIT_ACCOUNT_MAX', positiveInt, 20),
      signInEmailsPerDay: read(env, 'RATE_LIMIT_SIGN_IN_EMAILS', positiveInt, 30),
    },
    signInLockout: {
      maxFailures: read(env, 'OWNER_SIGN_IN_MAX_FAILURES', positiveInt, 5),
      lockSeconds: read(env, 'OWNER_SIGN_IN_LOCK_SECONDS', positiveInt, 60),
      maxLockSeconds: read(env, 'OWNER_SIGN_IN_MAX_LOCK_SECONDS', positiveInt, 60 * 60),
      ceiling: read(env, 'OWNER_SIGN_IN_CEILING', positiveInt, 10),
    },
    trustProxy: read<TrustProxy>(env, 'TRUST_PROXY', trustProxySchema, false),
    logLevel: read(
      env,
      'LOG_LEVEL',
      enumOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      // On a developer's machine a request line for every picture buries what they need (the
      // address, each sign-in code), which is printed apart (lib/notice.ts); production keeps
      // every request for its log store.
      isProduction ? 'info' : 'warn',
    ),
    metrics: metricsOf(env, port),
  };
}

/** METRICS_PORT, off unless set; on the loopback unless METRICS_HOST says otherwise. */
function metricsOf(env: Environment, shopPort: number): Config['metrics'] {
  const port = read<number | null>(env, 'METRICS_PORT', portSchema, null);
  if (port === null) return null;
  if (port === shopPort && port !== 0) {
    throw new ConfigError(
      `Invalid environment variable METRICS_PORT=${port}: the shop itself listens on it (PORT); give the metrics a port of their own`,
    );
  }
  return { port, host: read(env, 'METRICS_HOST', text, '127.0.0.1') };
}

/** Development only: one random AUTH_SECRET kept in DATA_DIR/auth-secret, so sign-ins survive restarts. */
export function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads `.env` at the repository root into the process environment (set variables win). */
export function loadDotenvFile(): void {
  loadDotenv({ path: path.join(REPO_ROOT, '.env'), quiet: true });
}

/** The start-up path: `.env` at the repository root (when present), then the process environment. */
export function loadConfigFromProcess(overrides: Environment = {}): Config {
  loadDotenvFile();
  return loadConfig({ ...process.env, ...overrides }, { devAuthSecret: readOrCreateAuthSecret });
}
