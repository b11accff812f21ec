import { formatRupees } from '@makhana/domain/money';
import { isProductAvailable } from '@makhana/domain/product';
import { expect, test } from './fixtures';
import { customerSignsIn, newShopper, openTab, ownerSignsIn, shot } from './owner-kit';
import {
  DESKTOP,
  expectAccessible,
  fetchProducts,
  keptPdfText,
  PHONE,
  screenshotBoth,
} from './support';

test.describe('discount codes', () => {
  test('the owner makes a code; a shopper applies it on a phone, pays, and sees it on the order page and the invoice', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const code = `FEST${Date.now() % 100_000}`;

    await test.step('the owner makes a 10% code for one per customer', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const owner = await context.newPage();
      await ownerSignsIn(owner);
      await owner.goto('/owner/admin/dashboard');
      await openTab(owner, 'Discounts');
      await owner.getByRole('button', { name: 'New code' }).click();
      const form = owner.getByRole('form', { name: 'Discount code' });
      await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      await form.getByLabel('Percentage (%)').fill('10');
      await form.getByLabel('Uses per customer').fill('1');
      await expectAccessible(owner);
      await shot(owner, testInfo, 'owner-discount-form-desktop');
      await form.getByRole('button', { name: 'Save the code' }).click();
      await expect(owner.getByText('Discount saved')).toBeVisible();
      const card = owner.getByTestId('discount').filter({ hasText: code });
      await expect(card).toContainText('10% off · 1 per customer');
      await expect(card.getByTestId('discount-figures')).toHaveText('Used 0 times · brought ₹0');
      await owner.setViewportSize(PHONE);
      await shot(owner, testInfo, 'owner-discounts-phone');
      await context.close();
    });

    const shopper = newShopper('Meera', 'Thakur');
    const [product] = (await fetchProducts(request)).filter(isProductAvailable);
    const variant = product!.quantity.find((q) => q.stock >= 2)!;
    // Under the free-shipping threshold on purpose: the code's share and the shipping both show.
    const subtotal = variant.price;
    const discount = Math.floor(subtotal * 10) / 100;
    const shipping = subtotal > 500 ? 0 : 50;
    const total = Math.round((subtotal - discount + shipping) * 100) / 100;
    await page.setViewportSize(PHONE);

    await test.step('the shopper applies the code at checkout on a phone and pays', async () => {
      expect((await request.post('/api/v1/users/registerUser', { data: shopper })).ok()).toBe(true);
      await customerSignsIn(page, shopper.email);
      await page.goto(`/product/${product!._id}`);
      await page.getByRole('button', { name: `${variant.weight}g`, exact: true }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await page.getByLabel('Address', { exact: true }).fill('7 Boring Road, Sri Krishna Puri');
      await page.getByLabel('Pincode').fill('800001');
      await expect(page.getByTestId('pincode-serviceable')).toContainText('Patna, BR');

      await page.getByRole('button', { name: 'Have a discount code?' }).click();
      await page.getByLabel('Discount code').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('This code is not valid.')).toBeVisible();
      await page.getByLabel('Discount code').fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('discount-applied')).toContainText(`${code}: 10% off applied`);
      await expect(page.getByTestId('checkout-discount')).toHaveText(`−${formatRupees(discount)}`);
      await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(total));
      const placeOrder = page.getByRole('button', { name: /^Place Order/ });
      await expect(placeOrder).toContainText(formatRupees(total));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'checkout-with-code');

      await placeOrder.click();
      const window = page.getByRole('dialog');
      await expect(window).toContainText(formatRupees(total));
      await window.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/order-status\/[\w-]+$/);
    });

    await test.step('the order page and the invoice show the discount', async () => {
      await expect(page.getByText(`Discount (${code})`)).toBeVisible();
      await expect(page.getByTestId('order-discount')).toHaveText(`−${formatRupees(discount)}`);
      await expect(page.getByTestId('order-total')).toHaveText(formatRupees(total));
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'order-page-with-code');

      const download = page.getByRole('button', { name: /^Download invoice / });
      await expect(download).toBeVisible({ timeout: 15_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      const text = await keptPdfText(file, testInfo, 'invoice-with-code');
      expect(text).toContain('Disc. (₹)');
      expect(text).toContain(discount.toFixed(2));
    });
  });
});
