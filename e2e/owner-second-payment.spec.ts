import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import {
  entry,
  newShopper,
  ownerSignsIn,
  payOrder,
  placeOrder,
  searchList,
  shopperSession,
  shot,
} from './owner-kit';
import { DESKTOP, expectAccessible, PHONE } from './support';

/** The webhook secret a shop in development signs its simulated gateway's events with. */
const DEV_WEBHOOK_SECRET = 'simulated-webhook-secret-development-only';

/** Razorpay's `payment.captured` for a second payment of the same gateway order, signed. */
async function secondCapture(
  request: APIRequestContext,
  gatewayOrderId: string,
  paymentId: string,
  amountPaise: number,
) {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: gatewayOrderId,
          amount: amountPaise,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
        },
      },
    },
  });
  const heard = await request.post('/api/v1/orders/razorpay-webhook', {
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', DEV_WEBHOOK_SECRET).update(body).digest('hex'),
      'x-razorpay-event-id': `evt_${paymentId}`,
    },
    data: body,
  });
  expect(heard.ok(), await heard.text()).toBe(true);
}

const ORDER_ENTRY: [string, string] = ['owner-order-row', 'owner-order-card'];

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a customer who paid twice gets the second payment back from the owner (${name})`, async ({
    page,
    request,
  }, testInfo) => {
    const shopper = newShopper('Anjali', 'Sinha');
    const headers = await shopperSession(request, shopper);
    const order = await placeOrder(request, headers, shopper);
    const gatewayOrderId = await payOrder(request, headers, order.id);
    const paymentId = `pay_Twice${Date.now().toString(36)}${name.length}`;
    await secondCapture(request, gatewayOrderId, paymentId, Math.round(order.totalAmount * 100));
    const amount = `₹${order.totalAmount.toLocaleString('en-IN')}`;

    await page.setViewportSize(viewport);
    await ownerSignsIn(page);
    await page.goto('/owner/admin/dashboard');
    const owed = page.getByTestId('money-owed');
    await expect(owed).toContainText(/\d+ payments? to refund/);
    await shot(page, testInfo, `dashboard-money-owed-${name}`);
    await owed.getByRole('link', { name: 'Open the orders that need a refund' }).click();
    await expect(page).toHaveURL(/tab=orders/);
    await expect(page).toHaveURL(/needsRefund=true/);
    await searchList(page, order.orderNumber);
    const row = entry(page, ORDER_ENTRY, order.orderNumber);
    await expect(row).toContainText('Needs refund');
    await row.getByRole('button', { name: `View order ${order.orderNumber}` }).click();

    const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
    const second = dialog.getByTestId('extra-payments');
    await expect(second).toContainText('A second payment');
    await expect(second).toContainText(`Payment id ${paymentId}`);
    await expect(second).toContainText('Needs a refund');
    await second.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `second-payment-owed-${name}`);
    await expectAccessible(page);

    await second.getByRole('button', { name: `Refund ${amount}` }).click();
    const confirm = page.getByRole('dialog', { name: `Refund ${amount} to the customer?` });
    await confirm.getByRole('button', { name: `Refund ${amount}` }).click();
    await expect(
      page.getByText(`Extra payment refunded: ${amount} goes back to the customer.`),
    ).toBeVisible();
    await expect(second).toContainText('Refunded on');
    await expect(second).toContainText(/Refund id rfnd_/);
    await expect(second.getByRole('button')).toHaveCount(0);
    await shot(page, testInfo, `second-payment-refunded-${name}`);

    await expect
      .poll(async () =>
        (await mailsTo(shopper.email)).some((mail) =>
          // Read as a mail client would: soft line breaks and folded headers joined.
          mail
            .replace(/=\r?\n/g, '')
            .replace(/\r?\n\s+/g, ' ')
            .includes(`Your second payment for order ${order.orderNumber} is refunded`),
        ),
      )
      .toBe(true);
  });
}
