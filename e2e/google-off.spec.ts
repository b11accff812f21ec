// A shop whose owner has not set up Google sign-in: a second shop, started here without the
// GOOGLE_* variables the journeys' shop has, on its own port and data folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { shot } from './owner-kit';
import { DESKTOP, expectAccessible, PHONE } from './support';

// Beside the journeys' shop (E2E_PORT) and its OpenID server (E2E_OIDC_PORT).
const port = Number(process.env.E2E_PORT ?? 3210) + 7;
const origin = `http://127.0.0.1:${port}`;
let shop: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'makhana-e2e-no-google-'));
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL, ...environment } = process.env;
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
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/v1/health`).then(
          (response) => response.ok,
          () => false,
        ),
      { message: 'the shop without Google answers', timeout: 45_000, intervals: [250] },
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

test('without Google set up, the login page shows its button off and says why', async ({
  page,
}, testInfo) => {
  const status = await (await fetch(`${origin}/api/v1/users/auth/google/status`)).json();
  expect(status.data).toEqual({ configured: false });

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${origin}/login`);
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeDisabled();
    await expect(google).toHaveAccessibleDescription(
      'Google sign-in is not available in this shop yet.',
    );
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
    // The e-mail sign-in is untouched.
    await expect(page.getByLabel('Email address')).toBeEditable();
    await expectAccessible(page);
    await shot(page, testInfo, `login-without-google-${size}`);
  }
});
