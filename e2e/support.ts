import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@makhana/domain/product';
import {
  type APIRequestContext,
  type Download,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';

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
  // Colours mid-transition are not what the page shows: a button restyled a moment ago (Mark
  // resolved turning into Reopen) passes through low contrast for its 150 ms.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const endless = animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY;
          return !endless && !(target instanceof Element && target.closest('.Toastify'));
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Toasts are left out: axe measures them mid-animation, at partial opacity.
  // Legacy mode runs axe in the page itself: the default opens a blank page beside it to gather
  // the frames' results, which doubled each check (2.2 s against 1.0 s, the same findings). The
  // shop has no frames, so the default's one gain, other origins' frames, is never used.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('.Toastify')
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const summary = serious.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until every picture in view has arrived (or failed), so a shot and an accessibility check
 * see what a person sees. Unlike waiting for the network to idle, a request elsewhere on the page
 * (a token renewed, a lazy picture below the fold) does not hold it up.
 */
export async function picturesInViewSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images]
            .filter((img) => {
              const box = img.getBoundingClientRect();
              return (
                box.width > 0 &&
                box.bottom > 0 &&
                box.top < window.innerHeight &&
                box.right > 0 &&
                box.left < window.innerWidth
              );
            })
            .every((img) => img.complete),
        ),
      { message: 'the pictures in view to arrive', timeout: 15_000 },
    )
    .toBe(true);
}

/** Scrolls through the page so lazy images load, then fails on any image that did not. */
export async function expectImagesLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const broken = await page.evaluate(async () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await pause(60);
    }
    window.scrollTo(0, 0);
    const settle = (img: HTMLImageElement) =>
      img.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => resolve(), { once: true });
            setTimeout(resolve, 5000);
          });
    // Slides waiting off to the side in a carousel are not on the page yet.
    const onPage = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.right > 0 && box.left < window.innerWidth;
    };
    const images = [...document.images].filter(onPage);
    await Promise.all(images.map(settle));
    return images
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src);
  });
  expect(broken, 'images that did not load').toEqual([]);
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

/** Holds the first-load chunk back, as a slow phone's connection would; call the answer to let it come. */
export async function holdFirstLoadChunk(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/shell-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A downloaded PDF kept as `name`.pdf beside the test's screenshots, its first page drawn as
 * `name`-1.png to look at, and its text as poppler's pdftotext lays it out.
 */
export async function keptPdfText(file: Download, testInfo: TestInfo, name: string) {
  const pdf = testInfo.outputPath(`${name}.pdf`);
  await file.saveAs(pdf);
  const args = ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, testInfo.outputPath(name)];
  execFileSync('pdftoppm', args);
  return execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
}
