// A second shop beside the journeys' one, for a journey that needs a shop set up otherwise
// (without Google) or whose changes would reach every other journey (the owner's second factor):
// its own port and data folder, started in a test file's beforeAll and stopped in its afterAll.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Starts a shop for this file's tests, `offset` ports after the journeys' shop (E2E_PORT; its
 * OpenID server has the next one). Variables in `unset` are left out of its environment.
 */
export function useSecondShop({
  offset,
  unset = [],
  env = {},
}: {
  offset: number;
  unset?: string[];
  env?: Record<string, string>;
}): { origin: string; dataDir: () => string } {
  const port = Number(process.env.E2E_PORT ?? 3210) + offset;
  const origin = `http://127.0.0.1:${port}`;
  let shop: ChildProcess | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'makhana-e2e-second-shop-'));
    const environment = { ...process.env };
    for (const name of unset) delete environment[name];
    shop = spawn(process.execPath, ['--import', 'tsx', join('apps', 'api', 'src', 'main.ts')], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: 'ignore',
      env: {
        ...environment,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        ...env,
      },
    });
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/v1/health`).then(
            (response) => response.ok,
            () => false,
          ),
        { message: `the second shop answers at ${origin}`, timeout: 45_000, intervals: [250] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    if (shop && shop.exitCode === null) {
      const exited = new Promise((done) => shop?.once('exit', done));
      shop.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  return { origin, dataDir: () => dataDir };
}
