import { formatRupees } from '@makhana/domain/money';
import type { Product } from '@makhana/domain/product';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DESKTOP,
  expectAccessible,
  fetchProducts,
  holdFirstLoadChunk,
  PHONE,
  screenshotBoth,
} from './support';

const WEIGHT = 250;

/** What a shopper should see with a weight and a band: that weight, at its own price, in the band. */
function expectedCards(products: Product[], min: number, max: number): string[] {
  return products.flatMap((product) => {
    const pack = product.quantity.find((q) => q.weight === WEIGHT);
    return pack && pack.price >= min && pack.price <= max
      ? [`${product.name} ${WEIGHT}g ${formatRupees(pack.price)}`]
      : [];
  });
}

/** Each card as "name weight price", in the grid's order. */
function cardLines(page: Page): Promise<string[]> {
  return page
    .getByTestId('product-card')
    .evaluateAll((cards) =>
      cards.map(
        (card) =>
          `${card.querySelector('h2')?.textContent} ${card.querySelector('[data-testid="card-weight"]')?.textContent} ${card.querySelector('[data-testid="card-price"]')?.textContent}`,
      ),
    );
}

const bar = (page: Page) => page.getByRole('region', { name: 'Filter products' });
const select = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** React reports a page whose HTML did not match its first render on the console. */
function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('catalogue filters', () => {
  test("a weight and a band show that weight's price, stay in the address, and Back undoes one", async ({
    page,
    request,
  }, testInfo) => {
    const products = (await fetchProducts(request)).filter((product) => product.listed);
    const inBand = expectedCards(products, 301, 500);
    expect(inBand.length).toBeGreaterThan(1);
    // The 250 g packs all cost more than Rs 300, though most cards start lower.
    expect(expectedCards(products, 0, 300)).toEqual([]);
    const consoleErrors = watchConsoleErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/products');
    await expect(page.getByTestId('product-card')).toHaveCount(products.length);

    await test.step('choose a weight and a band', async () => {
      await select(bar(page), 'Weight').selectOption(String(WEIGHT));
      await expect(page).toHaveURL(/\/products\?weight=250$/);
      await select(bar(page), 'Price').selectOption('301-500');
      await expect(page).toHaveURL(/\/products\?weight=250&price=301-500$/);
      await expect.poll(() => cardLines(page)).toEqual(inBand);
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'catalogue-250g-301-500');
    });

    await test.step('a reload keeps them, rendered so by the server', async () => {
      await page.reload();
      await expect(select(bar(page), 'Weight')).toHaveValue(String(WEIGHT));
      await expect(select(bar(page), 'Price')).toHaveValue('301-500');
      expect(await cardLines(page)).toEqual(inBand);
      await page.locator('html[data-live]').waitFor({ state: 'attached' });
      expect(consoleErrors, 'hydration errors').toEqual([]);
    });

    await test.step('a band no 250 g pack is in empties the grid; Back restores the band', async () => {
      await select(bar(page), 'Price').selectOption('0-300');
      await expect(page.getByText('No products found matching your filters.')).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/products\?weight=250&price=301-500$/);
      await expect(select(bar(page), 'Price')).toHaveValue('301-500');
      await expect.poll(() => cardLines(page)).toEqual(inBand);
    });

    await test.step('sort by price, both ways', async () => {
      const prices = async () =>
        (await page.getByTestId('card-price').allTextContents()).map((text) =>
          Number(text.replace(/[^\d.]/g, '')),
        );
      // The same cards in a new order: the address changes before the grid is drawn again.
      const ascending = (await prices()).sort((a, b) => a - b);
      await page.getByLabel('Sort by').selectOption('price-asc');
      await expect(page).toHaveURL(/sort=price-asc$/);
      await expect.poll(prices).toEqual(ascending);
      await page.getByLabel('Sort by').selectOption('price-desc');
      await expect(page).toHaveURL(/sort=price-desc$/);
      await expect.poll(prices).toEqual([...ascending].sort((a, b) => b - a));
    });
  });

  test('a filter chosen before the page code has come is applied once the page is live', async ({
    page,
    request,
  }) => {
    const products = (await fetchProducts(request)).filter((product) => product.listed);
    const release = await holdFirstLoadChunk(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/products');
    await select(bar(page), 'Weight').selectOption(String(WEIGHT));
    release();
    await expect(page).toHaveURL(/\/products\?weight=250$/);
    await expect
      .poll(() => cardLines(page))
      .toEqual(expectedCards(products, 0, Number.POSITIVE_INFINITY));
  });

  test('the server renders a filtered address without the page code', async ({
    browser,
    request,
  }) => {
    const products = (await fetchProducts(request)).filter((product) => product.listed);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products?weight=250&price=301-500&sort=nonsense');
    expect(await cardLines(page)).toEqual(expectedCards(products, 301, 500));
    await page.goto('/products?weight=999&price=free');
    await expect(page.getByTestId('product-card')).toHaveCount(products.length);
    await context.close();
  });

  test('on a phone the sort sits beside the Filters button and the panel keeps the address', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/products?sort=price-asc');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filter products' });
    await select(panel, 'Weight').selectOption(String(WEIGHT));
    await expect(page).toHaveURL(/\/products\?weight=250&sort=price-asc$/);
    await panel.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await expect(page.getByRole('button', { name: /^Filters\s*\(\s*1 active\)/ })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'catalogue-250g-by-price');
  });
});
