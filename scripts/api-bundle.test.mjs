// The built API runs: apps/api/scripts/build.mjs bundles it (as `npm start` does, into a scratch
// file beside dist/), and the bundle starts on a fresh PGlite, migrates, seeds the demo catalogue
// and serves it, finding the files it reads by path (migrations, demo pictures, pincodes).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApi } from '../apps/api/scripts/build.mjs';
import { API_NODE_FLAGS, freePort } from './lib.mjs';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside apps/api (the bundle finds its data files from there), in a folder git ignores.
const scratch = join(repository, 'apps', 'api', '.tmp');
const bundle = join(scratch, `bundle-test-${process.pid}.js`);
const dataDir = mkdtempSync(join(tmpdir(), 'mm-bundle-'));

let server;
let base;
let metricsBase;
let output = '';

before(async () => {
  mkdirSync(scratch, { recursive: true });
  await buildApi(bundle);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const metricsPort = await freePort();
  metricsBase = `http://127.0.0.1:${metricsPort}`;
  server = spawn(process.execPath, [...API_NODE_FLAGS, bundle], {
    cwd: repository,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
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
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const up = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The bundle did not come up:\n${output}`);
});

after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(`${bundle}`, { force: true });
  rmSync(`${bundle}.map`, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the API bundle', () => {
  it('serves the demo catalogue with its pictures', async () => {
    const response = await fetch(`${base}/api/v1/products/getProductDetails`);
    assert.equal(response.status, 200);
    const products = (await response.json()).data;
    assert.ok(products.length > 0, 'the demo catalogue was seeded');
    const picture = JSON.stringify(products).match(/\/uploads\/demo\/[^"]+/)?.[0];
    assert.ok(picture, 'a demo product has a picture');
    assert.equal((await fetch(`${base}${picture}`)).status, 200);
  });

  it('answers from the offline pincode directory', async () => {
    const response = await fetch(`${base}/api/v1/orders/pincodeVerification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pincode: '846004' }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.match(await response.text(), /Darbhanga/i);
  });

  it('serves its metrics on METRICS_PORT, counting the requests it answered', async () => {
    const health = /^http_requests_total\{[^}]*route="\/api\/v1\/health"[^}]*\} (\d+)$/m;
    const count = async () => {
      const response = await fetch(`${metricsBase}/metrics`);
      assert.equal(response.status, 200);
      return Number((await response.text()).match(health)?.[1] ?? 0);
    };
    const before = await count();
    for (let i = 0; i < 3; i++) assert.equal((await fetch(`${base}/api/v1/health`)).status, 200);
    assert.equal((await count()) - before, 3);
    assert.equal((await fetch(`${base}/metrics`)).status, 404, "not on the shop's own port");
  });
});
