// The built API for the script tests: apps/api/scripts/build.mjs bundles it (as `npm start` does)
// into a scratch file beside dist/, and it is started on a port of its own, with the settings a
// test gives, until its health check answers.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApi } from '../apps/api/scripts/build.mjs';
import { API_NODE_FLAGS, freePort, root } from './lib.mjs';

/**
 * Builds and starts the API with `env` over a development shop on a fresh DATA_DIR (no Redis, no
 * database server unless `env` names one), on a free port, and a free METRICS_PORT. Resolves once
 * `GET /api/v1/health` answers 200, within `seconds`; `healthChecks` counts every one it sent.
 */
export async function startBuiltApi({ name, env = {}, seconds = 25 }) {
  // Inside apps/api (the bundle finds its data files from there), in a folder git ignores.
  const scratch = join(root, 'apps', 'api', '.tmp');
  mkdirSync(scratch, { recursive: true });
  const bundle = join(scratch, `${name}-${process.pid}.js`);
  const dataDir = mkdtempSync(join(tmpdir(), `mm-${name}-`));
  await buildApi(bundle);
  const port = await freePort();
  const metricsPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...API_NODE_FLAGS, bundle], {
    cwd: root,
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const api = {
    base,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    healthChecks: 0,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(bundle, { force: true });
      rmSync(`${bundle}.map`, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && server.exitCode === null) {
    api.healthChecks += 1;
    const up = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return api;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await api.stop();
  throw new Error(`The built API did not come up:\n${output}`);
}
