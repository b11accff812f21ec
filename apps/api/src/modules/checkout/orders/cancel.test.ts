/**
 * The customer's cancellation within 24 hours of paying, through HTTP on a real database: the
 * simulated gateway on the file's app, Razorpay's Refunds API through a local stub on a second
 * app sharing the database.
 */
import { CANCEL_MESSAGES } from '@makhana/domain/cancellation';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, taxDocuments } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  customer,
  historyRows,
  insertProduct,
  orderRow,
  outbox,
  ownerToken,
  simulatedOrder,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayApp } from '../../../test/razorpay-app';
import { call } from '../../../test/requests';
import { refundRefusedByGateway } from './refunds';

const OWNER_EMAIL = 'owner@example.in';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', OWNER_EMAIL },
  owner: true,
  poolSize: 4,
});
const razorpay = useRazorpayApp(
  api,
  {
    keyId: 'rzp_test_CancelStub01',
    keySecret: 'cancel-stub-key-secret',
    webhookSecret: 'cancel-stub-webhook-secret',
  },
  { OWNER_EMAIL },
);
const { stub } = razorpay;
let makhana: TestVariant;
beforeEach(async () => {
  [makhana] = await insertProduct(api.db, {
    name: 'Peri Peri Makhana',
    variants: [{ weight: 100, price: 199, stock: 10 }],
  });
  await forgetCachedReads(api.app);
  await forgetCachedReads(razorpay.app);
});

const REASON = 'Ordered by mistake';

function cancel(token: string | undefined, orderId: string, body: object = { reason: REASON }) {
  return call(api.app, 'POST', `/orders/cancel/${orderId}`, { token, body });
}

/** Moves the order's payment `minutes` into the past, as if paid that long ago. */
async function paidMinutesAgo(orderId: string, minutes: number) {
  await api.db
    .update(orders)
    .set({ paidAt: sql`now() - ${`${minutes} minutes`}::interval` })
    .where(eq(orders.id, orderId));
}

const creditNotes = async (orderId: string) =>
  api.db
    .select({ number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));

async function mailsAbout(orderNumber: string) {
  await api.app.orders.idle();
  return outbox(api.outboxDir).filter((mail) => mail.subject.includes(orderNumber));
}

describe('POST /orders/cancel/:orderId', () => {
  it('cancels a paid order at 23:59 after the payment: refunded in full, stock back, a credit note, both mailed', async () => {
    const { orderId, token } = await simulatedOrder(api, { variant: makhana, quantity: 3 });
    expect(await stockOf(api.db, makhana.variantId)).toBe(7);
    await paidMinutesAgo(orderId, 23 * 60 + 59);

    const answer = await cancel(token, orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(CANCEL_MESSAGES.cancelled);
    const order = answer.json().data;
    expect(order).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 597,
      refunds: [{ reason: REASON, by: 'customer', amount: 597, failure: null }],
    });
    expect(order.history.at(-1)).toMatchObject({
      event: 'refunded',
      by: 'customer',
      from: 'Confirmed',
      to: 'Cancelled',
      note: REASON,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    await api.app.orders.idle();
    expect(await creditNotes(orderId)).toHaveLength(1);

    const mails = await mailsAbout(order.orderNumber);
    const toCustomer = mails.find(
      (m) => m.subject === `Your refund for order ${order.orderNumber}`,
    );
    expect(toCustomer?.text).toContain(
      `as you asked, we have cancelled your order ${order.orderNumber} and refunded ₹597 in full`,
    );
    const toOwner = mails.find(
      (m) => m.to.includes(OWNER_EMAIL) && m.subject.includes('cancelled'),
    );
    expect(toOwner?.subject).toBe(
      `Order ${order.orderNumber} cancelled by the customer: do not ship it`,
    );
    expect(toOwner?.text).toContain(`Reason: ${REASON}`);
    expect(toOwner?.text).toContain(order.refunds[0].refundId);

    // Twice: nothing more happens, and the answer says so.
    const again = await cancel(token, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(CANCEL_MESSAGES.alreadyCancelled);
    expect(again.json().data.refunds).toEqual(order.refunds);
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    expect((await historyRows(api.db, orderId)).filter((r) => r.event === 'refunded')).toHaveLength(
      1,
    );
    expect(await creditNotes(orderId)).toHaveLength(1);
  });

  it('refuses at 24:01 after the payment, with how to return it instead, and changes nothing', async () => {
    const { orderId, token } = await simulatedOrder(api, { variant: makhana, quantity: 1 });
    await paidMinutesAgo(orderId, 24 * 60 + 1);
    const before = await orderRow(api.db, orderId);
    const refused = await cancel(token, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: CANCEL_MESSAGES.windowPassed,
    });
    expect(await orderRow(api.db, orderId)).toEqual(before);
    expect(await stockOf(api.db, makhana.variantId)).toBe(9);
  });

  it('refuses a shipped order, and someone else\u2019s order is not found', async () => {
    const { orderId, token } = await simulatedOrder(api, { variant: makhana, quantity: 1 });
    const stranger = await customer(api.db);
    const notYours = await cancel(stranger.token, orderId);
    expect(notYours.statusCode).toBe(404);
    expect(await cancel(undefined, orderId).then((a) => a.statusCode)).toBe(401);

    const owner = await ownerToken(api.app);
    const shipped = await call(api.app, 'POST', `/orders/update-status/${orderId}`, {
      token: owner,
      body: { status: 'Shipped', trackingNumber: 'DL1', trackingUrl: 'https://t.example.in/DL1' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const refused = await cancel(token, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CANCEL_MESSAGES.shipped);
    expect((await orderRow(api.db, orderId)).status).toBe('Shipped');
  });

  it('asks for a reason from the list', async () => {
    const { orderId, token } = await simulatedOrder(api, { variant: makhana, quantity: 1 });
    const answer = await cancel(token, orderId, { reason: 'Because' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(CANCEL_MESSAGES.reason);
    expect((await orderRow(api.db, orderId)).status).toBe('Confirmed');
  });

  it('keeps the order as it was when Razorpay refuses; a retry and a double click refund once', async () => {
    const { orderId, token } = await razorpay.paidOrder(makhana, 2);
    const viaRazorpay = (body: object = { reason: REASON }) =>
      call(razorpay.app, 'POST', `/orders/cancel/${orderId}`, { token, body });

    stub.refundMode = { kind: 'refuse', description: 'Payment is under dispute' };
    const refused = await viaRazorpay();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(refundRefusedByGateway('Payment is under dispute'));
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(8);

    stub.refundMode = { kind: 'ok' };
    const answers = await Promise.all([viaRazorpay(), viaRazorpay()]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(stub.refunds.size).toBe(1);
    // The refused ask under one key, then each click that reached Razorpay under the next one.
    const [refusedKey, ...clickKeys] = stub.refundRequests.map((r) => r.idempotencyKey);
    expect(new Set(clickKeys).size).toBe(1);
    expect(clickKeys[0]).not.toBe(refusedKey);
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    expect(await orderRow(api.db, orderId)).toMatchObject({ paymentStatus: 'refunded' });
  });
});
