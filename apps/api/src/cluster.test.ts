import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacementDelay, SWEEPER_LOCK, sessionLock } from './cluster';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, REPO_ROOT } from './config/config';
import { ALLOWED_CONNECTIONS, connectionsNeeded } from './db/connection-budget';
import { LABEL_DECLARATIONS } from './test/catalogue-fixtures';
import { usesPostgres } from './test/database';

describe('replacementDelay', () => {
  it('replaces at once after a long life, then backs off 1 s, 2 s, 4 s... up to 30 s', () => {
    expect([0, 1, 2, 3, 5, 6, 20].map(replacementDelay)).toEqual([
      0, 1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });
});

/** GET on a new connection each time, so the primary hands each to the next worker. */
function get(port: number, route: string): Promise<{ status: number; worker: string | null }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: route, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          worker: (response.headers['x-worker'] as string | undefined) ?? null,
        }),
      );
    });
    request.on('error', reject);
    request.setTimeout(2000, () => request.destroy(new Error('timed out')));
  });
}

/** A JSON call on a new connection, so either worker may answer it. */
function call(
  port: number,
  method: 'GET' | 'POST',
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; worker: string | null; json: { data: unknown } }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            worker: (response.headers['x-worker'] as string | undefined) ?? null,
            json: text ? JSON.parse(text) : { data: null },
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(5000, () => request.destroy(new Error('timed out')));
    request.end(payload);
  });
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!usesPostgres())('sessionLock', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `mm_lock_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const log = { info: () => {}, warn: () => {} };
  let admin: pg.Client;
  let url = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
  });

  afterAll(async () => {
    await admin?.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin?.end();
  });

  it('is held by one holder at a time, passes on at release, and idles without a connection', async () => {
    const sessions = async () => {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and application_name like 'makhana test job %'`,
        [name],
      );
      return rows[0]?.n;
    };
    const one = sessionLock(url, 4242, 'test job', log);
    const other = sessionLock(url, 4242, 'test job', log);
    expect(await one.hold()).toBe(true);
    expect(await other.hold()).toBe(false);
    expect(await one.hold()).toBe(true);
    // The one that lost keeps no connection open.
    expect(await sessions()).toBe(1);
    await one.release();
    expect(await other.hold()).toBe(true);
    expect(await one.hold()).toBe(false);
    await other.release();
    expect(await sessions()).toBe(0);
  });
});

// Several processes need a database server; this runs with the API suite's PostgreSQL pass.
describe.skipIf(!usesPostgres())('WEB_CONCURRENCY=2 on PostgreSQL (the real entry)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `mm_cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-cluster-'));
  const output: string[] = [];
  let admin: pg.Client;
  let shop: ChildProcess;
  let port = 0;
  /** a pool that, in both workers, needs more connections than a server of 100 allows */
  let poolSize = 0;
  let allowed = 0;

  /** The workers holding the sweeper's lock in this database, by the pid in their name. */
  async function lockHolders(): Promise<number[]> {
    const { rows } = await admin.query<{ name: string }>(
      `select a.application_name as name
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1
          and l.objsubid = 1 and l.database = (select oid from pg_database where datname = $2)`,
      [SWEEPER_LOCK, name],
    );
    return rows.map((row) => Number(row.name.split(' ').at(-1)));
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    port = await freePort();
    const { rows } = await admin.query<{ allowed: number }>(ALLOWED_CONNECTIONS);
    allowed = rows[0]?.allowed ?? 0;
    // Pools connect only when asked, so a large one costs nothing here.
    poolSize = Math.min(100, Math.ceil(allowed / 2));
    const { REDIS_URL: _, ...env } = process.env;
    shop = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        NODE_ENV: 'development',
        DATABASE_URL: url.toString(),
        WEB_CONCURRENCY: '2',
        DATABASE_POOL_SIZE: String(poolSize),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ORDER_SWEEP_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so a stop can signal every process at once, as systemd does.
      detached: true,
    });
    shop.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    shop.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  }, 30_000);

  afterAll(async () => {
    if (shop?.pid && shop.exitCode === null && shop.signalCode === null) {
      process.kill(-shop.pid, 'SIGKILL');
    }
    await admin?.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /**
   * A test against the running shop, once it answers; if it fails, the shop's own words (why it
   * did not start, serve or stop) are printed with it.
   */
  const withShop = (test: () => Promise<void>) => async () => {
    try {
      await until(
        'the shop to answer',
        async () => ((await get(port, '/api/v1/health')).status === 200 ? true : null),
        45_000,
      );
      await test();
    } catch (error) {
      console.error(output.join(''));
      throw error;
    }
  };

  it(
    'warns at start when the server allows fewer connections than the workers may open',
    withShop(async () => {
      const needed = connectionsNeeded({
        webConcurrency: 2,
        databasePoolSize: poolSize,
        redisUrl: null,
      });
      const warned = output.join('').includes(`The shop may open ${needed} PostgreSQL connections`);
      expect(warned).toBe(needed > allowed);
    }),
    // The first test waits for the shop's start: two workers compiling TypeScript, about 20 s on
    // two busy cores.
    60_000,
  );

  it(
    'a write in one worker is read by the other at once',
    withShop(async () => {
      const catalogueOf = async () => {
        const answer = await call(port, 'GET', '/api/v1/products/getProductDetails');
        return {
          worker: answer.worker,
          names: (answer.json.data as { name: string }[]).map((p) => p.name),
        };
      };
      const login = await call(port, 'POST', '/api/v1/admins/onlyAdminTo/login', {
        body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
      });
      expect(login.status).toBe(200);
      const { accessToken } = login.json.data as { accessToken: string };
      // Both workers hold the catalogue in their cache (kept 5 s) just before the write.
      const primed = new Set<string>();
      await until(
        'both workers to hold the catalogue',
        async () => {
          const { worker } = await catalogueOf();
          if (worker) primed.add(worker);
          return primed.size === 2 ? true : null;
        },
        5_000,
      );

      const added = await call(port, 'POST', '/api/v1/products/addProduct', {
        token: accessToken,
        body: {
          name: 'Saffron Makhana',
          brand: 'Mithila Makhana',
          categoryType: 'Snacks',
          packOfBox: 1,
          price: 149,
          description: 'Roasted fox nuts with saffron.',
          shelfLife: 6,
          variant: 'Saffron',
          sku: '',
          listed: true,
          ...LABEL_DECLARATIONS,
          quantity: [{ weight: 100, stock: 10, price: 149 }],
        },
      });
      expect(added.status).toBe(200);

      // Read at once, on fresh connections, until both workers have answered: each has it.
      const seen = new Map<string, string[]>();
      for (let i = 0; i < 40 && seen.size < 2; i++) {
        const { worker, names } = await catalogueOf();
        if (worker) seen.set(worker, names);
      }
      expect(seen.size).toBe(2);
      for (const [worker, names] of seen)
        expect(names, `worker ${worker}`).toContain('Saffron Makhana');
    }),
    90_000,
  );

  it(
    'a sign-out in one worker ends the access token in the other at once',
    withShop(async () => {
      const login = await call(port, 'POST', '/api/v1/admins/onlyAdminTo/login', {
        body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
      });
      expect(login.status).toBe(200);
      const { accessToken } = login.json.data as { accessToken: string };
      const asOwner = () => call(port, 'GET', '/api/v1/admins/getAdmin', { token: accessToken });
      // Both workers have checked the session and keep it as live.
      const primed = new Set<string>();
      await until(
        'both workers to take the token',
        async () => {
          const answer = await asOwner();
          expect(answer.status).toBe(200);
          if (answer.worker) primed.add(answer.worker);
          return primed.size === 2 ? true : null;
        },
        5_000,
      );

      const out = await call(port, 'POST', '/api/v1/admins/logoutAdmin', { token: accessToken });
      expect(out.status).toBe(200);

      // Asked at once, on fresh connections, until both workers have answered: each refuses it.
      const refused = new Map<string, number>();
      for (let i = 0; i < 40 && refused.size < 2; i++) {
        const answer = await asOwner();
        if (answer.worker) refused.set(answer.worker, answer.status);
      }
      expect(refused.size).toBe(2);
      for (const [worker, status] of refused) expect(status, `worker ${worker}`).toBe(401);
    }),
    90_000,
  );

  it(
    'serves from two workers, replaces a dead one, sweeps in one and stops on SIGTERM',
    withShop(async () => {
      const first = new Set<string>();
      await until(
        'answers from two workers',
        async () => {
          const { worker } = await get(port, '/api/v1/health');
          if (worker) first.add(worker);
          return first.size === 2 ? true : null;
        },
        5_000,
      );

      // One worker, and only one, holds the sweeper's lock.
      const [holder] = await until(
        'a worker to take the sweeper lock',
        async () => {
          const holders = await lockHolders();
          return holders.length > 0 ? holders : null;
        },
        5_000,
      );
      expect(await lockHolders()).toEqual([holder]);
      expect(first.has(String(holder))).toBe(true);

      // Its death frees the lock for the other worker, and the primary forks a replacement.
      process.kill(Number(holder), 'SIGKILL');
      const newcomer = await until(
        'a replacement worker',
        async () => {
          const { worker } = await get(port, '/api/v1/health');
          return worker && !first.has(worker) ? worker : null;
        },
        30_000,
      );
      expect(alive(Number(holder))).toBe(false);
      const [next] = await until(
        'the sweeper lock to move',
        async () => {
          const holders = await lockHolders();
          return holders.length === 1 && holders[0] !== holder ? holders : null;
        },
        5_000,
      );
      expect([...first, newcomer]).toContain(String(next));

      // SIGTERM to every process of the group, twice: the primary and each worker hear it from
      // the stop and again from the primary or the repeat, and each still drains and exits.
      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => shop.once('exit', resolve));
      process.kill(-shop.pid!, 'SIGTERM');
      process.kill(-shop.pid!, 'SIGTERM');
      expect(await exited).toBe(0);
      expect(output.join('')).not.toContain('killed while stopping');
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const pid of [...first, newcomer]) expect(alive(Number(pid)), pid).toBe(false);
      expect(await lockHolders()).toEqual([]);
    }),
    90_000,
  );
});
