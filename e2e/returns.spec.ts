import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import {
  asOwner,
  customerSignsIn,
  customerWithOrder,
  drawPictures,
  entry,
  newShopper,
  ownerSignsIn,
  shot,
} from './owner-kit';
import { DESKTOP, expectAccessible, PHONE, screenshotBoth } from './support';

test.use({ viewport: PHONE });

test.describe('returning items', () => {
  test('a customer returns part of a delivered order with a photo; the owner approves, receives and refunds it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const shopper = newShopper('Asha', 'Kumari');
    const order = await customerWithOrder(request, shopper, { quantity: 2 });
    await asOwner(request, async (headers) => {
      for (const data of [
        { status: 'Shipped', trackingNumber: 'DL-RETURN-1' },
        { status: 'Delivered' },
      ]) {
        const moved = await request.post(`/api/v1/orders/update-status/${order.id}`, {
          headers,
          data,
        });
        expect(moved.ok(), await moved.text()).toBe(true);
      }
    });

    await test.step('the customer asks to return one of the two packs, with a photo', async () => {
      await customerSignsIn(page, shopper.email);
      await page.goto(`/order-status/${order.id}`);
      const section = page.getByRole('region', { name: 'Returns' });
      await expect(section).toContainText('You can return items of this order until');
      await section.getByRole('button', { name: 'Return items' }).click();
      const dialog = page.getByRole('dialog', {
        name: `Return items of order #${order.orderNumber}`,
      });
      await dialog.getByRole('combobox').first().selectOption('1');
      await dialog.getByRole('radio', { name: 'Damaged' }).check();
      await dialog.getByLabel(/What happened/).fill('One pouch arrived torn');
      await dialog.getByLabel(/Photos/).setInputFiles(await drawPictures(page, ['#b45309']));
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'return-dialog');
      await dialog.getByRole('button', { name: 'Ask to return' }).click();
      await expect(
        page.getByText('Return requested. We will reply by e-mail within 48 hours.'),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('order-return')).toContainText('Damaged · Requested on');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'order-page-return-requested');
    });

    await test.step('the owner finds it among the open returns, approves, receives and refunds it', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const owner = await context.newPage();
      await ownerSignsIn(owner);
      await owner.goto('/owner/admin/dashboard');
      await expect(owner.getByTestId('open-returns')).toContainText(/waits? for you/);
      await owner.getByRole('link', { name: 'Open the orders with a return' }).click();
      const row = entry(owner, ['owner-order-row', 'owner-order-card'], order.orderNumber);
      await expect(row).toContainText('Return open');
      await row.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
      const dialog = owner.getByRole('dialog', { name: `Order #${order.orderNumber}` });
      const request = dialog.getByTestId('owner-return');
      await expect(request).toContainText('“One pouch arrived torn”');
      await expect(request.getByRole('img')).toBeVisible();
      await expectAccessible(owner);
      await shot(owner, testInfo, 'owner-return-requested-desktop');

      await request.getByRole('button', { name: 'Approve the return' }).click();
      await expect(
        owner.getByText('Return approved; the customer is asked to send the parcel.'),
      ).toBeVisible();
      await request.getByRole('button', { name: 'Mark the parcel received' }).click();
      await expect(owner.getByText('Parcel marked as received.')).toBeVisible();
      await request.getByRole('button', { name: 'Refund the returned items' }).click();
      await owner
        .getByRole('dialog', { name: 'Refund the returned items?' })
        .getByRole('button', { name: 'Refund' })
        .click();
      await expect(owner.getByText(/^Return refunded: ₹/)).toBeVisible();
      await expect(request).toContainText('Refunded on');
      await expect(dialog.getByTestId('payment-status')).toContainText('Partly refunded');
      await owner.setViewportSize(PHONE);
      await shot(owner, testInfo, 'owner-return-refunded-phone');
      await context.close();
    });

    await test.step('the customer sees the refund, and was mailed each step', async () => {
      await page.reload();
      await expect(page.getByTestId('order-return')).toContainText('Refunded on');
      await expect(page.getByTestId('payment-status')).toContainText('Partly refunded');
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'order-page-return-refunded');
      await expect
        .poll(async () => {
          const mails = (await mailsTo(shopper.email)).map((mail) => mail.replace(/=\r?\n/g, ''));
          return [
            'We have your return request',
            'Please pack them well and send them to',
            'your returned items of order',
            `we have refunded`,
          ].every((words) => mails.some((mail) => mail.includes(words)));
        })
        .toBe(true);
    });
  });
});
