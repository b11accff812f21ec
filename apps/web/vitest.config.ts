import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Each file runs in a VM context of its own (a fresh module graph, so vi.mock and module
    // state stay per file) inside long-lived worker threads. With a process per file (forks) the
    // suite spent 65 s of its 100 s creating a jsdom 65 times; it now takes about 33 s.
    pool: 'vmThreads',
    maxWorkers: 2,
    // npm test runs this suite beside the type checks, so a test may wait for a core.
    testTimeout: 15_000,
    // Every file gets a fresh DOM and store: module state (the API client's session hooks, the
    // persisted store) must not leak from one file's tests into another's.
    isolate: true,
    // Calls recorded by shared stubs (setup.ts's window.scrollTo) are forgotten before each test,
    // so an assertion on one proves what this test did, not what an earlier test left behind.
    clearMocks: true,
  },
});
