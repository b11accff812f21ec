import { isProductAvailable } from '@makhana/domain/product';
import { expect, test } from './fixtures';
import { fetchProducts, PHONE } from './support';

test('on a phone a toast sits below the header, and the same words show once', async ({
  page,
  request,
}) => {
  const products = (await fetchProducts(request)).filter(isProductAvailable).slice(0, 3);
  expect(products).toHaveLength(3);
  await page.setViewportSize(PHONE);
  for (const product of products) {
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  }
  await expect(page.getByTestId('cart-line')).toHaveCount(3);

  // Three lines removed in a row: one toast says so, not three stacked under each other.
  const removeButtons = page.getByRole('button', { name: /^Remove .* from cart$/ });
  for (let left = 3; left > 0; left--) {
    await removeButtons.first().click();
    await expect(removeButtons).toHaveCount(left - 1);
  }
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const removed = page.locator('.Toastify__toast', { hasText: 'Item remove successfull' });
  await expect(removed).toHaveCount(1);

  const header = await page.getByRole('banner').boundingBox();
  const toast = await removed.boundingBox();
  expect(header && toast).toBeTruthy();
  expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});
