import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One migrated template per run; each file's database is a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Each file owns its database and app; nothing may leak between files.
    isolate: true,
    // Each file opens its own database (an in-memory PGlite costs about 800 MB): two at a time.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A mock's calls are forgotten before each test: an assertion on one is about this test alone.
    clearMocks: true,
  },
});
