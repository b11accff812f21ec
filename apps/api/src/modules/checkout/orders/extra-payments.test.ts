/**
 * A second payment captured for an order already paid: kept as a payment to refund, listed under
 * the owner's "Needs refund", counted on the dashboard, and refunded through the gateway (here
 * Razorpay's API, a local stub) from the owner's order.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL } from '../../../config/config';
import { extraPayments } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  captureEvent,
  cartLine,
  customer,
  insertProduct,
  orderRow,
  orderWithPayment,
  outbox,
  ownerToken,
  sendWebhook,
  signedPayment,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayStub } from '../../../test/razorpay-stub';
import { call } from '../../../test/requests';
import { SECOND_PAYMENT } from '../payments/service';
import {
  EXTRA_ALREADY_REFUNDED,
  EXTRA_PAYMENT_NOT_FOUND,
  EXTRA_PAYMENT_REFUNDED,
  REFUND_NOT_CONFIRMED,
  refundRefusedByGateway,
} from './refunds';

const KEY_ID = 'rzp_test_ExtraStub01';
const KEY_SECRET = 'extra-stub-key-secret';
const WEBHOOK_SECRET = 'extra-stub-webhook-secret';

const stub = useRazorpayStub({ keyId: KEY_ID, keySecret: KEY_SECRET });
const api = useTestApp({
  env: () => ({
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: stub.url,
  }),
  owner: true,
});

let makhana: TestVariant;
let owner: string;
beforeEach(async () => {
  owner = await ownerToken(api.app);
  [makhana] = await insertProduct(api.db, {
    name: 'Peri Peri Makhana',
    variants: [{ weight: 100, price: 249, stock: 10 }],
  });
  await forgetCachedReads(api.app);
});

/** An order of one pack, paid by `pay_First…` through verify; answers what a second payment needs. */
async function paidOrder() {
  const buyer = await customer(api.db);
  const { orderId, gatewayOrderId, amount } = await orderWithPayment(api.app, buyer.token, [
    cartLine(makhana, 1),
  ]);
  const first = `pay_First${orderId.slice(0, 8)}`;
  stub.payments.set(first, { order_id: gatewayOrderId, amount, status: 'captured' });
  const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
    token: buyer.token,
    body: signedPayment(gatewayOrderId, first, KEY_SECRET),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return {
    orderId,
    gatewayOrderId,
    amount,
    token: buyer.token,
    second: `pay_Again${orderId.slice(0, 8)}`,
  };
}

const extrasOf = (orderId: string) =>
  api.db.select().from(extraPayments).where(eq(extraPayments.orderId, orderId));

const needsRefundIds = async () => {
  const listed = await call(api.app, 'GET', '/orders/orderDetails?needsRefund=true&limit=100', {
    token: owner,
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().data.map((order: { _id: string }) => order._id);
};

const dashboard = async () => {
  const figures = await call(api.app, 'GET', '/admins/dashboard', { token: owner });
  expect(figures.statusCode, figures.body).toBe(200);
  return figures.json().data as { toRefund: number; toRefundAmount: number };
};

const refundExtra = (orderId: string, paymentId: string, token = owner) =>
  call(api.app, 'POST', `/orders/refund-extra-payment/${orderId}`, {
    token,
    body: { paymentId },
  });

describe('a second payment for an order already paid', () => {
  it('reported by verify and then by the webhook is one payment to refund, mailed to the owner once', async () => {
    const { orderId, gatewayOrderId, amount, token, second } = await paidOrder();
    stub.payments.set(second, { order_id: gatewayOrderId, amount, status: 'captured' });
    const before = await dashboard();

    const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, second, KEY_SECRET),
    });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe(SECOND_PAYMENT);
    const heard = await sendWebhook(api.app, captureEvent(gatewayOrderId, second, amount), {
      secret: WEBHOOK_SECRET,
    });
    expect(heard.statusCode).toBe(200);

    const extras = await extrasOf(orderId);
    expect(extras).toHaveLength(1);
    expect(extras[0]).toMatchObject({ paymentId: second, amountPaise: amount, refundedAt: null });
    // The order itself stays paid by its first payment.
    const order = await orderRow(api.db, orderId);
    expect(order).toMatchObject({ status: 'Confirmed', paymentStatus: 'completed' });
    expect(order.transactionId).toBe(`pay_First${orderId.slice(0, 8)}`);

    expect(await needsRefundIds()).toContain(orderId);
    const after = await dashboard();
    expect(after.toRefund).toBe(before.toRefund + 1);
    expect(after.toRefundAmount).toBeCloseTo(before.toRefundAmount + amount / 100, 2);

    await api.app.orders.idle();
    const alerts = outbox(api.outboxDir).filter(
      (m) => m.subject === `Refund needed: second payment for order ${order.orderNumber}`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.to).toBe(DEV_ADMIN_EMAIL);
    expect(alerts[0]?.text).toContain(second);
  });

  it('reported by the webhook alone is recorded too, and shown on the order with its amount', async () => {
    const { orderId, gatewayOrderId, amount, second } = await paidOrder();
    const heard = await sendWebhook(api.app, captureEvent(gatewayOrderId, second, amount), {
      secret: WEBHOOK_SECRET,
    });
    expect(heard.statusCode).toBe(200);
    const shown = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: owner,
    });
    expect(shown.json().data.extraPayments).toEqual([
      {
        paymentId: second,
        amount: amount / 100,
        capturedAt: expect.any(String),
        refundId: null,
        refundedAt: null,
        refundFailure: null,
      },
    ]);
  });

  it('is refunded by the owner through the gateway, once, and leaves the list and the count', async () => {
    const { orderId, gatewayOrderId, amount, second } = await paidOrder();
    await sendWebhook(api.app, captureEvent(gatewayOrderId, second, amount), {
      secret: WEBHOOK_SECRET,
    });
    const owed = await dashboard();
    const buyer = await customer(api.db);
    // The owner's realm answers a customer's session as no owner's session at all.
    expect((await refundExtra(orderId, second, buyer.token)).statusCode).toBe(401);
    expect(stub.refundRequests).toEqual([]);
    expect((await refundExtra(orderId, 'pay_NotThisOrders1')).json().message).toBe(
      EXTRA_PAYMENT_NOT_FOUND,
    );

    const refunded = await refundExtra(orderId, second);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toBe(EXTRA_PAYMENT_REFUNDED(`₹${amount / 100}`));
    const [extra] = refunded.json().data.extraPayments;
    expect(extra).toMatchObject({ paymentId: second, refundId: expect.stringMatching(/^rfnd_/) });
    expect(extra.refundedAt).not.toBeNull();
    // The gateway was asked for that payment, its amount, under the extra payment's own key.
    const [asked] = stub.refundRequests;
    expect(asked).toMatchObject({ paymentId: second, body: { amount } });
    const [row] = await extrasOf(orderId);
    expect(asked?.idempotencyKey).toBe(row?.id);
    // The order is still paid and confirmed.
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
    });

    const again = await refundExtra(orderId, second);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(EXTRA_ALREADY_REFUNDED);
    expect(stub.refundRequests).toHaveLength(1);

    expect(await needsRefundIds()).not.toContain(orderId);
    const after = await dashboard();
    expect(after.toRefund).toBe(owed.toRefund - 1);

    await api.app.orders.idle();
    const order = await orderRow(api.db, orderId);
    const told = outbox(api.outboxDir).filter(
      (m) => m.subject === `Your second payment for order ${order.orderNumber} is refunded`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(extra.refundId);
  });

  it('keeps the gateway’s refusal or silence on the payment, still owed, and a retry goes through', async () => {
    const { orderId, gatewayOrderId, amount, second } = await paidOrder();
    await sendWebhook(api.app, captureEvent(gatewayOrderId, second, amount), {
      secret: WEBHOOK_SECRET,
    });
    stub.refundMode = { kind: 'refuse', description: 'Insufficient balance in the account' };
    const refused = await refundExtra(orderId, second);
    expect(refused.statusCode).toBe(502);
    const failure = refundRefusedByGateway('Insufficient balance in the account');
    expect(refused.json().message).toBe(failure);
    expect((await extrasOf(orderId))[0]).toMatchObject({
      refundFailure: failure,
      refundedAt: null,
    });
    expect(await needsRefundIds()).toContain(orderId);

    stub.down = true;
    const silent = await refundExtra(orderId, second);
    expect(silent.statusCode).toBe(503);
    expect(silent.json().message).toBe(REFUND_NOT_CONFIRMED);

    stub.down = false;
    stub.refundMode = { kind: 'ok' };
    const retried = await refundExtra(orderId, second);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await extrasOf(orderId))[0]).toMatchObject({ refundFailure: null });
  });
});

describe('the simulated window', () => {
  let simulated: FastifyInstance;
  beforeAll(async () => {
    simulated = await api.startApp({
      env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
      dataDir: `${api.dataDir}/simulated`,
    });
  });

  it('takes no second payment, so nothing is owed', async () => {
    const buyer = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(simulated, buyer.token, [
      cartLine(makhana, 1),
    ]);
    const pay = () =>
      call(simulated, 'POST', '/payments/simulated/pay', {
        token: buyer.token,
        body: { razorpay_order_id: gatewayOrderId },
      });
    expect((await pay()).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(409);
    expect(await extrasOf(orderId)).toEqual([]);
  });
});
