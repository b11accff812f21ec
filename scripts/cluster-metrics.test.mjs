// The metrics of a cluster: the built API with two workers on PostgreSQL (a database of its own on
// TEST_DATABASE_URL's server) and METRICS_PORT, whose primary sums what each worker counted.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApi } from '../apps/api/scripts/build.mjs';
import { freshDatabase } from './bench-shop.mjs';
import { API_NODE_FLAGS, freePort } from './lib.mjs';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = join(repository, 'apps', 'api', '.tmp');
const bundle = join(scratch, `cluster-metrics-test-${process.pid}.js`);
const dataDir = mkdtempSync(join(tmpdir(), 'mm-cluster-metrics-'));

/** A GET on a connection of its own, so the kernel may hand it to either worker. */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, worker: response.headers['x-worker'], body }),
        );
      })
      .on('error', reject);
  });
}

let server;
let base;
let metricsUrl;
let output = '';
/** every GET /api/v1/health this test sent, answered or not */
let healthAsked = 0;

before(async () => {
  mkdirSync(scratch, { recursive: true });
  await buildApi(bundle);
  const database = await freshDatabase(process.env.TEST_DATABASE_URL, 'makhana_cluster_metrics');
  const port = await freePort();
  const metricsPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  server = spawn(process.execPath, [...API_NODE_FLAGS, bundle], {
    cwd: repository,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: database,
      REDIS_URL: '',
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    healthAsked += 1;
    const up = await get(`${base}/api/v1/health`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The cluster did not come up:\n${output}`);
});

after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(bundle, { force: true });
  rmSync(`${bundle}.map`, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a cluster's metrics", () => {
  it("are every worker's, summed by the primary", async () => {
    const workers = new Set();
    for (let i = 0; i < 40; i++) {
      healthAsked += 1;
      const answer = await get(`${base}/api/v1/health`);
      assert.equal(answer.status, 200);
      workers.add(answer.worker);
    }
    assert.equal(workers.size, 2, 'both workers answered');
    const scraped = await get(metricsUrl);
    assert.equal(scraped.status, 200, scraped.body);
    const served = [
      ...scraped.body.matchAll(
        /^http_requests_total\{[^}]*route="\/api\/v1\/health"[^}]*\} (\d+)$/gm,
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0);
    // A health check answered while the first worker was still starting may have been refused.
    assert.ok(served <= healthAsked && served >= 40, `${served} of ${healthAsked} asked`);
    // Read from the database once for the cluster, not once per worker.
    assert.match(scraped.body, /^shop_outbox_depth 0$/m);
    assert.match(scraped.body, /^process_cpu_seconds_total \d/m);
  });
});
