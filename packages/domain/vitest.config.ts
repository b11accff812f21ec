import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A mock's calls are forgotten before each test: an assertion on one is about this test alone.
    clearMocks: true,
  },
});
