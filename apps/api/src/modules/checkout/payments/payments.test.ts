import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../../../adapters/mail/local-smtp';
import { parseMail } from '../../../adapters/mail/parse-mail';
import { hmacHex } from '../../../adapters/payments/signatures';
import { DEV_ADMIN_EMAIL } from '../../../config/config';
import { outbox as outboxTable, paymentEvents } from '../../../db/schema';
import { forgetCachedReads, tempDataDir, testApp, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  captureEvent,
  cartLine,
  customer,
  DEV_WEBHOOK_SECRET,
  expireNow,
  insertProduct,
  orderRow,
  orderWithPayment,
  outbox,
  outboxWaitOver,
  placeOrder,
  queuedConsequences,
  reservationStatuses,
  sendWebhook,
  shownStock,
  signedPayment,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const PUBLIC_URL = 'https://shop.example.in';
const api = useTestApp({ env: { RATE_LIMIT_MAX: '100000', PUBLIC_URL } });
const outboxDir = api.outboxDir;

let makhana: TestVariant;
beforeEach(async () => {
  rmSync(outboxDir, { recursive: true, force: true });
  [makhana] = await insertProduct(api.db, {
    name: 'Himalayan Pink Salt Makhana',
    variants: [{ weight: 250, price: 449, stock: 5 }],
  });
  await forgetCachedReads(api.app);
});

const webhook = (body: object, options: { eventId?: string; secret?: string } = {}) =>
  sendWebhook(api.app, body, options);

describe('the simulated payment journey', () => {
  it('opens a payment for the server total, settles it, verifies it twice, mails both sides', async () => {
    const { user, token } = await customer(api.db);
    const created = await placeOrder(api.app, token, [cartLine(makhana, 1)]);
    const orderId = created.json().data._id;

    // A browser's totalAmount or userId is ignored.
    const started = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId, totalAmount: 1, userId: 'someone-else' },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toBe('Payment order created successfully');
    const paymentOrder = started.json().data;
    expect(paymentOrder).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 49_900,
      currency: 'INR',
      keyId: 'rzp_test_simulated',
      provider: 'simulated',
      orderId,
      orderNumber: created.json().data.orderNumber,
      name: 'Mithila Makhana Co.',
      prefill: { name: 'Asha Kumari', email: ADDRESS.email, contact: ADDRESS.phone },
    });
    // Asked again, the same gateway order.
    const again = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId },
    });
    expect(again.json().data.id).toBe(paymentOrder.id);
    expect((await orderRow(api.db, orderId)).gatewayOrderId).toBe(paymentOrder.id);

    // The simulated window's Pay settles on the server before the browser says anything.
    const paid = await call(api.app, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: paymentOrder.id },
    });
    expect(paid.statusCode).toBe(200);
    const triple = paid.json().data;
    expect(triple).toEqual(signedPayment(paymentOrder.id, triple.razorpay_payment_id));
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      transactionId: triple.razorpay_payment_id,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(4);
    expect(await reservationStatuses(api.db, orderId)).toEqual(['committed']);

    for (let i = 0; i < 2; i++) {
      const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
        token,
        body: triple,
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().message).toBe('Payment verified successfully');
      expect(verified.json().data).toMatchObject({
        _id: orderId,
        user: user.id,
        status: 'Confirmed',
        paymentStatus: 'completed',
        transactionId: triple.razorpay_payment_id,
        paidAt: expect.any(String),
      });
    }
    expect(await stockOf(api.db, makhana.variantId)).toBe(4);

    const repay = await call(api.app, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: paymentOrder.id },
    });
    expect(repay.statusCode).toBe(409);
    expect(repay.json().message).toBe('This order is already paid.');
    const restart = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId },
    });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe('This order is already paid.');

    await api.app.orders.idle();
    const mails = outbox(outboxDir);
    expect(mails.map((m) => m.to).sort()).toEqual([ADDRESS.email, DEV_ADMIN_EMAIL].sort());
    const confirmation = mails.find((m) => m.to === ADDRESS.email)!;
    const orderNumber = created.json().data.orderNumber;
    expect(confirmation.subject).toBe(`Order confirmed: ${orderNumber}`);
    expect(confirmation.text).toContain('Himalayan Pink Salt Makhana 250g x 1: ₹449');
    expect(confirmation.text).toContain('shipping ₹50, total ₹499');
    expect(confirmation.text).toContain('12 Station Road, Darbhanga, Bihar 846004, India');
    expect(confirmation.text).toContain(`${PUBLIC_URL}/order-status/${orderId}`);
    const notice = mails.find((m) => m.to === DEV_ADMIN_EMAIL)!;
    expect(notice.subject).toBe(`New order ${orderNumber} (₹499)`);
    // The owner's link opens the order in the owner's area, not the customer's order page.
    expect(notice.text).toContain(
      `${PUBLIC_URL}/owner/admin/dashboard?tab=orders&order=${orderId}`,
    );
    expect(notice.text).not.toContain('/order-status/');
    // Both mails were the payment's consequences, carried out: none is left to do.
    expect(await queuedConsequences(api.db, orderId)).toEqual([]);
    // Nothing left for the sweeper to send, even once every wait is over.
    await outboxWaitOver(api.db);
    expect(await api.app.orders.sweep()).toEqual({
      reconciled: { asked: 0, settled: 0 },
      expired: 0,
      retried: 0,
      tracked: { asked: 0, moved: 0, failed: 0 },
    });
  });

  it('verifies a signed payment the browser brings, once, whatever the repeats', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 2),
    ]);
    const triple = signedPayment(gatewayOrderId, 'pay_BrowserPaid0001');
    const results = await Promise.all([
      call(api.app, 'POST', '/orders/verifyPayment', { token, body: triple }),
      call(api.app, 'POST', '/orders/verifyPayment', { token, body: triple }),
    ]);
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ _id: orderId, status: 'Confirmed' });
    }
    expect(await stockOf(api.db, makhana.variantId)).toBe(3);
  });

  it('refuses a wrong signature and another customer', async () => {
    const asha = await customer(api.db);
    const ravi = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, asha.token, [
      cartLine(makhana, 1),
    ]);
    const triple = signedPayment(gatewayOrderId, 'pay_Forged00000001');
    const forged = {
      ...triple,
      razorpay_signature: triple.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    };
    const wrong = await call(api.app, 'POST', '/orders/verifyPayment', {
      token: asha.token,
      body: forged,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Payment verification failed');
    const otherKey = signedPayment(gatewayOrderId, 'pay_Forged00000001', 'another-secret');
    expect(
      (await call(api.app, 'POST', '/orders/verifyPayment', { token: asha.token, body: otherKey }))
        .statusCode,
    ).toBe(400);

    for (const [url, body] of [
      ['/orders/verifyPayment', triple],
      ['/orders/razorpayPayment', { orderId }],
      ['/payments/simulated/pay', { razorpay_order_id: gatewayOrderId }],
      ['/payments/simulated/fail', { razorpay_order_id: gatewayOrderId }],
      ['/orders/mark-failed', { orderId }],
    ] as const) {
      const response = await call(api.app, 'POST', url, { token: ravi.token, body });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Order not found');
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Pending',
      paymentStatus: 'pending',
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(5);

    const missing = await call(api.app, 'POST', '/orders/verifyPayment', {
      token: asha.token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('razorpay_payment_id: razorpay_payment_id is required');
  });

  it('records a failure from the simulated window; a later pay is a late capture', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 5),
    ]);
    const failed = await call(api.app, 'POST', '/payments/simulated/fail', {
      token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      message: 'Payment failed',
      data: {
        razorpay_order_id: gatewayOrderId,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          reason: 'payment_failed',
        },
      },
    });
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'failed',
    });
    expect(await reservationStatuses(api.db, orderId)).toEqual(['released']);

    const paid = await call(api.app, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    expect(paid.statusCode).toBe(200);
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      needsRefund: false,
    });
    expect(await reservationStatuses(api.db, orderId)).toEqual(['committed']);
    expect(await stockOf(api.db, makhana.variantId)).toBe(0);
  });

  it('leaves a paid order alone when the window is reported dismissed', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 1),
    ]);
    await call(api.app, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    const response = await call(api.app, 'POST', '/orders/mark-failed', {
      token,
      body: { orderId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('This order is already paid, so it was not cancelled.');
    expect(response.json().data).toMatchObject({ status: 'Confirmed', paymentStatus: 'completed' });
    expect(await stockOf(api.db, makhana.variantId)).toBe(4);
  });
});

describe("the catalogue's free stock", () => {
  it('stays as it was when a payment sells the units its order held, and moves at once when not', async () => {
    const invalidations = vi.spyOn(api.app.catalogue, 'invalidate');
    try {
      const { token } = await customer(api.db);
      const held = await orderWithPayment(api.app, token, [cartLine(makhana, 2)]);
      expect(await shownStock(api.app, makhana.sku)).toBe(3);

      // Sold out of its own hold: the shelf and the holds each lose two, the free units do not.
      invalidations.mockClear();
      await call(api.app, 'POST', '/payments/simulated/pay', {
        token,
        body: { razorpay_order_id: held.gatewayOrderId },
      });
      expect(await stockOf(api.db, makhana.variantId)).toBe(3);
      expect(await shownStock(api.app, makhana.sku)).toBe(3);
      expect(invalidations).not.toHaveBeenCalled();

      // Paid after its hold expired: the units come from the free ones, seen at once.
      const late = await orderWithPayment(api.app, token, [cartLine(makhana, 1)]);
      await expireNow(api.db, late.orderId);
      expect((await api.app.orders.sweep()).expired).toBe(1);
      expect(await shownStock(api.app, makhana.sku)).toBe(3);
      await call(api.app, 'POST', '/payments/simulated/pay', {
        token,
        body: { razorpay_order_id: late.gatewayOrderId },
      });
      expect(await orderRow(api.db, late.orderId)).toMatchObject({ status: 'Confirmed' });
      expect(await shownStock(api.app, makhana.sku)).toBe(2);
    } finally {
      invalidations.mockRestore();
    }
  });
});

describe('late captures', () => {
  it('keeps the sale after expiry when the stock is still there', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 2),
    ]);
    await expireNow(api.db, orderId);
    expect((await api.app.orders.sweep()).expired).toBe(1);

    const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_LateButFine001'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Payment verified successfully');
    expect(verified.json().data).toMatchObject({ status: 'Confirmed', paymentStatus: 'completed' });
    expect(await reservationStatuses(api.db, orderId)).toEqual(['committed']);
    expect(await stockOf(api.db, makhana.variantId)).toBe(3);
  });

  it('flags a refund and tells the owner when the stock went to someone else', async () => {
    const late = await customer(api.db);
    const quick = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, late.token, [
      cartLine(makhana, 3),
    ]);
    await expireNow(api.db, orderId);
    // Another shopper buys what the expired order held.
    const other = await orderWithPayment(api.app, quick.token, [cartLine(makhana, 4)]);
    await call(api.app, 'POST', '/payments/simulated/pay', {
      token: quick.token,
      body: { razorpay_order_id: other.gatewayOrderId },
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(1);

    // The late UPI capture arrives by webhook; the sweep has not even run.
    const response = await webhook(captureEvent(gatewayOrderId, 'pay_TooLate0000001', 134_700));
    expect(response.statusCode).toBe(200);
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'completed',
      needsRefund: true,
      transactionId: 'pay_TooLate0000001',
    });
    expect(await reservationStatuses(api.db, orderId)).toEqual(['released']);
    expect(await stockOf(api.db, makhana.variantId)).toBe(1);

    const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
      token: late.token,
      body: signedPayment(gatewayOrderId, 'pay_TooLate0000001'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(
      'Payment received, but the items sold out meanwhile. A full refund is on its way.',
    );
    expect(verified.json().data).toMatchObject({ needsRefund: true, status: 'Cancelled' });

    await api.app.orders.idle();
    const mails = outbox(outboxDir);
    const orderNumber = (await orderRow(api.db, orderId)).orderNumber;
    const alert = mails.find((m) => m.subject.startsWith(`Refund needed: order ${orderNumber}`));
    expect(alert?.to).toBe(DEV_ADMIN_EMAIL);
    expect(alert?.text).toContain('pay_TooLate0000001');
    expect(alert?.text).toContain(
      `${PUBLIC_URL}/owner/admin/dashboard?tab=orders&order=${orderId}`,
    );
    const notice = mails.find(
      (m) => m.subject === `Your payment for order ${orderNumber} will be refunded`,
    );
    expect(notice?.to).toBe(ADDRESS.email);
  });
});

describe('a second payment for a paid order', () => {
  it("is refused, and the owner is told to refund it, with a link to the owner's view", async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 1),
    ]);
    const first = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_FirstPayment01'),
    });
    expect(first.statusCode).toBe(200);
    const second = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_SecondPayment1'),
    });
    expect(second.statusCode).toBe(409);

    await api.app.orders.idle();
    const orderNumber = (await orderRow(api.db, orderId)).orderNumber;
    const alert = outbox(outboxDir).find(
      (m) => m.subject === `Refund needed: second payment for order ${orderNumber}`,
    );
    expect(alert?.to).toBe(DEV_ADMIN_EMAIL);
    expect(alert?.text).toContain('pay_SecondPayment1');
    expect(alert?.text).toContain(
      `${PUBLIC_URL}/owner/admin/dashboard?tab=orders&order=${orderId}`,
    );
  });
});

describe('POST /orders/razorpay-webhook', () => {
  it('checks the signature over the raw body', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 1),
    ]);
    const event = captureEvent(gatewayOrderId, 'pay_Webhook000001', 49_900);
    const forged = await webhook(event, { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid webhook signature');

    // Same JSON, different bytes: the signature of the compact text does not fit the spaced one.
    const raw = JSON.stringify(event);
    const spaced = await api.app.inject({
      method: 'POST',
      url: '/api/v1/orders/razorpay-webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(DEV_WEBHOOK_SECRET, raw),
        'x-razorpay-event-id': 'evt_spaced',
      },
      payload: JSON.stringify(event, null, 2),
    });
    expect(spaced.statusCode).toBe(400);
    const unsigned = await api.app.inject({
      method: 'POST',
      url: '/api/v1/orders/razorpay-webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(api.db, orderId)).paymentStatus).toBe('pending');
  });

  it('settles a paid order whose browser never came back, once per event id', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 2),
    ]);
    const event = captureEvent(gatewayOrderId, 'pay_Webhook000002', 89_800);

    const first = await webhook(event, { eventId: 'evt_1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Webhook processed',
      data: { status: 'processed' },
    });
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      transactionId: 'pay_Webhook000002',
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(3);

    const repeat = await webhook(event, { eventId: 'evt_1' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().message).toBe('Event already processed');
    // order.paid reports the same capture under another event id: still one sale.
    const orderPaid = await webhook(
      captureEvent(gatewayOrderId, 'pay_Webhook000002', 89_800, 'order.paid'),
      { eventId: 'evt_2' },
    );
    expect(orderPaid.statusCode).toBe(200);
    expect(await stockOf(api.db, makhana.variantId)).toBe(3);
    const events = await api.db.select().from(paymentEvents);
    expect(events.map((e) => e.id).sort()).toEqual(['evt_1', 'evt_2']);

    // The browser comes back later: same paid order.
    const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_Webhook000002'),
    });
    expect(verified.statusCode).toBe(200);
    expect(await stockOf(api.db, makhana.variantId)).toBe(3);

    await api.app.orders.idle();
    expect(outbox(outboxDir)).toHaveLength(2);
  });

  it('cancels on payment.failed and releases the stock; ignores what it cannot use', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(makhana, 5),
    ]);

    const wrongAmount = await webhook(captureEvent(gatewayOrderId, 'pay_Short00000001', 100));
    expect(wrongAmount.json().message).toBe('Event ignored');
    const unknownOrder = await webhook(captureEvent('order_Unknown0000001', 'pay_X', 224_500));
    expect(unknownOrder.json().message).toBe('Event ignored');
    const refund = await webhook({ event: 'refund.processed', payload: {} });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().message).toBe('Event ignored');
    expect((await orderRow(api.db, orderId)).status).toBe('Pending');

    const failed = await webhook(
      captureEvent(gatewayOrderId, 'pay_Failed000001', 224_500, 'payment.failed'),
    );
    expect(failed.json().message).toBe('Webhook processed');
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'failed',
    });
    expect(await reservationStatuses(api.db, orderId)).toEqual(['released']);
    const again = await placeOrder(api.app, token, [cartLine(makhana, 5)]);
    expect(again.statusCode).toBe(200);

    const garbage = await api.app.inject({
      method: 'POST',
      url: '/api/v1/orders/razorpay-webhook',
      headers: {
        'content-type': 'text/plain',
        'x-razorpay-signature': hmacHex(DEV_WEBHOOK_SECRET, 'not json'),
      },
      payload: 'not json',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Invalid webhook payload');
  });
});

describe('order mails that fail', () => {
  let smtp: LocalSmtp;
  let smtpApp: FastifyInstance;
  const smtpData = tempDataDir();
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    smtpApp = await testApp({
      db: api.db,
      dataDir: smtpData.dir,
      env: {
        RATE_LIMIT_MAX: '100000',
        SMTP_URL: smtp.url,
        OWNER_EMAIL: 'packing@mithilamakhana.in',
      },
    });
  });
  afterAll(async () => {
    await smtpApp?.close();
    await smtp?.close();
    smtpData.remove();
  });

  it('never fail the order, and are sent by the sweep once the mail server takes them', async () => {
    const { token } = await customer(api.db);
    smtp.refuse.add(ADDRESS.email);
    const { orderId, gatewayOrderId } = await orderWithPayment(smtpApp, token, [
      cartLine(makhana, 1),
    ]);
    const paid = await call(smtpApp, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    expect(paid.statusCode).toBe(200);
    const verified = await call(smtpApp, 'POST', '/orders/verifyPayment', {
      token,
      body: paid.json().data,
    });
    expect(verified.statusCode).toBe(200);
    await smtpApp.orders.idle();

    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    const customerMail = async () =>
      (await queuedConsequences(api.db, orderId)).find((row) => row.topic === 'order.paid')!;
    // The owner's mail went out; only the customer's is left to run.
    expect(await customerMail()).toMatchObject({
      handlers: ['customer-mail'],
      attempts: 1,
      lastError: expect.any(String),
    });
    expect(smtp.received.map((m) => m.to)).toEqual([['packing@mithilamakhana.in']]);

    // It waits its back-off before the next attempt.
    expect((await smtpApp.orders.sweep()).retried).toBe(0);
    // Still refused: the sweep tries and keeps it for later.
    await outboxWaitOver(api.db);
    expect((await smtpApp.orders.sweep()).retried).toBe(1);
    expect(await customerMail()).toMatchObject({ attempts: 2 });

    smtp.refuse.clear();
    await outboxWaitOver(api.db);
    expect((await smtpApp.orders.sweep()).retried).toBe(1);
    expect(await queuedConsequences(api.db, orderId)).toEqual([]);
    const confirmation = smtp.received.find((m) => m.to.includes(ADDRESS.email));
    expect(parseMail(confirmation!.raw).headers.get('subject')).toMatch(/^Order confirmed: MM-/);
    await outboxWaitOver(api.db);
    expect((await smtpApp.orders.sweep()).retried).toBe(0);
    expect(smtp.received).toHaveLength(2);

    // A consequence queued three days ago is given up: the sweep no longer tries it.
    await api.db.insert(outboxTable).values({
      topic: 'order.paid',
      handlers: ['customer-mail'],
      orderId,
      attempts: 9,
      lastError: 'refused',
      createdAt: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000),
    });
    await outboxWaitOver(api.db);
    expect((await smtpApp.orders.sweep()).retried).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });
});
