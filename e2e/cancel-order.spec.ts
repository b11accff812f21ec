import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import { customerSignsIn, customerWithOrder, newShopper } from './owner-kit';
import { expectAccessible, PHONE, screenshotBoth } from './support';

test.use({ viewport: PHONE });

test.describe('cancelling an order', () => {
  test('a customer cancels a fresh paid order from My Orders and sees the refund', async ({
    page,
    request,
  }, testInfo) => {
    const shopper = newShopper('Meera', 'Thakur');
    const order = await customerWithOrder(request, shopper);
    await customerSignsIn(page, shopper.email);

    await page.goto(`/order-status/${order.id}`);
    const section = page.getByRole('region', { name: 'Changed your mind?' });
    await expect(section).toContainText('You can cancel this order until');
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'order-page-cancellable');

    await page.goto('/dashboard');
    // A long e-mail address wraps inside its card rather than widening the page on a phone.
    await expect(page.getByText(shopper.email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.getByRole('button', { name: 'My Orders' }).click();
    await page.getByRole('button', { name: `Cancel order ${order.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${order.orderNumber}?` });
    await expect(dialog).toContainText('There is no cancellation charge.');
    await dialog.getByRole('radio', { name: 'Ordered by mistake' }).check();
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(
      page.getByText('Order cancelled. The full amount goes back to your original payment method.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('order-row').filter({ hasText: order.orderNumber });
    await expect(row.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(row.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);

    await page.goto(`/order-status/${order.id}`);
    await expect(
      page.getByText(
        /This order was cancelled; your payment is refunded within 7-10 business days/,
      ),
    ).toBeVisible();
    // The payment service takes the refund, then reports it reached the bank a moment later.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('order-refund').textContent();
        },
        { timeout: 15_000 },
      )
      .toMatch(/Refunded on \d{1,2} \w+ \d{4} \(rfnd_\w+\)/);
    await expect(page.getByTestId('order-progress-step').last()).toContainText('Refunded');
    await expect(page.getByRole('region', { name: 'Changed your mind?' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Credit notes' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'order-page-cancelled');

    await expect
      .poll(async () =>
        (await mailsTo(shopper.email)).some((mail) =>
          mail.replace(/=\r?\n/g, '').includes('as you asked, we have cancelled your order'),
        ),
      )
      .toBe(true);
  });
});
