/**
 * The owner's refunds, through HTTP on a real database: the simulated gateway on the file's app,
 * Razorpay's Refunds API through a local stub on a second app sharing the database.
 */
import { MESSAGES } from '@makhana/domain/validation';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL } from '../../../config/config';
import { admins, refunds, taxDocuments } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  cartLine,
  customer,
  expireNow,
  insertProduct,
  orderRow,
  orderWithPayment,
  outbox,
  ownerMoves,
  ownerToken,
  queuedConsequences,
  reservationStatuses,
  simulatedOrder,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayApp } from '../../../test/razorpay-app';
import { call } from '../../../test/requests';
import {
  ALREADY_REFUNDED,
  ORDER_REFUNDED,
  REFUND_NOT_CONFIRMED,
  REFUND_NOT_PAID,
  refundRefusedByGateway,
} from './refunds';

const KEY_ID = 'rzp_test_RefundStub1';
const KEY_SECRET = 'refund-stub-key-secret';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
  poolSize: 4,
});
const razorpay = useRazorpayApp(api, {
  keyId: KEY_ID,
  keySecret: KEY_SECRET,
  webhookSecret: 'refund-stub-webhook-secret',
});
const { stub } = razorpay;

let makhana: TestVariant;
beforeEach(async () => {
  [makhana] = await insertProduct(api.db, {
    name: 'Himalayan Salt Makhana',
    variants: [{ weight: 250, price: 449, stock: 10 }],
  });
  await forgetCachedReads(api.app);
  await forgetCachedReads(razorpay.app);
});

const REASON = 'Customer asked to cancel before packing';

/** The numbers of an order's credit notes. */
const creditNotes = async (orderId: string) =>
  (
    await api.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')))
  ).map((row) => row.number);

/** An order's refunds as recorded, oldest first. */
const refundRows = (orderId: string) =>
  api.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

/** A customer's order of two packs, paid through the simulated window unless `paid` is false. */
const simulatedTwoPacks = (options: { paid?: boolean } = {}) =>
  simulatedOrder(api, { variant: makhana, quantity: 2, ...options });

/** A customer's order of two packs, paid through Razorpay (the stub) and verified. */
const razorpayOrder = () => razorpay.paidOrder(makhana, 2);

function refund(
  token: string | undefined,
  orderId: string,
  body: object = { reason: REASON },
  app = api.app,
) {
  return call(app, 'POST', `/orders/refund/${orderId}`, { token, body });
}

async function refundMails(orderId: string, app = api.app, outboxDir = api.outboxDir) {
  await app.orders.idle();
  return outbox(outboxDir).filter(
    (m) => m.subject.startsWith('Your refund for order') && m.text.includes(orderId),
  );
}

describe('POST /orders/refund/:orderId', () => {
  it('is for the owner only: a visitor or a customer is refused and nothing changes', async () => {
    const { orderId, token } = await simulatedTwoPacks();
    const before = await orderRow(api.db, orderId);
    const visitor = await refund(undefined, orderId);
    expect(visitor.statusCode).toBe(401);
    // The owner's realm answers a customer's session as no owner's session at all.
    const shopper = await refund(token, orderId);
    expect(shopper.statusCode).toBe(401);
    expect(shopper.json().success).toBe(false);
    expect(await orderRow(api.db, orderId)).toEqual(before);
    expect(await ownerMoves(api.db, orderId)).toEqual([]);
    expect(await stockOf(api.db, makhana.variantId)).toBe(8);
  });

  it('refunds a paid Confirmed order in full through the simulated gateway: Cancelled, stock back, a move with the reason, one mail', async () => {
    const { orderId, token } = await simulatedTwoPacks();
    expect(await stockOf(api.db, makhana.variantId)).toBe(8);
    const owner = await ownerToken(api.app);
    const [account] = await api.db.select().from(admins).where(eq(admins.email, DEV_ADMIN_EMAIL));

    const response = await refund(owner, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(ORDER_REFUNDED('₹898'));
    const order = response.json().data;
    expect(order).toMatchObject({
      _id: orderId,
      status: 'Cancelled',
      paymentStatus: 'refunded',
      needsRefund: false,
      refundedAmount: 898,
      refunds: [{ reason: REASON, failure: null, amount: 898, by: 'owner', status: 'initiated' }],
    });
    const [made] = order.refunds;
    expect(made.refundId).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(Date.parse(made.initiatedAt)).not.toBeNaN();
    expect(made.lines).toEqual([
      {
        item: order.items[0]._id,
        name: 'Himalayan Salt Makhana 250 g',
        quantity: 2,
        amount: 898,
        restocked: false,
      },
    ]);
    expect(order.history.at(-1)).toMatchObject({
      from: 'Confirmed',
      to: 'Cancelled',
      note: REASON,
    });

    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    expect(await reservationStatuses(api.db, orderId)).toEqual(['released']);
    const events = await ownerMoves(api.db, orderId);
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: 'Confirmed',
        toStatus: 'Cancelled',
        note: REASON,
        actorId: account!.id,
      }),
    ]);
    // The shop's catalogue shows the units again at once.
    const product = await call(api.app, 'GET', `/products/getProductDetails/${makhana.productId}`);
    expect(JSON.stringify(product.json().data)).toContain('"stock":10');

    const mails = await refundMails(orderId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toContain(ADDRESS.email);
    expect(mail!.text).toContain('refunded ₹898 in full');
    expect(mail!.text).toContain('within 7-10 business days');
    expect(mail!.text).toContain(REASON);
    expect(mail!.text).toContain(made.refundId);
    // The mail was the refund's consequence, carried out: nothing is left to do.
    expect(await queuedConsequences(api.db, orderId)).toEqual([]);

    // The customer sees the refund on their own order.
    const mine = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(mine.json().data).toMatchObject({ paymentStatus: 'refunded', status: 'Cancelled' });
  });

  it('changes nothing the second time: 200 with the order and a message saying so', async () => {
    const { orderId } = await simulatedTwoPacks();
    const owner = await ownerToken(api.app);
    const first = await refund(owner, orderId);
    expect(first.statusCode, first.body).toBe(200);
    const row = await orderRow(api.db, orderId);

    const again = await refund(owner, orderId, { reason: 'Another reason' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(ALREADY_REFUNDED);
    expect(again.json().data.refunds).toEqual(first.json().data.refunds);
    expect(await orderRow(api.db, orderId)).toEqual(row);
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    expect(await ownerMoves(api.db, orderId)).toHaveLength(1);
    expect(await refundMails(orderId)).toHaveLength(1);
  });

  it('refunds once when the owner asks several times at once', async () => {
    const { orderId } = await razorpayOrder();
    const owner = await ownerToken(razorpay.app);
    const answers = await Promise.all(
      [1, 2, 3].map(() => refund(owner, orderId, { reason: REASON }, razorpay.app)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    // One of them made the refund; the others found it made.
    expect(answers.filter((a) => a.json().message !== ALREADY_REFUNDED)).toHaveLength(1);
    // Every request reached Razorpay with the one refund's key; Razorpay refunded once.
    const [made, ...more] = await refundRows(orderId);
    expect(more).toEqual([]);
    expect(new Set(stub.refundRequests.map((r) => r.idempotencyKey))).toEqual(new Set([made!.id]));
    expect(stub.refunds.size).toBe(1);
    expect(made!.gatewayRefundId).toBe([...stub.refunds.values()][0]!.id);
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    expect(await ownerMoves(api.db, orderId)).toHaveLength(1);
    expect(await orderRow(api.db, orderId)).toMatchObject({
      paymentStatus: 'refunded',
      refundedPaise: 89_800,
    });
  });

  it("refunds through Razorpay's Refunds API: the amount in paise, speed normal, the refund's id as the idempotency key", async () => {
    const { orderId, paymentId, amount } = await razorpayOrder();
    expect(amount).toBe(89_800);
    const { orderNumber } = await orderRow(api.db, orderId);
    const response = await refund(await ownerToken(razorpay.app), orderId, undefined, razorpay.app);
    expect(response.statusCode, response.body).toBe(200);
    const [made] = response.json().data.refunds;
    expect(stub.refundRequests).toEqual([
      {
        paymentId,
        idempotencyKey: made.id,
        body: {
          amount: 89_800,
          speed: 'normal',
          receipt: orderNumber,
          notes: { orderId, orderNumber, refundId: made.id, attempt: '0', reason: REASON },
        },
      },
    ]);
    expect(made.refundId).toBe('rfnd_Stub0000000001');
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
  });

  it('keeps the order paid with the reason when Razorpay refuses, and refunds on a retry', async () => {
    const { orderId } = await razorpayOrder();
    const owner = await ownerToken(razorpay.app);
    stub.refundMode = {
      kind: 'refuse',
      description: 'The refund amount provided is greater than amount captured',
    };
    const refused = await refund(owner, orderId, undefined, razorpay.app);
    expect(refused.statusCode).toBe(502);
    const why = refundRefusedByGateway(
      'The refund amount provided is greater than amount captured',
    );
    expect(refused.json()).toMatchObject({ success: false, message: why });
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      paymentStatus: 'completed',
      refundedPaise: 0,
    });
    const shown = await call(razorpay.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: owner,
    });
    expect(shown.json().data).toMatchObject({
      refundedAmount: 0,
      refunds: [{ status: 'refused', refundId: null, initiatedAt: null, failure: why }],
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(8);
    expect(await ownerMoves(api.db, orderId)).toEqual([]);
    // No money went back, so no credit note reverses the invoice.
    await razorpay.app.orders.idle();
    expect(await creditNotes(orderId)).toEqual([]);

    stub.refundMode = { kind: 'ok' };
    const retried = await refund(owner, orderId, undefined, razorpay.app);
    expect(retried.statusCode, retried.body).toBe(200);
    // A refused refund took nothing: the retry is a new refund, asked under a new key.
    expect(retried.json().data).toMatchObject({
      paymentStatus: 'refunded',
      refunds: [{ status: 'refused' }, { status: 'initiated', failure: null, reason: REASON }],
    });
    const keys = stub.refundRequests.map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
    await razorpay.app.orders.idle();
    expect(await creditNotes(orderId)).toHaveLength(1);
  });

  it('keeps the order paid when Razorpay does not answer, and a retry with the same key refunds once', async () => {
    const { orderId } = await razorpayOrder();
    const owner = await ownerToken(razorpay.app);
    // The app's gateway waits 10 s; this one gives up sooner so the test stays quick.
    await razorpay.impatient(async () => {
      stub.refundMode = { kind: 'hang' };
      const timedOut = await refund(owner, orderId, undefined, razorpay.app);
      expect(timedOut.statusCode).toBe(503);
      expect(timedOut.json().message).toBe(REFUND_NOT_CONFIRMED);
      expect(await orderRow(api.db, orderId)).toMatchObject({
        status: 'Confirmed',
        paymentStatus: 'completed',
      });
      expect(await refundRows(orderId)).toEqual([
        expect.objectContaining({ state: 'pending', failure: REFUND_NOT_CONFIRMED }),
      ]);
      expect(await stockOf(api.db, makhana.variantId)).toBe(8);

      stub.refundMode = { kind: 'ok' };
      const retried = await refund(owner, orderId, undefined, razorpay.app);
      expect(retried.statusCode, retried.body).toBe(200);
    });
    const [made, ...more] = await refundRows(orderId);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ state: 'initiated', failure: null });
    expect(stub.refundRequests.map((r) => r.idempotencyKey)).toEqual([made!.id, made!.id]);
    expect(stub.refunds.size).toBe(1);
    expect(await orderRow(api.db, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect(await stockOf(api.db, makhana.variantId)).toBe(10);
  });

  it('refunds a late capture flagged needsRefund without putting back stock it never took', async () => {
    const late = await customer(api.db);
    const quick = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, late.token, [
      cartLine(makhana, 3),
    ]);
    await expireNow(api.db, orderId);
    const other = await orderWithPayment(api.app, quick.token, [cartLine(makhana, 8)]);
    await call(api.app, 'POST', '/payments/simulated/pay', {
      token: quick.token,
      body: { razorpay_order_id: other.gatewayOrderId },
    });
    await call(api.app, 'POST', '/payments/simulated/pay', {
      token: late.token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    await api.app.orders.idle();
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'completed',
      needsRefund: true,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(2);

    const response = await refund(await ownerToken(api.app), orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      needsRefund: false,
    });
    expect(response.json().data.history.at(-1)).toMatchObject({
      from: 'Cancelled',
      to: 'Cancelled',
      note: REASON,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(2);
    expect(await reservationStatuses(api.db, orderId)).toEqual(['released']);
    const [mail] = await refundMails(orderId);
    expect(mail!.text).toContain('refunded ₹1,347 in full');
  });

  it('keeps an order that shipped during its refund Shipped, its money back, its units not restocked', async () => {
    const { orderId } = await simulatedTwoPacks();
    const owner = await ownerToken(api.app);
    const context = api.app.orders.context;
    const gateway = context.gateway;
    // Another tab ships the order while the gateway is refunding it.
    context.gateway = {
      ...gateway,
      async refundPayment(input) {
        const shipped = await call(api.app, 'POST', `/orders/update-status/${orderId}`, {
          token: owner,
          body: { status: 'Shipped', trackingNumber: 'DL9' },
        });
        expect(shipped.statusCode, shipped.body).toBe(200);
        return gateway.refundPayment(input);
      },
    };
    try {
      const response = await refund(owner, orderId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(ORDER_REFUNDED('₹898'));
    } finally {
      context.gateway = gateway;
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Shipped',
      paymentStatus: 'refunded',
      refundedPaise: 89_800,
    });
    expect(await stockOf(api.db, makhana.variantId)).toBe(8);
    expect((await ownerMoves(api.db, orderId)).map((e) => [e.event, e.toStatus])).toEqual([
      ['shipped', 'Shipped'],
      ['refunded', 'Shipped'],
    ]);
  });

  it('refuses unpaid and failed orders with a 409 that says why; nothing changes', async () => {
    const owner = await ownerToken(api.app);
    const unpaid = await simulatedTwoPacks({ paid: false });
    const pending = await refund(owner, unpaid.orderId);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(REFUND_NOT_PAID);

    await call(api.app, 'POST', '/orders/mark-failed', {
      token: unpaid.token,
      body: { orderId: unpaid.orderId },
    });
    const failed = await refund(owner, unpaid.orderId);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe(REFUND_NOT_PAID);
    expect(await refundRows(unpaid.orderId)).toEqual([]);
  });

  it('answers 404 for an unknown order and 400 without a reason', async () => {
    const owner = await ownerToken(api.app);
    const missing = await refund(owner, '00000000-0000-4000-8000-00000000abcd');
    expect(missing.statusCode).toBe(404);
    expect((await refund(owner, 'not-an-id')).statusCode).toBe(404);
    const { orderId } = await simulatedTwoPacks();
    for (const body of [{}, { reason: '   ' }]) {
      const response = await refund(owner, orderId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`reason: ${MESSAGES.refundReason}`);
      expect(response.json().errors).toEqual([{ field: 'reason', message: MESSAGES.refundReason }]);
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({ paymentStatus: 'completed' });
  });
});
