// What every part of `npm run bench` shares: the shop started as `npm start` runs it (the built
// bundle, decision 018), in production or development, on PGlite or a PostgreSQL database of
// its own, and the figures' arithmetic.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { API_BUNDLE, API_NODE_FLAGS, root } from './lib.mjs';

/**
 * The settings "Going live" asks for, with the dry-run mail and the simulated gateway it allows
 * (MAIL_TRANSPORT=outbox, ALLOW_SIMULATED_PAYMENTS=1), so the bench needs no outside service.
 */
export function productionEnv(port) {
  return {
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: 'owner@example.in',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    MAIL_TRANSPORT: 'outbox',
    ALLOW_SIMULATED_PAYMENTS: '1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/**
 * The shop on `port` from its bundle, detached so that its whole process group (the primary and
 * its workers) can be stopped; its output is dropped, as a log collector would take it.
 * `dataDir` defaults to a new folder, removed by `stopShop`; `checkout` is the repository whose
 * built bundle runs (this one, or another commit's worktree to compare with).
 */
export function startShop(
  port,
  env = {},
  dataDir = mkdtempSync(join(tmpdir(), 'makhana-bench-')),
  checkout = root,
) {
  const child = spawn(
    process.execPath,
    [...API_NODE_FLAGS, join(checkout, relative(root, API_BUNDLE))],
    {
      cwd: checkout,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...env,
      },
    },
  );
  child.dataDir = dataDir;
  child.origin = `http://127.0.0.1:${port}`;
  return child;
}

/** Stops the shop's process group and waits until it has gone, then removes its data folder. */
export async function stopShop(child) {
  if (!child) return;
  if (child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  rmSync(child.dataDir, { recursive: true, force: true });
}

/** Resolves once /api/v1/health answers 200; rejects after `seconds`. */
export async function waitForHealth(origin, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${origin}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The shop at ${origin} did not answer /api/v1/health within ${seconds} s`);
}

/** A fresh, empty database `name` on BENCH_DATABASE_URL's server; its URL. */
export async function freshDatabase(serverUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Resident memory of a process and its children (a cluster's primary and workers), in MB each. */
export function residentMemory(pid) {
  const out = execFileSync('ps', ['-o', 'pid=,ppid=,rss=', '-e'], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const family = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, parent] of rows) {
      if (family.has(parent) && !family.has(p)) {
        family.add(p);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => family.has(p)).map(([, , rss]) => Math.round(rss / 1024));
}

/** The figure at fraction `p` of sorted numbers, to a tenth. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] * 10) / 10;
}

export const row = (cells) => `| ${cells.join(' | ')} |`;
