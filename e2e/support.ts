import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@makhana/domain/product';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export async function fetchProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/v1/products/getProductDetails');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Product[] };
  return body.data;
}

/** Fails on every serious or critical WCAG A/AA violation on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Waits until every image on the page has loaded, and fails on a broken one. */
export async function expectImagesLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const broken = await page.evaluate(async () => {
    const images = [...document.images];
    await Promise.all(
      images.map((img) =>
        img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
      ),
    );
    return images.filter((img) => img.loading !== 'lazy' && img.naturalWidth === 0).map((img) => img.src);
  });
  expect(broken, 'broken images').toEqual([]);
}

/** Keeps a full-page screenshot at phone and desktop size as test output. */
export async function screenshotBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
