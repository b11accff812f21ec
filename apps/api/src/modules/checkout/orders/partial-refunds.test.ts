/**
 * The owner's refunds in part, through HTTP on a real database and the simulated gateway: chosen
 * lines and units (some put back on the shelf), an amount, and what is left afterwards; each with
 * its credit note for exactly what it gave back. Razorpay's side: a refund not confirmed holds its
 * amount until it is asked for again under the same key.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../../adapters/payments/razorpay-gateway';
import { refunds, taxDocumentLines, taxDocuments } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import {
  cartLine,
  customer,
  historyRows,
  insertPouchAndTin,
  orderRow,
  orderWithPayment,
  outbox,
  ownerToken,
  paySimulated,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { useRazorpayStub } from '../../../test/razorpay-stub';
import { call } from '../../../test/requests';
import {
  ALREADY_REFUNDED,
  ORDER_REFUNDED,
  PART_REFUNDED,
  REFUND_NOT_CONFIRMED,
  refundNotConfirmedYet,
} from './refunds';

const api = useTestApp({ env: { RATE_LIMIT_MAX: '100000' }, owner: true });
const stub = useRazorpayStub({ keyId: 'rzp_test_PartStub01', keySecret: 'part-stub-secret' });

let pouch: TestVariant;
let tin: TestVariant;
beforeEach(async () => {
  ({ pouch, tin } = await insertPouchAndTin(api));
});

/** Two pouches at ₹149 and a tin at ₹199, ₹50 shipping: ₹547, paid and mailed. */
async function paidOrder() {
  const buyer = await customer(api.db);
  const { orderId, gatewayOrderId } = await orderWithPayment(api.app, buyer.token, [
    cartLine(pouch, 2),
    cartLine(tin, 1),
  ]);
  await paySimulated(api.app, buyer.token, gatewayOrderId);
  await api.app.orders.idle();
  const shown = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
    token: buyer.token,
  });
  const order = shown.json().data;
  expect(order.totalAmount).toBe(547);
  const lineOf = (name: string) =>
    order.items.find((item: { name: string }) => item.name === name)._id as string;
  return {
    orderId,
    token: buyer.token,
    pouchLine: lineOf('Roasted Makhana'),
    tinLine: lineOf('Makhana Tin'),
  };
}

async function deliver(owner: string, orderId: string) {
  for (const body of [{ status: 'Shipped', trackingNumber: 'DL77' }, { status: 'Delivered' }]) {
    const moved = await call(api.app, 'POST', `/orders/update-status/${orderId}`, {
      token: owner,
      body,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

const refund = (owner: string, orderId: string, body: object) =>
  call(api.app, 'POST', `/orders/refund/${orderId}`, { token: owner, body });

/** The order's credit notes with their lines, oldest first. */
async function creditNotes(orderId: string) {
  await api.app.orders.idle();
  const notes = await api.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.serial));
  return Promise.all(
    notes.map(async (note) => ({
      totalPaise: note.totalPaise,
      taxablePaise: note.taxablePaise,
      lines: (
        await api.db
          .select()
          .from(taxDocumentLines)
          .where(eq(taxDocumentLines.documentId, note.id))
          .orderBy(asc(taxDocumentLines.position))
      ).map((line) => [line.description, line.quantity, line.totalPaise]),
    })),
  );
}

describe('POST /orders/refund/:orderId in part', () => {
  it('refunds chosen units of a delivered order, restocking only the lines marked, with a credit note for them', async () => {
    const owner = await ownerToken(api.app);
    const { orderId, pouchLine, tinLine } = await paidOrder();
    await deliver(owner, orderId);
    expect(await stockOf(api.db, pouch.variantId)).toBe(8);

    const answer = await refund(owner, orderId, {
      reason: 'One pouch arrived torn; the tin was dented',
      lines: [
        { item: pouchLine, quantity: 1, restock: false },
        { item: tinLine, quantity: 1, restock: true },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(PART_REFUNDED('₹348', '₹199'));
    const order = answer.json().data;
    expect(order).toMatchObject({
      status: 'Delivered',
      paymentStatus: 'completed',
      refundedAmount: 348,
    });
    expect(order.refunds[0].lines).toEqual([
      {
        item: pouchLine,
        name: 'Roasted Makhana 100 g',
        quantity: 1,
        amount: 149,
        restocked: false,
      },
      { item: tinLine, name: 'Makhana Tin 500 g', quantity: 1, amount: 199, restocked: true },
    ]);
    expect(order.history.at(-1)).toMatchObject({
      event: 'refunded_part',
      by: 'owner',
      from: 'Delivered',
      to: 'Delivered',
      note: 'One pouch arrived torn; the tin was dented',
    });
    // Only the tin came back to the shelf.
    expect(await stockOf(api.db, pouch.variantId)).toBe(8);
    expect(await stockOf(api.db, tin.variantId)).toBe(10);

    expect(await creditNotes(orderId)).toEqual([
      {
        totalPaise: 34_800,
        taxablePaise: expect.any(Number),
        lines: [
          ['Roasted Makhana 100 g', 1, 14_900],
          ['Makhana Tin 500 g', 1, 19_900],
        ],
      },
    ]);
    const [mail] = outbox(api.outboxDir).filter((m) =>
      m.subject.startsWith(`Your refund for order ${order.orderNumber}`),
    );
    expect(mail?.text).toContain(`we have refunded ₹348 of your order ${order.orderNumber}`);
    expect(mail?.text).toContain('Roasted Makhana 100 g x 1: ₹149');
    expect(mail?.text).toContain('reverses the tax on what was refunded');

    // The rest: the last pouch brings the shipping back with it, and the order is settled.
    const rest = await refund(owner, orderId, {
      reason: 'The other pouch too',
      lines: [{ item: pouchLine, quantity: 1 }],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().message).toBe(ORDER_REFUNDED('₹199'));
    expect(rest.json().data).toMatchObject({
      status: 'Delivered',
      paymentStatus: 'refunded',
      refundedAmount: 547,
    });
    const notes = await creditNotes(orderId);
    expect(notes[1]?.lines).toEqual([
      ['Roasted Makhana 100 g', 1, 14_900],
      ['Shipping', 1, 5_000],
    ]);
    expect(notes.reduce((sum, note) => sum + note.totalPaise, 0)).toBe(54_700);
    expect((await refund(owner, orderId, { reason: 'Again' })).json().message).toBe(
      ALREADY_REFUNDED,
    );
  });

  it('spreads an amount over the lines as a price reduction, and later gives back only what is left', async () => {
    const owner = await ownerToken(api.app);
    const { orderId } = await paidOrder();
    await deliver(owner, orderId);

    const goodwill = await refund(owner, orderId, { reason: 'Late delivery', amount: 54.7 });
    expect(goodwill.statusCode, goodwill.body).toBe(200);
    expect(goodwill.json().data.refundedAmount).toBe(54.7);
    expect(
      goodwill.json().data.refunds[0].lines.map((l: { quantity: number }) => l.quantity),
    ).toEqual([0, 0, 0]);
    const [note] = await creditNotes(orderId);
    expect(note?.totalPaise).toBe(5_470);
    expect(note?.lines.map((line) => line[0])).toEqual([
      'Price reduction: Roasted Makhana 100 g',
      'Price reduction: Makhana Tin 500 g',
      'Price reduction: Shipping',
    ]);

    const tooMuch = await refund(owner, orderId, { reason: 'More', amount: 500 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors).toEqual([
      { field: 'amount', message: 'That is more than is left to refund: at most ₹492.3.' },
    ]);

    const everything = await refund(owner, orderId, { reason: 'Returned in full' });
    expect(everything.statusCode, everything.body).toBe(200);
    expect(everything.json().data).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: 547,
    });
    const notes = await creditNotes(orderId);
    expect(notes.reduce((sum, n) => sum + n.totalPaise, 0)).toBe(54_700);
    expect(notes[1]?.lines.map((line) => line[1])).toEqual([2, 1, 1]);
  });

  it('cancels an order not shipped once everything is refunded, putting back each unit once', async () => {
    const owner = await ownerToken(api.app);
    const { orderId, pouchLine } = await paidOrder();
    const part = await refund(owner, orderId, {
      reason: 'One pouch was damaged in the store',
      lines: [{ item: pouchLine, quantity: 1, restock: true }],
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.status).toBe('Confirmed');
    expect(await stockOf(api.db, pouch.variantId)).toBe(9);

    const rest = await refund(owner, orderId, { reason: 'Customer cancelled the rest' });
    expect(rest.json().data).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    expect(await stockOf(api.db, pouch.variantId)).toBe(10);
    expect(await stockOf(api.db, tin.variantId)).toBe(10);
    expect((await historyRows(api.db, orderId)).map((row) => row.event)).toEqual([
      'paid',
      'refunded_part',
      'refunded',
    ]);
  });

  it('takes lines named by SKU, as an integration knows them', async () => {
    const owner = await ownerToken(api.app);
    const { orderId, pouchLine } = await paidOrder();
    const response = await refund(owner, orderId, {
      reason: 'One pouch torn',
      lines: [{ sku: pouch.sku, quantity: 1, restock: true }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.refunds[0].lines).toEqual([
      expect.objectContaining({ item: pouchLine, quantity: 1, amount: 149, restocked: true }),
    ]);
    expect(await stockOf(api.db, pouch.variantId)).toBe(9);
  });

  it('refuses more units than are left, an unknown line, lines and an amount together; nothing changes', async () => {
    const owner = await ownerToken(api.app);
    const { orderId, pouchLine } = await paidOrder();
    const tooMany = await refund(owner, orderId, {
      reason: 'x',
      lines: [{ item: pouchLine, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors).toEqual([
      { field: 'lines', message: 'Only 2 units of Roasted Makhana 100 g are left to refund.' },
    ]);
    const unknown = await refund(owner, orderId, {
      reason: 'x',
      lines: [{ item: crypto.randomUUID(), quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'lines', message: 'That line is not part of this order.' },
    ]);
    const unknownSku = await refund(owner, orderId, {
      reason: 'x',
      lines: [{ sku: 'NOT-A-SKU', quantity: 1 }],
    });
    expect(unknownSku.statusCode).toBe(400);
    expect(unknownSku.json().errors).toEqual([
      { field: 'lines', message: 'That line is not part of this order.' },
    ]);
    const namedTwice = await refund(owner, orderId, {
      reason: 'x',
      lines: [{ item: pouchLine, sku: pouch.sku, quantity: 1 }],
    });
    expect(namedTwice.statusCode).toBe(400);
    expect(namedTwice.json().errors[0].field).toBe('lines.0.item');
    const both = await refund(owner, orderId, {
      reason: 'x',
      lines: [{ item: pouchLine, quantity: 1 }],
      amount: 10,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].field).toBe('amount');
    const fraction = await refund(owner, orderId, { reason: 'x', amount: 10.005 });
    expect(fraction.statusCode).toBe(400);
    expect(await orderRow(api.db, orderId)).toMatchObject({ refundedPaise: 0 });
    expect(await api.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });
});

describe('a part refund Razorpay did not confirm', () => {
  it('holds its amount: another refund waits for it, and asking again uses the same key', async () => {
    const razorpay = await api.startApp({
      env: {
        RATE_LIMIT_MAX: '100000',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_PartStub01',
        RAZORPAY_KEY_SECRET: 'part-stub-secret',
        RAZORPAY_WEBHOOK_SECRET: 'part-stub-webhook',
        RAZORPAY_API_URL: stub.url,
      },
      dataDir: `${api.dataDir}/razorpay`,
    });
    const { orderId, pouchLine } = await paidOrder();
    const { transactionId } = await orderRow(api.db, orderId);
    stub.payments.set(transactionId!, { order_id: 'order_x', amount: 54_700, status: 'captured' });
    const owner = await ownerToken(razorpay);
    const context = razorpay.orders.context;
    const gateway = context.gateway;
    context.gateway = createRazorpayGateway({
      keyId: 'rzp_test_PartStub01',
      keySecret: 'part-stub-secret',
      webhookSecret: 'part-stub-webhook',
      apiUrl: stub.url,
      timeoutMs: 300,
    });
    const onePouch = { reason: 'Torn', lines: [{ item: pouchLine, quantity: 1 }] };
    const ask = (body: object) =>
      call(razorpay, 'POST', `/orders/refund/${orderId}`, { token: owner, body });
    try {
      stub.refundMode = { kind: 'hang' };
      const silent = await ask(onePouch);
      expect(silent.statusCode).toBe(503);
      expect(silent.json().message).toBe(REFUND_NOT_CONFIRMED);

      stub.refundMode = { kind: 'ok' };
      const other = await ask({ reason: 'Goodwill', amount: 20 });
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(refundNotConfirmedYet('₹149'));

      const again = await ask(onePouch);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.refundedAmount).toBe(149);
    } finally {
      context.gateway = gateway;
    }
    const keys = stub.refundRequests.map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(stub.refunds.size).toBe(1);
    await razorpay.close();
  });
});
