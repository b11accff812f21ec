import { summarizeCart } from '@makhana/domain/cart';
import { filterProducts, flavorOptions, PRICE_BANDS } from '@makhana/domain/filters';
import { formatRupees } from '@makhana/domain/money';
import { isProductAvailable, type Product } from '@makhana/domain/product';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DESKTOP,
  expectAccessible,
  expectImagesLoaded,
  fetchProducts,
  PHONE,
  screenshotBoth,
} from './support';

/** A flavour and price band that no product has together, so the grid empties. */
function emptyingFilters(products: Product[]): { flavor: string; price: string } {
  for (const flavor of flavorOptions(products)) {
    for (const band of PRICE_BANDS) {
      const filters = { flavor, price: band.value, weight: '' };
      if (filterProducts(products, filters).length === 0) return { flavor, price: band.value };
    }
  }
  throw new Error('Every flavour matches every price band: the demo catalogue changed');
}

async function chooseFilter(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).filter({ visible: true }).selectOption(value);
}

test.describe('the shopper journey', () => {
  test('browse, filter, open a product by deep link, fill the cart, reload', async ({
    page,
    request,
  }, testInfo) => {
    const products = await fetchProducts(request);
    expect(products.length).toBeGreaterThanOrEqual(8);
    await page.setViewportSize(DESKTOP);

    await test.step('home', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('#features')).toBeVisible();
      await expect(page.locator('#faq')).toBeAttached();
      await expectImagesLoaded(page);
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'home');
    });

    await test.step('catalogue with a filter that empties the grid, then Reset', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Products', exact: true }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
      const cards = page.getByTestId('product-card');
      await expect(cards).toHaveCount(products.length);
      await expectImagesLoaded(page);
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'products');

      const { flavor, price } = emptyingFilters(products);
      await chooseFilter(page, 'Flavor', flavor);
      await expect(cards).toHaveCount(products.filter((p) => p.variant === flavor).length);
      await chooseFilter(page, 'Price', price);
      await expect(page.getByText('No products found matching your filters.')).toBeVisible();
      await expect(cards).toHaveCount(0);
      await page.getByRole('button', { name: 'Reset' }).filter({ visible: true }).first().click();
      await expect(cards).toHaveCount(products.length);

      const outOfStock = products.filter((p) => !isProductAvailable(p));
      expect(outOfStock.length).toBeGreaterThan(0);
      await expect(page.getByRole('button', { name: 'Unavailable' })).toHaveCount(
        outOfStock.length,
      );
    });

    const product = products.find(
      (p) => isProductAvailable(p) && p.quantity.filter((q) => q.stock > 1).length >= 2,
    );
    if (!product) throw new Error('The demo catalogue needs a product with two weights in stock');
    const second = product.quantity.filter((q) => q.stock > 1)[1]!;

    await test.step('a product by deep link, weight and quantity, Add to Cart', async () => {
      await page.goto(`/product/${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page).toHaveTitle(`${product.name} | ${product.brand}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/product/${product._id}$`),
      );
      await expectImagesLoaded(page);
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'product');

      const pincode = page.getByLabel('Check delivery to your pincode');
      await pincode.fill('84ab6');
      await expect(pincode).toHaveValue('846');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.getByText('Please enter a valid 6-digit pincode.')).toBeVisible();
      await pincode.fill('999999');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.getByText('Not Deliverable')).toBeVisible();
      await pincode.fill('846004');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.getByText('Delivery Available')).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Darbhanga');

      await page.getByRole('button', { name: `${second.weight}g`, exact: true }).click();
      await expect(page.getByTestId('product-price')).toHaveText(formatRupees(second.price));
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(page.getByLabel('Quantity', { exact: true })).toHaveText('2');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByText('Added to cart!')).toBeVisible();
    });

    const other = products.find((p) => p._id !== product._id && isProductAvailable(p))!;
    const otherVariant = other.quantity.find((q) => q.stock > 0)!;

    await test.step('a second product from the catalogue card', async () => {
      await page.goto('/products');
      await page.getByRole('link', { name: `View details of ${other.name}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
      await page.getByRole('button', { name: `${otherVariant.weight}g`, exact: true }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
    });

    const expected = summarizeCart([
      {
        id: product._id,
        name: product.name,
        image: '',
        weight: second.weight,
        sku: second.sku,
        price: second.price,
        quantity: 2,
      },
      {
        id: other._id,
        name: other.name,
        image: '',
        weight: otherVariant.weight,
        sku: otherVariant.sku,
        price: otherVariant.price,
        quantity: 1,
      },
    ]);

    async function expectCart() {
      const lines = page.getByTestId('cart-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText(product!.name);
      await expect(lines.nth(0)).toContainText(`${second.weight}g`);
      await expect(lines.nth(0).getByTestId('line-quantity')).toHaveText('2');
      await expect(lines.nth(0).getByTestId('line-total')).toHaveText(
        formatRupees(second.price * 2),
      );
      await expect(lines.nth(1)).toContainText(other.name);
      await expect(page.getByTestId('cart-subtotal')).toHaveText(formatRupees(expected.subtotal));
      await expect(page.getByTestId('cart-shipping')).toHaveText(
        expected.shipping === 0 ? 'Free' : formatRupees(expected.shipping),
      );
      await expect(page.getByTestId('cart-total')).toHaveText(formatRupees(expected.total));
      await expect(page.getByRole('link', { name: /cart/i }).first()).toContainText(
        String(expected.itemCount),
      );
    }

    await test.step('the cart has the right lines and totals, and keeps them over a reload', async () => {
      await expectCart();
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'cart');
      await page.reload();
      await expectCart();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
      expect(stored.total).toBe(expected.subtotal);
    });
  });

  test('on a phone: the filter panel slides up and Reset closes it; the menu opens', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/products');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    await chooseFilter(
      page,
      'Weight',
      (await panel.getByLabel('Weight').locator('option').nth(1).getAttribute('value'))!,
    );
    await page.screenshot({ path: testInfo.outputPath('filter-panel-phone.png') });
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: /menu/i }).click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
    await nav.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
  });
});

test.describe('pages of the frame', () => {
  const pages = [
    { path: '/about-us', heading: /about/i },
    { path: '/policy', heading: /privacy policy/i, text: 'May 5, 2025' },
    { path: '/term-conditions', heading: /terms/i },
    { path: '/refund-policy', heading: /refund/i, text: '7-10 business days' },
    { path: '/shippingInfo', heading: /shipping/i, text: '5-7 business days' },
    { path: '/return-cancellation', heading: /return/i, text: '24 hours' },
  ];
  for (const info of pages) {
    test(`${info.path} is a real page`, async ({ page }) => {
      await page.goto(info.path);
      await expect(page.getByRole('heading', { level: 1, name: info.heading })).toBeVisible();
      if (info.text) await expect(page.getByText(info.text).first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('an unknown path shows the 404 page with its three links', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.locator('a[href="/"]').first()).toBeVisible();
    await expect(main.locator('a[href="/products"]').first()).toBeVisible();
    await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('/faq scrolls to the FAQ section', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.locator('#faq')).toBeInViewport();
  });
});
