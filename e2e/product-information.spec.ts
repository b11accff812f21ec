import { formatRupees } from '@makhana/domain/money';
import type { Product, ProductVariant } from '@makhana/domain/product';
import { formatNetQuantity, pricePer100g } from '@makhana/domain/unit-price';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, expectAccessible, fetchProducts, PHONE } from './support';

/** "₹1.80", "₹199": the demo's unit prices are all below ₹1,000, where no digit grouping shows. */
const shelfPrice = (rupees: number) =>
  Number.isInteger(rupees) ? formatRupees(rupees) : `₹${rupees.toFixed(2)}`;

/** The value a fact of the chosen pack shows, by its term. */
const fact = (section: Locator, term: string) =>
  section
    .getByTestId('chosen-pack')
    .getByText(term, { exact: true })
    .locator('xpath=following-sibling::dd');

async function expectPack(section: Locator, variant: ProductVariant) {
  await expect(fact(section, 'Net quantity')).toHaveText(formatNetQuantity(variant.weight));
  await expect(fact(section, 'MRP')).toHaveText(formatRupees(variant.price));
  await expect(fact(section, 'Unit sale price')).toHaveText(
    `${shelfPrice(variant.unitSalePrice.amount)} per ${variant.unitSalePrice.per}` +
      `${shelfPrice(pricePer100g(variant.price, variant.weight))} per 100 g`,
  );
}

/** A listed demo product with two weights in stock, so picking the other one changes the pack. */
function productWithTwoWeights(products: Product[]): Product {
  const product = products.find(
    (p) => p.listed && p.quantity.filter((variant) => variant.stock > 0).length >= 2,
  );
  if (!product) throw new Error('the demo catalogue has no product with two weights in stock');
  return product;
}

async function openSection(page: Page, product: Product) {
  await page.goto(`/product/${product._id}`);
  const section = page.getByRole('region', { name: 'Product information' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

test.describe('the product information a packaged food declares', () => {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`a shopper reads it on the product page (${label})`, async ({
      page,
      request,
    }, testInfo) => {
      const product = productWithTwoWeights(await fetchProducts(request));
      const [first, second] = product.quantity.filter((variant) => variant.stock > 0) as [
        ProductVariant,
        ProductVariant,
      ];
      await page.setViewportSize(size);
      const section = await openSection(page, product);

      await expectPack(section, first);
      await expect(section.getByText(`GST ${product.gstRate}% included`)).toBeVisible();
      await expect(
        section.getByRole('img', { name: product.vegetarian ? 'Vegetarian' : 'Non-vegetarian' }),
      ).toBeVisible();
      await expect(section.getByText(product.ingredients)).toBeVisible();
      await expect(section.getByText(`${product.shelfLife} months from packaging`)).toBeVisible();
      await expect(section.getByText(product.manufacturer.name).first()).toBeVisible();
      await expect(section.getByText(/^Lic\. No\. \d{14}$/)).toBeVisible();
      await expect(section.getByTestId('consumer-care')).toContainText('Phone:');

      const nutrition = section.getByRole('table', { name: 'Nutrition information per 100 g' });
      await expect(nutrition.getByRole('row')).toHaveCount(10);
      await expect(nutrition.getByRole('row', { name: /Energy/ })).toContainText(
        `${product.nutrition?.energyKcal} kcal`,
      );
      await expectAccessible(page);
      await page.getByRole('button', { name: `${second.weight}g`, exact: true }).click();
      await expectPack(section, second);

      // The section's top just below the sticky header, as a shopper scrolling down meets it.
      await section.evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -96);
      });
      await page.screenshot({ path: testInfo.outputPath(`product-information-${label}.png`) });
      // The whole section, cut from the whole page: an element's own shot scrolls it under the header.
      const clip = await section.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          x: 0,
          y: box.top + window.scrollY - 8,
          width: window.innerWidth,
          height: box.height + 16,
        };
      });
      await page.screenshot({
        path: testInfo.outputPath(`product-information-${label}-section.png`),
        fullPage: true,
        clip,
      });
    });
  }

  test('is in the HTML the server sends', async ({ request }) => {
    const product = productWithTwoWeights(await fetchProducts(request));
    const response = await request.get(`/product/${product._id}`, {
      headers: { accept: 'text/html' },
    });
    const html = (await response.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Product information');
    expect(html).toContain('Nutrition information per 100 g');
    expect(html).toMatch(/Lic\. No\. \d{14}/);
  });
});
