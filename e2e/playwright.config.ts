import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// One fresh data folder per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'makhana-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const repoRoot = resolve(import.meta.dirname, '..');
// Short-lived access tokens, so the journeys go through silent refreshes as a long visit would.
process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ??= '6';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace films every action of every journey to keep only a failing one's, and that filming
    // was 38 % of Chromium's work (the owner dashboard's journeys: 26 + 31 s with it, 20 + 19 s
    // without). To see a failure step by step, run it again with --trace retain-on-failure.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node --import tsx ${join('e2e', 'start-shop.ts')}`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_STRICT_MAX: '100000',
      RATE_LIMIT_SIGN_IN_EMAILS: '100000',
      // Journeys sign the same shopper in twice within a minute; the cooldown has its API tests.
      OTP_RESEND_SECONDS: '0',
      // A refund reaches the bank while a journey waits for it, as a signed webhook event.
      SIMULATED_REFUND_DELAY_MS: '1500',
      // A booked parcel travels while a journey watches: a step every 2 s, asked about each second.
      SIMULATED_COURIER_STEP_SECONDS: '2',
      TRACKING_INTERVAL_SECONDS: '1',
      ORDER_SWEEP_INTERVAL_SECONDS: '1',
      ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TOKEN_TTL_SECONDS,
    },
  },
});
