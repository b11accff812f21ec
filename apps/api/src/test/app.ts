import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../adapters/mail/local-smtp';
import { buildApp } from '../app';
import {
  type Config,
  DEV_ADMIN_EMAIL,
  DEV_ADMIN_PASSWORD,
  type Environment,
  loadConfig,
} from '../config/config';
import type { Database } from '../db/client';
import { admins } from '../db/schema';
import { loggerOptions } from '../lib/log-serializers';
import type { Notice } from '../lib/notice';
import { ensureOwnerAccount } from '../modules/accounts';
import { createTestDatabase, type TestDatabase } from './database';
import { signInCustomer } from './requests';

/** What a shop in production needs set to start (simulated payments allowed, mail to a folder). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'production-secret-of-at-least-32-characters',
  ADMIN_PASSWORD: 'a-real-owner-password',
  ALLOW_SIMULATED_PAYMENTS: '1',
  MAIL_TRANSPORT: 'outbox',
  PUBLIC_URL: 'https://mithilamakhana.in',
};

/**
 * Drops an app's cached catalogue reads after a test wrote rows straight to the tables, past the
 * services whose transactions would have marked the change.
 */
export function forgetCachedReads(app: FastifyInstance): Promise<void> {
  return app.catalogue.invalidate();
}

/**
 * The server's own logger options, writing into memory: what a request log would hold, in
 * `lines` (one JSON line each), for the files that read it.
 */
export function memoryLogger(): { logger: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino(
    loggerOptions('info'),
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { logger, lines };
}

/** A throw-away DATA_DIR for one test file. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-api-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(dataDir: string, env: Environment = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    // Test files sign many shoppers in from one address; the files that test the limit set it.
    RATE_LIMIT_SIGN_IN_EMAILS: '10000',
    // A simulated refund reaches the bank only in the tests that wait for it: no mail arrives
    // in the middle of another test's count.
    SIMULATED_REFUND_DELAY_MS: '3600000',
    ...env,
  });
}

/** A value, or a function giving it when the app is built: for what an earlier hook starts. */
type Late<T> = T | (() => T);

export interface TestAppOptions {
  /** what a test file's tests set through the environment, over the test defaults */
  env?: Late<Environment>;
  /** the storefront build to serve; none by default */
  webDistDir?: Late<string | null>;
  /** a pino logger, for files that read what the server logs; none logs nothing */
  logger?: FastifyBaseLogger;
  /** where the app shows each one-time code, for files that read it; none shows nothing */
  notice?: Notice;
  /** a DATA_DIR other than the file's own */
  dataDir?: string;
  /** runs before the app is ready, the last moment routes can be added */
  beforeReady?: (app: FastifyInstance) => void;
}

const resolve = <T>(value: Late<T>): T =>
  typeof value === 'function' ? (value as () => T)() : value;

export async function testApp(
  options: TestAppOptions & { db: Database; dataDir: string },
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.dataDir, resolve(options.env ?? {})),
    db: options.db,
    webDistDir: resolve(options.webDistDir ?? null),
    logger: options.logger,
    ...(options.notice ? { notice: options.notice } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return app;
}

export interface TestDatabaseOptions {
  /** PostgreSQL pool size, for files whose requests must really run side by side */
  poolSize?: number;
  /** empty every table before each test (the default); off when the tests share rows made once */
  reset?: boolean;
  /** the development owner account, made again after every reset */
  owner?: boolean;
  /** runs once the database is open, before any app is built: rows and files read at start */
  prepare?: (handle: TestDatabaseHandle) => Promise<void> | void;
}

export interface TestDatabaseHandle {
  /** the file's database; open from its first beforeAll to its last afterAll */
  readonly database: TestDatabase;
  readonly db: Database;
  /** the file's own DATA_DIR, removed after its tests */
  readonly dataDir: string;
  /** where the outbox transport writes the apps' mails */
  readonly outboxDir: string;
  /** empties every table, and makes the owner account again when the file asked for it */
  reset(): Promise<void>;
}

export interface TestAppHandle extends TestDatabaseHandle {
  readonly app: FastifyInstance;
  /** another app on the same database (another environment), closed with the first */
  startApp(options?: TestAppOptions): Promise<FastifyInstance>;
  /** a customer signed in through the real routes, with the code mailed to the outbox */
  signInCustomer(email: string, app?: FastifyInstance): ReturnType<typeof signInCustomer>;
}

/** The owner account as the file first made it, hash included. */
let owner: typeof admins.$inferInsert | undefined;

/**
 * The development owner account: made by the service the first time, then the same row inserted
 * again after each reset, so that only the first costs a hash (scrypt, about 0.1 s at full cost).
 */
async function makeOwner(db: Database) {
  if (owner) {
    await db.insert(admins).values(owner);
    return;
  }
  await ensureOwnerAccount(db, { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD });
  const [row] = await db
    .select({
      email: admins.email,
      name: admins.name,
      role: admins.role,
      passwordHash: admins.passwordHash,
    })
    .from(admins);
  owner = row;
}

/**
 * The set-up of a test file that needs only a database: a fresh one and a DATA_DIR for the file,
 * emptied before each test and removed after the last. Call at the top of the file; hooks the
 * file adds later run after these (before each test: after the reset).
 */
export function useTestDatabase(options: TestDatabaseOptions = {}): TestDatabaseHandle {
  return setUp(options, null);
}

/** useTestDatabase, plus an app built on that database, ready before the first test. */
export function useTestApp(options: TestDatabaseOptions & TestAppOptions = {}): TestAppHandle {
  const { env, webDistDir, logger, notice, dataDir, beforeReady } = options;
  return setUp(options, { env, webDistDir, logger, notice, dataDir, beforeReady });
}

function setUp(options: TestDatabaseOptions, appOptions: null): TestDatabaseHandle;
function setUp(options: TestDatabaseOptions, appOptions: TestAppOptions): TestAppHandle;
function setUp(
  options: TestDatabaseOptions,
  appOptions: TestAppOptions | null,
): TestDatabaseHandle | TestAppHandle {
  const data = tempDataDir();
  let database: TestDatabase | undefined;
  const apps: FastifyInstance[] = [];
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the test ${what} is opened in beforeAll`);
    return value;
  };
  const handle: TestAppHandle = {
    get database() {
      return opened(database, 'database');
    },
    get db() {
      return opened(database, 'database').db;
    },
    dataDir: data.dir,
    outboxDir: testConfig(data.dir).outboxDir,
    async reset() {
      await opened(database, 'database').reset();
      if (options.owner) await makeOwner(handle.db);
    },
    get app() {
      return opened(apps[0], 'app');
    },
    async startApp(more = {}) {
      const app = await testApp({ ...more, db: handle.db, dataDir: more.dataDir ?? data.dir });
      apps.push(app);
      return app;
    },
    signInCustomer(email, app = handle.app) {
      return signInCustomer(app, handle.outboxDir, email);
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: options.poolSize });
    // Without a reset before each test, nothing else would make the owner account.
    if (options.owner && options.reset === false) await handle.reset();
    await options.prepare?.(handle);
    if (appOptions) await handle.startApp(appOptions);
  });
  // One hook, so the apps close before the database they use, whatever the hook order.
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await database?.close();
    data.remove();
  });
  if (options.reset !== false) {
    beforeEach(async () => {
      await handle.reset();
    });
  }
  return handle;
}

/**
 * useTestApp with the owner, its mail sent over SMTP to a local server started first (so the app
 * is built with its address) and closed last; `smtp()` is that server.
 */
export function useTestAppWithSmtp(): { api: TestAppHandle; smtp: () => LocalSmtp } {
  let smtp: LocalSmtp | undefined;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
  });
  const server = () => {
    if (!smtp) throw new Error('the SMTP server is started in beforeAll');
    return smtp;
  };
  const api = useTestApp({
    env: () => ({
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_STRICT_MAX: '1000',
      SMTP_URL: server().url,
    }),
    owner: true,
    poolSize: 4,
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return { api, smtp: server };
}
