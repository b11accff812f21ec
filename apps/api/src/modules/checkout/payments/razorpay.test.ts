/** The Razorpay provider end to end, against a local HTTP stub of its Orders and Payments APIs. */
import { beforeEach, describe, expect, it } from 'vitest';
import { hmacHex } from '../../../adapters/payments/signatures';
import { useTestApp } from '../../../test/app';
import {
  cartLine,
  customer,
  DEV_WEBHOOK_SECRET,
  insertProduct,
  orderRow,
  orderWithPayment,
  signedPayment,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayStub } from '../../../test/razorpay-stub';
import { call } from '../../../test/requests';

const KEY_ID = 'rzp_test_StubKey01';
const KEY_SECRET = 'stub-key-secret';
const WEBHOOK_SECRET = 'stub-webhook-secret';

// Before the app's hooks, so the app is built with the stub's address.
const stub = useRazorpayStub({ keyId: KEY_ID, keySecret: KEY_SECRET });
const api = useTestApp({
  env: () => ({
    RATE_LIMIT_MAX: '100000',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: stub.url,
  }),
});
let makhana: TestVariant;
beforeEach(async () => {
  [makhana] = await insertProduct(api.db, {
    name: 'Peri Peri Makhana',
    variants: [{ weight: 100, price: 209, stock: 4 }],
  });
});

describe('PAYMENT_PROVIDER=razorpay', () => {
  it('creates the gateway order for the server total and verifies a captured payment with Razorpay', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId, amount } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 3),
    ]);
    expect(amount).toBe(62_700);
    const order = await orderRow(api.db, orderId);
    expect(stub.orders.at(-1)).toEqual({
      id: gatewayOrderId,
      amount: 62_700,
      receipt: order.orderNumber,
    });
    expect(order.gatewayOrderId).toBe(gatewayOrderId);
    const started = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId },
    });
    expect(started.json().data).toMatchObject({
      id: gatewayOrderId,
      keyId: KEY_ID,
      provider: 'razorpay',
    });
    expect(stub.orders).toHaveLength(1);

    const triple = signedPayment(gatewayOrderId, 'pay_StubPayment001', KEY_SECRET);
    // Authorised, not captured yet: not paid; the webhook settles it later.
    stub.payments.set('pay_StubPayment001', {
      order_id: gatewayOrderId,
      amount: 62_700,
      status: 'authorized',
    });
    const early = await call(api.app, 'POST', '/orders/verifyPayment', { token, body: triple });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Payment is not captured yet');

    stub.payments.set('pay_StubPayment001', {
      order_id: gatewayOrderId,
      amount: 100,
      status: 'captured',
    });
    const short = await call(api.app, 'POST', '/orders/verifyPayment', { token, body: triple });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('The payment amount does not match the order.');
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('pending');

    stub.payments.set('pay_StubPayment001', {
      order_id: gatewayOrderId,
      amount: 62_700,
      status: 'captured',
    });
    const verified = await call(api.app, 'POST', '/orders/verifyPayment', { token, body: triple });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({
      _id: orderId,
      status: 'Confirmed',
      paymentStatus: 'completed',
      transactionId: 'pay_StubPayment001',
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(1);

    // A signature made with the simulated gateway's development secret is not Razorpay's.
    const devSigned = signedPayment(gatewayOrderId, 'pay_StubPayment001');
    expect(
      (await call(api.app, 'POST', '/orders/verifyPayment', { token, body: devSigned })).statusCode,
    ).toBe(400);
  });

  it('refuses a payment Razorpay says belongs to another order', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 1),
    ]);
    stub.payments.set('pay_ForOtherOrder1', {
      order_id: 'order_SomethingElse1',
      amount: 25_900,
      status: 'captured',
    });
    const response = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_ForOtherOrder1', KEY_SECRET),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payment verification failed');
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('pending');
  });

  it('answers 503 while Razorpay is down, and the webhook settles the order', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 4),
    ]);
    stub.down = true;
    const response = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_WhileDown0001', KEY_SECRET),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      'The payment service is not reachable right now. Please try again.',
    );

    const event = JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: {
          entity: {
            id: 'pay_WhileDown0001',
            order_id: gatewayOrderId,
            amount: 83_600,
            status: 'captured',
          },
        },
        order: { entity: { id: gatewayOrderId, amount: 83_600, status: 'paid' } },
      },
    });
    const send = (secret: string, eventId: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/v1/orders/razorpay-webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(secret, event),
          'x-razorpay-event-id': eventId,
        },
        payload: event,
      });
    expect((await send(DEV_WEBHOOK_SECRET, 'evt_dev')).statusCode).toBe(400);
    const settled = await send(WEBHOOK_SECRET, 'evt_real');
    expect(settled.statusCode).toBe(200);
    expect(settled.json().message).toBe('Webhook processed');
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      transactionId: 'pay_WhileDown0001',
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(0);

    // Razorpay back up, the browser retries: the same paid order, no gateway call needed.
    const retried = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_WhileDown0001', KEY_SECRET),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.status).toBe('Confirmed');
  });

  it('has no simulated window', async () => {
    const { token } = await customer(api.db);
    for (const url of ['/payments/simulated/pay', '/payments/simulated/fail']) {
      const response = await call(api.app, 'POST', url, {
        token,
        body: { razorpay_order_id: 'order_x' },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
