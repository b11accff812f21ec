/**
 * What follows a refund once the gateway took it: Razorpay's refund webhooks (processed, failed,
 * repeated, out of order) through the local stub, the owner sending again one the bank sent back,
 * and the simulated gateway reporting its refunds processed a moment later.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refunds, taxDocuments } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  insertProduct,
  orderRow,
  outbox,
  ownerToken,
  simulatedOrder,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayApp } from '../../../test/razorpay-app';
import { refundEvent } from '../../../test/razorpay-stub';
import { call } from '../../../test/requests';
import {
  ALREADY_REFUNDED,
  REFUND_NOT_CONFIRMED,
  REFUND_ON_ITS_WAY,
  REFUND_SENT_AGAIN,
  REFUND_SENT_BACK,
} from './refunds';

const OWNER_EMAIL = 'owner@example.in';
const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', OWNER_EMAIL },
  owner: true,
  poolSize: 4,
});
const razorpay = useRazorpayApp(
  api,
  {
    keyId: 'rzp_test_EventsStub01',
    keySecret: 'events-stub-key-secret',
    webhookSecret: 'events-stub-webhook-secret',
  },
  { OWNER_EMAIL },
);

let makhana: TestVariant;
beforeEach(async () => {
  [makhana] = await insertProduct(api.db, {
    name: 'Cheese Makhana',
    variants: [{ weight: 100, price: 249, stock: 10 }],
  });
  await forgetCachedReads(api.app);
  await forgetCachedReads(razorpay.app);
});

const REASON = 'Customer asked to cancel before packing';

/** An order of two packs (₹498 and ₹50 shipping) paid through Razorpay, refunded in full by the owner. */
async function refundedOrder() {
  const paid = await razorpay.paidOrder(makhana, 2);
  const owner = await ownerToken(razorpay.app);
  const refunded = await call(razorpay.app, 'POST', `/orders/refund/${paid.orderId}`, {
    token: owner,
    body: { reason: REASON },
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
  const [refund] = await refundRows(paid.orderId);
  return { ...paid, owner, refund: refund! };
}

/**
 * The owner's full refund of an order, taken by Razorpay but never answered: its row, still
 * pending, and the events Razorpay would send about it (named by the notes it was asked with).
 */
async function unansweredRefund(orderId: string) {
  const owner = await ownerToken(razorpay.app);
  const silent = await razorpay.impatient(async () => {
    razorpay.stub.refundMode = { kind: 'hang' };
    return call(razorpay.app, 'POST', `/orders/refund/${orderId}`, {
      token: owner,
      body: { reason: REASON },
    });
  });
  expect(silent.statusCode).toBe(503);
  expect(silent.json().message).toBe(REFUND_NOT_CONFIRMED);
  razorpay.stub.refundMode = { kind: 'ok' };
  const [pending] = await refundRows(orderId);
  expect(pending).toMatchObject({ state: 'pending' });
  const [asked] = razorpay.stub.refundRequests;
  const eventAbout = (event: 'refund.processed' | 'refund.failed', id: string) =>
    refundEvent(event, {
      id,
      payment_id: asked!.paymentId,
      amount: pending!.amountPaise,
      notes: asked!.body.notes as Record<string, unknown>,
    });
  return { owner, pending: pending!, eventAbout };
}

const refundRows = (orderId: string) =>
  api.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

/** The order as its customer sees it. */
async function shownTo(token: string, orderId: string) {
  const answer = await call(razorpay.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
  return answer.json().data;
}

/** The stub's record of a refund, as the webhook's entity carries it. */
function stubRefund(key: string) {
  const made = razorpay.stub.refunds.get(key);
  expect(made).toBeDefined();
  const { status: _status, ...entity } = made!;
  return entity;
}

async function mails(subjectStart: string, orderNumber: string) {
  await razorpay.app.orders.idle();
  return outbox(`${api.dataDir}/razorpay/outbox`).filter(
    (m) => m.subject.startsWith(subjectStart) && m.subject.includes(orderNumber),
  );
}

const owed = async (owner: string) =>
  (await call(razorpay.app, 'GET', '/admins/dashboard', { token: owner })).json().data;

describe("Razorpay's refund events", () => {
  it('moves a refund from initiated to processed once, whatever repeats, and mails the customer', async () => {
    const { orderId, token, refund } = await refundedOrder();
    expect(refund).toMatchObject({ state: 'initiated', processedAt: null });
    const { orderNumber } = await orderRow(api.db, orderId);
    expect((await shownTo(token, orderId)).refunds).toEqual([
      expect.objectContaining({ status: 'initiated', refundId: 'rfnd_Stub0000000001' }),
    ]);

    const sent = refundEvent('refund.processed', stubRefund(refund.id));
    // Razorpay sends a payment made without an order with `order_id: null`: still a refund event.
    const event = {
      ...sent,
      payload: {
        ...sent.payload,
        payment: { entity: { ...sent.payload.payment.entity, order_id: null } },
      },
    };
    const first = await razorpay.webhook(event, 'evt_processed_1');
    expect(first.json()).toMatchObject({ message: 'Webhook processed' });
    const [processed] = await refundRows(orderId);
    expect(processed).toMatchObject({ state: 'processed', failure: null });
    expect(processed!.processedAt).toBeInstanceOf(Date);
    expect((await shownTo(token, orderId)).refunds).toEqual([
      expect.objectContaining({
        status: 'processed',
        refundId: 'rfnd_Stub0000000001',
        processedAt: processed!.processedAt!.toISOString(),
      }),
    ]);

    // The same event again, then under another id (Razorpay retries for a day): nothing moves.
    const repeat = await razorpay.webhook(event, 'evt_processed_1');
    expect(repeat.json().message).toBe('Event already processed');
    const again = await razorpay.webhook(event, 'evt_processed_2');
    expect(again.json().message).toBe('Event ignored');
    // A late refund.created (it left before refund.processed) cannot take it back.
    const late = await razorpay.webhook(refundEvent('refund.created', stubRefund(refund.id)));
    expect(late.json().message).toBe('Event ignored');
    expect(await refundRows(orderId)).toEqual([processed]);

    const reached = await mails('Your refund for order', orderNumber);
    const bankMails = reached.filter((m) => m.subject.includes('has reached your bank'));
    expect(bankMails).toHaveLength(1);
    expect(bankMails[0]!.text).toContain('₹548');
    expect(bankMails[0]!.text).toContain('rfnd_Stub0000000001');
  });

  it('ignores what is not one of its refunds: unknown ids, another amount, another payment', async () => {
    const { orderId, refund } = await refundedOrder();
    const entity = stubRefund(refund.id);
    for (const stranger of [
      { ...entity, id: 'rfnd_Unknown000001', notes: {} },
      { ...entity, amount: entity.amount - 100 },
      { ...entity, payment_id: 'pay_SomeoneElse001' },
    ]) {
      const answer = await razorpay.webhook(refundEvent('refund.processed', stranger));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe('Event ignored');
    }
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ state: 'initiated' })]);
  });

  it('records a refund whose answer never came when its event arrives first, and refunds it once', async () => {
    const { orderId, token } = await razorpay.paidOrder(makhana, 2);
    const { owner, pending, eventAbout } = await unansweredRefund(orderId);

    // Razorpay took it all the same: its event names our refund in the notes it was asked with.
    const event = eventAbout('refund.processed', 'rfnd_TookItAnyway01');
    expect((await razorpay.webhook(event)).json().message).toBe('Webhook processed');
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({
        state: 'processed',
        gatewayRefundId: 'rfnd_TookItAnyway01',
        failure: null,
      }),
    ]);
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      refundedPaise: pending.amountPaise,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    await razorpay.app.orders.idle();
    const notes = await api.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
    expect((await shownTo(token, orderId)).refunds[0]).toMatchObject({ status: 'processed' });

    // The owner asks again: nothing is left, and Razorpay is not asked a second time.
    const again = await call(razorpay.app, 'POST', `/orders/refund/${orderId}`, {
      token: owner,
      body: { reason: REASON },
    });
    expect(again.json().message).toBe(ALREADY_REFUNDED);
    expect(razorpay.stub.refundRequests).toHaveLength(1);
  });

  it('tells the owner when the bank sends a refund back, who sends it again under a new key', async () => {
    const { orderId, owner, token, refund } = await refundedOrder();
    const { orderNumber } = await orderRow(api.db, orderId);
    expect(await owed(owner)).toMatchObject({ toRefund: 0, refundsSentBack: 0 });

    razorpay.stub.refunds.get(refund.id)!.status = 'failed';
    const failed = refundEvent('refund.failed', stubRefund(refund.id));
    expect((await razorpay.webhook(failed, 'evt_failed_1')).json().message).toBe(
      'Webhook processed',
    );
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ state: 'failed', failure: REFUND_SENT_BACK, attempt: 1 }),
    ]);
    // The refund stays made (its credit note, the units back): the money is what is owed again.
    expect(await orderRow(api.db, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect(await owed(owner)).toMatchObject({
      toRefund: 1,
      toRefundAmount: 548,
      refundsSentBack: 1,
    });
    const listed = await call(razorpay.app, 'GET', '/orders/orderDetails?needsRefund=true', {
      token: owner,
    });
    expect(listed.json().data.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    const [ownerMail, ...moreOwnerMails] = await mails('Refund failed', orderNumber);
    expect(moreOwnerMails).toEqual([]);
    expect(ownerMail!.to).toContain(OWNER_EMAIL);
    expect(ownerMail!.text).toContain('Send ₹548 again');
    expect((await shownTo(token, orderId)).refunds[0]).toMatchObject({ status: 'failed' });
    // The same failure reported again changes nothing and mails nobody.
    expect((await razorpay.webhook(failed, 'evt_failed_2')).json().message).toBe('Event ignored');

    const sendAgain = () =>
      call(razorpay.app, 'POST', `/orders/refund-again/${orderId}`, {
        token: owner,
        body: { refundId: refund.id },
      });
    const [sent, doubleClick] = await Promise.all([sendAgain(), sendAgain()]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(doubleClick.statusCode, doubleClick.body).toBe(200);
    expect([sent.json().message, doubleClick.json().message].sort()).toEqual(
      [REFUND_SENT_AGAIN('₹548'), REFUND_ON_ITS_WAY].sort(),
    );
    const keys = razorpay.stub.refundRequests.map((r) => r.idempotencyKey);
    expect(keys[0]).toBe(refund.id);
    // Both clicks that reached Razorpay asked under the second attempt's key: one refund.
    expect(new Set(keys.slice(1))).toEqual(new Set([`${refund.id}.1`]));
    expect(razorpay.stub.refunds.size).toBe(2);
    const [resent] = await refundRows(orderId);
    expect(resent).toMatchObject({
      state: 'initiated',
      gatewayRefundId: 'rfnd_Stub0000000002',
      failure: null,
    });
    expect(await owed(owner)).toMatchObject({ toRefund: 0, refundsSentBack: 0 });
    expect((await sendAgain()).json().message).toBe(REFUND_ON_ITS_WAY);

    // A stale failure of the first attempt, under a new event id, cannot fail the second.
    expect((await razorpay.webhook(failed, 'evt_failed_3')).json().message).toBe('Event ignored');
    const processed = refundEvent('refund.processed', stubRefund(`${refund.id}.1`));
    expect((await razorpay.webhook(processed)).json().message).toBe('Webhook processed');
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ state: 'processed', gatewayRefundId: 'rfnd_Stub0000000002' }),
    ]);
  });

  it('frees what a refund held when the bank sends it back before it was recorded', async () => {
    const { orderId } = await razorpay.paidOrder(makhana, 2);
    const { owner, eventAbout } = await unansweredRefund(orderId);
    const failed = eventAbout('refund.failed', 'rfnd_BouncedAtOnce1');
    expect((await razorpay.webhook(failed)).json().message).toBe('Webhook processed');
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ state: 'refused' })]);
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      refundedPaise: 0,
    });

    // Nothing was refunded: a new refund may be asked for, under a new key.
    const again = await call(razorpay.app, 'POST', `/orders/refund/${orderId}`, {
      token: owner,
      body: { reason: REASON },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await orderRow(api.db, orderId)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('answers 404 for a refund not of this order, and refuses a customer', async () => {
    const { orderId, owner, token, refund } = await refundedOrder();
    const other = await razorpay.paidOrder(makhana, 1);
    const elsewhere = await call(razorpay.app, 'POST', `/orders/refund-again/${other.orderId}`, {
      token: owner,
      body: { refundId: refund.id },
    });
    expect(elsewhere.statusCode).toBe(404);
    const nonsense = await call(razorpay.app, 'POST', `/orders/refund-again/${orderId}`, {
      token: owner,
      body: { refundId: 'not-an-id' },
    });
    expect(nonsense.statusCode).toBe(404);
    const missing = await call(razorpay.app, 'POST', `/orders/refund-again/${orderId}`, {
      token: owner,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'refundId', message: 'Choose the refund to send again.' },
    ]);
    const customer = await call(razorpay.app, 'POST', `/orders/refund-again/${orderId}`, {
      token,
      body: { refundId: refund.id },
    });
    expect(customer.statusCode).toBe(401);
  });
});

describe("the simulated gateway's refunds", () => {
  it('reach the bank a moment after the gateway took them, reported through the webhook', async () => {
    const quick = await api.startApp({
      env: { RATE_LIMIT_MAX: '100000', SIMULATED_REFUND_DELAY_MS: '200' },
      dataDir: `${api.dataDir}/quick`,
    });
    const { orderId, token } = await simulatedOrder(
      { ...api, app: quick },
      { variant: makhana, quantity: 1 },
    );
    const refunded = await call(quick, 'POST', `/orders/cancel/${orderId}`, {
      token,
      body: { reason: 'Ordered by mistake' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.refunds).toEqual([
      expect.objectContaining({ status: 'initiated', processedAt: null }),
    ]);
    await vi.waitFor(
      async () => {
        const [row] = await refundRows(orderId);
        expect(row).toMatchObject({ state: 'processed' });
      },
      { timeout: 5_000, interval: 50 },
    );
    const shown = await call(quick, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(shown.json().data.refunds[0]).toMatchObject({
      status: 'processed',
      refundId: expect.stringMatching(/^rfnd_/),
    });
    await quick.close();
  });
});
