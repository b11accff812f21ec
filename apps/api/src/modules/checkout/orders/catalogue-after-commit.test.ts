/**
 * Every way an order moves drops the catalogue's cached reads as its transaction commits, so the
 * next read shows what the move changed: free stock, and a review author's verified purchase. The
 * reads below are cached for seconds; without the after-commit hook they would answer the old
 * figures.
 */
import { describe, expect, it } from 'vitest';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  captureEvent,
  cartLine,
  customer,
  expireNow,
  insertProduct,
  orderWithPayment,
  ownerToken,
  paySimulated,
  placeOrder,
  sendWebhook,
  shownStock,
  signedPayment,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
});

async function freshWeight(): Promise<TestVariant> {
  const [variant] = await insertProduct(api.db, {
    variants: [{ weight: 250, price: 449, stock: 10 }],
  });
  await forgetCachedReads(api.app);
  return variant!;
}

const webhook = (event: string, gatewayOrderId: string, paymentId: string, amount: number) =>
  sendWebhook(api.app, captureEvent(gatewayOrderId, paymentId, amount, event));

/** An order of two packs with its payment opened, the catalogue read (and cached) after it. */
async function heldOrder() {
  const variant = await freshWeight();
  const buyer = await customer(api.db);
  const order = await orderWithPayment(api.app, buyer.token, [cartLine(variant, 2)]);
  expect(await shownStock(api.app, variant.sku)).toBe(8);
  return { variant, buyer, ...order };
}

describe("the catalogue's cached reads after each order move", () => {
  it('createOrder: the new hold lowers the free stock at once', async () => {
    const variant = await freshWeight();
    const buyer = await customer(api.db);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
    expect((await placeOrder(api.app, buyer.token, [cartLine(variant, 3)])).statusCode).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(7);
  });

  it("a capture out of the order's own hold: the buyer's review is verified at once", async () => {
    const { variant, buyer, gatewayOrderId } = await heldOrder();
    const added = await call(api.app, 'POST', '/reviews/add-review', {
      token: buyer.token,
      body: { productId: variant.productId, rating: 5, comment: 'Crunchy and fresh' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const verified = async () =>
      (await call(api.app, 'GET', `/reviews/get-reviews/${variant.productId}`)).json().data[0]
        .verifiedBuyer;
    expect(await verified()).toBe(false);
    await paySimulated(api.app, buyer.token, gatewayOrderId);
    expect(await verified()).toBe(true);
    // The sale took its units out of its own hold: the free stock stays as it was.
    expect(await shownStock(api.app, variant.sku)).toBe(8);
  });

  it('a late capture through verifyPayment takes the free units at once', async () => {
    const { variant, buyer, orderId, gatewayOrderId } = await heldOrder();
    await expireNow(api.db, orderId);
    expect((await api.app.orders.sweep()).expired).toBe(1);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
    const paid = await call(api.app, 'POST', '/orders/verifyPayment', {
      token: buyer.token,
      body: signedPayment(gatewayOrderId, 'pay_AfterCommit001'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(8);
  });

  it('a late capture through the webhook takes the free units at once', async () => {
    const { variant, orderId, gatewayOrderId, amount } = await heldOrder();
    await expireNow(api.db, orderId);
    await api.app.orders.sweep();
    expect(await shownStock(api.app, variant.sku)).toBe(10);
    const answer = await webhook('payment.captured', gatewayOrderId, 'pay_AfterCommit002', amount);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(8);
  });

  it("the webhook's payment.failed gives the held units back at once", async () => {
    const { variant, gatewayOrderId, amount } = await heldOrder();
    const answer = await webhook('payment.failed', gatewayOrderId, 'pay_AfterCommit003', amount);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
  });

  it("the simulated window's failure gives the held units back at once", async () => {
    const { variant, buyer, gatewayOrderId } = await heldOrder();
    const failed = await call(api.app, 'POST', '/payments/simulated/fail', {
      token: buyer.token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
  });

  it('mark-failed gives the held units back at once', async () => {
    const { variant, buyer, orderId } = await heldOrder();
    const failed = await call(api.app, 'POST', '/orders/mark-failed', {
      token: buyer.token,
      body: { orderId },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
  });

  it("the expiry sweep gives an unpaid order's units back at once", async () => {
    const { variant, orderId } = await heldOrder();
    await expireNow(api.db, orderId);
    expect((await api.app.orders.sweep()).expired).toBe(1);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
  });

  it("the owner's refund puts the sold units back at once", async () => {
    const { variant, buyer, orderId, gatewayOrderId } = await heldOrder();
    await paySimulated(api.app, buyer.token, gatewayOrderId);
    expect(await shownStock(api.app, variant.sku)).toBe(8);
    const refunded = await call(api.app, 'POST', `/orders/refund/${orderId}`, {
      token: await ownerToken(api.app),
      body: { reason: 'Damaged in the warehouse' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await shownStock(api.app, variant.sku)).toBe(10);
  });
});
