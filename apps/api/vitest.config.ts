import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One migrated template per run; each file's database is a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // A worker runs file after file in one module graph, imported once: importing the app again
    // for each of the 83 files was most of a run's time. Each file still opens and closes its own
    // database and app; the modules hold only caches keyed by those, fonts and the PDF thread.
    isolate: false,
    // Each file opens its own database (an in-memory PGlite costs about 800 MB): two at a time.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A mock's calls are forgotten before each test: an assertion on one is about this test alone.
    clearMocks: true,
  },
});
