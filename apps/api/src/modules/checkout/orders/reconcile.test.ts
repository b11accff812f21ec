/**
 * The sweeper's reconciliation against Razorpay's API (a local stub): a payment nobody reported
 * (no verify, no webhook) still ends in a paid order, whether it came within the window or after.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulatedGateway } from '../../../adapters/payments/simulated-gateway';
import { orders } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  cartLine,
  customer,
  insertProduct,
  orderRow,
  orderWithPayment,
  outbox,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayStub } from '../../../test/razorpay-stub';

const KEY_ID = 'rzp_test_Reconcile01';
const KEY_SECRET = 'reconcile-stub-key-secret';

const stub = useRazorpayStub({ keyId: KEY_ID, keySecret: KEY_SECRET });
const api = useTestApp({
  env: () => ({
    RATE_LIMIT_MAX: '100000',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: 'reconcile-stub-webhook-secret',
    RAZORPAY_API_URL: stub.url,
    PENDING_ORDER_MINUTES: '15',
  }),
});

let makhana: TestVariant;
beforeEach(async () => {
  [makhana] = await insertProduct(api.db, {
    name: 'Mint Makhana',
    variants: [{ weight: 100, price: 199, stock: 5 }],
  });
  await forgetCachedReads(api.app);
});

/** A customer's order of one pack with its gateway order opened, and nothing reported after. */
async function unreportedOrder() {
  const buyer = await customer(api.db);
  return orderWithPayment(api.app, buyer.token, [cartLine(makhana, 1)]);
}

const setTimes = (orderId: string, times: { expiresIn?: string; checkedAgo?: string }) =>
  api.db
    .update(orders)
    .set({
      ...(times.expiresIn ? { expiresAt: sql`now() + ${times.expiresIn}::interval` } : {}),
      ...(times.checkedAgo ? { gatewayCheckedAt: sql`now() - ${times.checkedAgo}::interval` } : {}),
    })
    .where(eq(orders.id, orderId));

const askedAbout = (gatewayOrderId: string) =>
  stub.requests.filter(
    (r) => r.method === 'GET' && r.url === `/v1/orders/${gatewayOrderId}/payments`,
  ).length;

describe('the reconciliation in the sweep', () => {
  it('pays an order whose money came but was never reported, once past half its window, before it could expire', async () => {
    const { orderId, gatewayOrderId, amount } = await unreportedOrder();
    const paymentId = `pay_Lost${orderId.slice(0, 8)}`;
    stub.payments.set(paymentId, { order_id: gatewayOrderId, amount, status: 'captured' });

    // Within the first half of its 15 minutes the order is left to the shopper's browser.
    await api.app.orders.sweep();
    expect(askedAbout(gatewayOrderId)).toBe(0);
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('pending');

    await setTimes(orderId, { expiresIn: '5 minutes' });
    const swept = await api.app.orders.sweep();
    expect(swept.reconciled).toEqual({ asked: 1, settled: 1 });
    expect(askedAbout(gatewayOrderId)).toBe(1);
    const paid = await orderRow(api.db, orderId);
    expect(paid).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      transactionId: paymentId,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(4);
    await api.app.orders.idle();
    expect(
      outbox(api.outboxDir).some(
        (m) => m.to === ADDRESS.email && m.subject.includes(paid.orderNumber),
      ),
    ).toBe(true);

    // Paid, it is not asked about again.
    await setTimes(orderId, { checkedAgo: '1 hour' });
    await api.app.orders.sweep();
    expect(askedAbout(gatewayOrderId)).toBe(1);
  });

  it('asks an unpaid order again only every few minutes, and lets it expire when no money came', async () => {
    const { orderId, gatewayOrderId } = await unreportedOrder();
    await setTimes(orderId, { expiresIn: '5 minutes' });
    await api.app.orders.sweep();
    await api.app.orders.sweep();
    expect(askedAbout(gatewayOrderId)).toBe(1);

    await setTimes(orderId, { expiresIn: '-1 second', checkedAgo: '6 minutes' });
    const swept = await api.app.orders.sweep();
    expect(askedAbout(gatewayOrderId)).toBe(2);
    expect(swept.expired).toBe(1);
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'failed',
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(5);
  });

  it('settles a payment captured after the order expired, within the day, asked every hour', async () => {
    const { orderId, gatewayOrderId, amount } = await unreportedOrder();
    await setTimes(orderId, { expiresIn: '-1 second' });
    await api.app.orders.sweep();
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('failed');

    const paymentId = `pay_Late${orderId.slice(0, 8)}`;
    stub.payments.set(paymentId, { order_id: gatewayOrderId, amount, status: 'captured' });
    await api.app.orders.sweep();
    // Asked when it expired; the next question waits its hour.
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('failed');

    await setTimes(orderId, { checkedAgo: '61 minutes' });
    const swept = await api.app.orders.sweep();
    expect(swept.reconciled.settled).toBe(1);
    // The stock was still there: the late payment is a sale.
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      transactionId: paymentId,
    });

    // Past a day after its window, an unpaid order is no longer asked about.
    const other = await unreportedOrder();
    await setTimes(other.orderId, { expiresIn: '-1 second' });
    await api.app.orders.sweep();
    expect(askedAbout(other.gatewayOrderId)).toBe(1);
    await setTimes(other.orderId, { expiresIn: '-25 hours', checkedAgo: '2 hours' });
    await api.app.orders.sweep();
    expect(askedAbout(other.gatewayOrderId)).toBe(1);
  });

  it('does not stop the sweep when the gateway does not answer, and asks again at the next turn', async () => {
    const { orderId, gatewayOrderId, amount } = await unreportedOrder();
    await setTimes(orderId, { expiresIn: '5 minutes' });
    const due = await unreportedOrder();
    await setTimes(due.orderId, { expiresIn: '-1 second', checkedAgo: '1 hour' });
    stub.down = true;
    const swept = await api.app.orders.sweep();
    expect(swept.reconciled).toEqual({ asked: 2, settled: 0 });
    expect(swept.expired).toBe(1);

    stub.down = false;
    stub.payments.set(`pay_Back${orderId.slice(0, 8)}`, {
      order_id: gatewayOrderId,
      amount,
      status: 'captured',
    });
    await setTimes(orderId, { checkedAgo: '6 minutes' });
    await api.app.orders.sweep();
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('completed');
  });
});

describe('the simulated gateway', () => {
  it('answers the payments its window took for a gateway order, locally', async () => {
    const gateway = createSimulatedGateway({
      keyId: 'rzp_test_simulated',
      keySecret: 'key-secret',
      webhookSecret: 'webhook-secret',
      refundDelayMs: 60_000,
    });
    const order = await gateway.createOrder({ amountPaise: 24_900, receipt: 'MM-1' });
    expect(await gateway.paymentsOfOrder(order.id)).toEqual([]);
    const paid = gateway.pay(order.id);
    expect(await gateway.paymentsOfOrder(order.id)).toEqual([
      {
        id: paid.razorpay_payment_id,
        orderId: order.id,
        amount: 24_900,
        status: 'captured',
        method: 'simulated',
      },
    ]);
  });
});
