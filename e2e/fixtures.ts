import { test as base, expect } from '@playwright/test';

/** Every journey fails on an uncaught error in the page, even when the screen still looks right. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) =>
        errors.push(`${error.name}: ${error.message}\n${error.stack ?? ''}`),
      );
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
