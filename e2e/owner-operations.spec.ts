import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  asOwner,
  customerSignsIn,
  customerWithOrder,
  entry,
  invoicePng,
  newShopper,
  openTab,
  ownerSignsIn,
  searchList,
  shot,
} from './owner-kit';
import { DESKTOP, expectAccessible, PHONE } from './support';

const ORDER_ENTRY: [string, string] = ['owner-order-row', 'owner-order-card'];

async function figure(page: Page, name: string): Promise<number> {
  const text = await page.getByTestId(`figure-${name}`).locator('[data-figure]').innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

/** Finds an order through the Orders tab's search and opens its pop-up. */
async function openOrder(page: Page, orderNumber: string) {
  await openTab(page, 'Orders');
  await searchList(page, orderNumber);
  const row = entry(page, ORDER_ENTRY, orderNumber);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the owner runs the shop', () => {
  test.use({ viewport: DESKTOP });

  test('figures, shipping, delivery, a refund, a deleted customer and a resolved complaint', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // One story, told in order: each step starts from where the last one left the shop.
    test.setTimeout(180_000);
    const shipped = newShopper('Meera', 'Jha');
    const refunded = newShopper('Ravi', 'Thakur');
    const leaving = newShopper('Kiran', 'Das');

    await ownerSignsIn(page);
    await page.goto('/owner/admin/dashboard');
    const salesBefore = await figure(page, 'sales');

    const shippedOrder = await customerWithOrder(request, shipped);
    const refundedOrder = await customerWithOrder(request, refunded);
    const leavingOrder = await customerWithOrder(request, leaving);

    await test.step('the figures move after paid orders', async () => {
      await page.reload();
      await expect(page.getByTestId('figure-sales').locator('[data-figure]')).toHaveText(
        String(salesBefore + 3),
      );
      await expectAccessible(page);
    });

    await test.step('the owner finds the order and ships it with a tracking link', async () => {
      const dialog = await openOrder(page, shippedOrder.orderNumber);
      await dialog.getByLabel('Tracking number', { exact: true }).fill('DL98765432');
      await dialog
        .getByLabel('Tracking link (optional)')
        .fill('https://track.example.in/DL98765432');
      await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
      await expect(page.getByText('Order marked as shipped')).toBeVisible();
      await expect(dialog.getByRole('link', { name: /DL98765432/ })).toHaveAttribute(
        'href',
        'https://track.example.in/DL98765432',
      );
      await page.keyboard.press('Escape');
      await expect(entry(page, ORDER_ENTRY, shippedOrder.orderNumber)).toContainText('Shipped');
    });

    await test.step('the customer sees Shipped and the tracking link in My Orders', async () => {
      const context = await browser.newContext({ viewport: PHONE });
      const customer = await context.newPage();
      await customerSignsIn(customer, shipped.email);
      await customer.goto('/dashboard');
      await customer.getByRole('button', { name: 'My Orders' }).click();
      const row = customer.getByTestId('order-row').filter({ hasText: shippedOrder.orderNumber });
      await expect(row).toContainText('Shipped');
      await row
        .getByRole('button', { name: `View details of order ${shippedOrder.orderNumber}` })
        .click();
      const link = customer.getByRole('link', { name: 'Track shipment DL98765432' });
      await expect(link).toHaveAttribute('href', 'https://track.example.in/DL98765432');
      await expectAccessible(customer);
      await shot(customer, testInfo, 'customer-shipped-order-phone');
      await context.close();
    });

    await test.step('the owner marks it delivered', async () => {
      const dialog = await openOrder(page, shippedOrder.orderNumber);
      await dialog.getByRole('button', { name: 'Mark as delivered' }).click();
      await page.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(page.getByText('Order marked as delivered')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(entry(page, ORDER_ENTRY, shippedOrder.orderNumber)).toContainText('Delivered');
    });

    await test.step('the owner gives ₹50 back on the delivered order for a torn pouch', async () => {
      const dialog = await openOrder(page, shippedOrder.orderNumber);
      await dialog.getByRole('button', { name: 'Refund this order' }).click();
      await dialog.getByRole('radio', { name: 'An amount' }).check();
      await dialog.getByLabel('Amount in rupees').fill('50');
      await dialog.getByLabel('Reason for the refund').fill('One pouch arrived torn');
      await dialog.getByRole('button', { name: 'Review the refund' }).click();
      const confirm = page.getByRole('dialog', { name: 'Refund ₹50 to the customer?' });
      await expect(confirm).toContainText('of the payment is kept');
      await confirm.getByRole('button', { name: 'Refund ₹50' }).click();
      await expect(page.getByText(/^Refunded ₹50: it goes back to the customer/)).toBeVisible();
      await expect(dialog.getByTestId('payment-status')).toHaveText('Partly refunded: ₹50');
      await expect(dialog.getByTestId('order-refund')).toContainText(
        'Reason: One pouch arrived torn',
      );
      await expect(dialog.getByRole('button', { name: 'Refund more' })).toBeVisible();
      await expectAccessible(page);
      await shot(page, testInfo, 'owner-partly-refunded-order-desktop');
      await page.setViewportSize(PHONE);
      await shot(page, testInfo, 'owner-partly-refunded-order-phone');
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press('Escape');
      await expect(entry(page, ORDER_ENTRY, shippedOrder.orderNumber)).toContainText(
        'Partly refunded: ₹50',
      );
    });

    await test.step('the owner refunds another order', async () => {
      const dialog = await openOrder(page, refundedOrder.orderNumber);
      await dialog.getByRole('button', { name: 'Refund this order' }).click();
      await page.getByLabel('Reason for the refund').fill('The customer asked to cancel');
      await dialog.getByRole('button', { name: 'Review the refund' }).click();
      const confirm = page.getByRole('dialog', { name: /to the customer\?$/ });
      await expect(confirm).toContainText('7-10 business days');
      await confirm.getByRole('button', { name: /^Refund ₹/ }).click();
      await expect(page.getByText(/^Order refunded: ₹/)).toBeVisible();
      await expect(dialog.getByTestId('order-refund')).toContainText(/Refund initiated on /);
      await expect(dialog.getByTestId('order-refund')).toContainText(
        'Reason: The customer asked to cancel',
      );
      await expectAccessible(page);
      await shot(page, testInfo, 'owner-refunded-order-desktop');
      await page.keyboard.press('Escape');
      const row = entry(page, ORDER_ENTRY, refundedOrder.orderNumber);
      await expect(row).toContainText('Cancelled');
      await expect(row).toContainText('refunded');
    });

    await test.step('the owner deletes a customer from their page after confirming; the order stays', async () => {
      await openTab(page, 'Users');
      await searchList(page, leaving.email);
      const row = entry(page, ['user-row', 'user-card'], leaving.email);
      await expect(row).toHaveCount(1);
      await row.getByRole('link', { name: 'Kiran Das' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Kiran Das' })).toBeVisible();
      await expect(page.getByTestId('customer-order')).toContainText(leavingOrder.orderNumber);
      await page.getByRole('button', { name: 'Delete Kiran Das' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Kiran Das?' });
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Delete customer' }).click();
      await expect(page.getByText('Customer deleted')).toBeVisible();
      // Back at the list, which the erased customer has left.
      await expect(page).not.toHaveURL(/customer=/);
      await expect(entry(page, ['user-row', 'user-card'], leaving.email)).toHaveCount(0);
      await openTab(page, 'Orders');
      await searchList(page, leavingOrder.orderNumber);
      await expect(entry(page, ORDER_ENTRY, leavingOrder.orderNumber)).toContainText(
        'Deleted customer',
      );
    });

    await test.step('the owner resolves a complaint, with its invoice', async () => {
      const raised = await request.post('/api/v1/supports/raise-complaint', {
        multipart: {
          from_name: 'Meera Jha',
          reply_to: shipped.email,
          order_id: shippedOrder.orderNumber,
          issue_type: 'Damaged Product',
          query: 'One pouch arrived torn.',
          invoice: { name: 'invoice.png', mimeType: 'image/png', buffer: invoicePng() },
        },
      });
      expect(raised.ok(), await raised.text()).toBe(true);
      const open = await asOwner(request, async (headers) => {
        const inbox = await request.get('/api/v1/supports/inbox?status=open&limit=1', { headers });
        return ((await inbox.json()).meta as { total: number }).total;
      });
      const supportTab = (waiting: number) =>
        page.getByRole('tab', {
          name:
            waiting === 0
              ? 'Support'
              : `Support, ${waiting} unresolved ${waiting === 1 ? 'message' : 'messages'}`,
          exact: true,
        });
      await page.reload();
      await expect(supportTab(open)).toBeVisible();
      await page.getByRole('tab', { name: /Support/ }).click();
      const item = page
        .getByTestId('support-message')
        .filter({ hasText: 'One pouch arrived torn.' });
      await expect(item).toContainText(shippedOrder.orderNumber);
      await item.getByRole('button', { name: /View invoice/ }).click();
      const invoice = page.getByRole('dialog').getByRole('img');
      await expect(invoice).toBeVisible();
      expect(await invoice.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
      await page.keyboard.press('Escape');
      await item.getByRole('button', { name: /Mark resolved/ }).click();
      await expect(supportTab(open - 1)).toBeVisible();
      await expect(item).toContainText('Resolved');
      await expectAccessible(page);
    });
  });
});
