/**
 * Returns through HTTP on a real database: the customer's request with photos (the window in
 * India's calendar, the units left, pictures checked by their bytes), the owner's decision, the
 * parcel received and the refund of exactly its lines, each step in the history and mailed.
 */

import { existsSync } from 'node:fs';
import path from 'node:path';
import { RETURN_MESSAGES } from '@makhana/domain/returns';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  orderStatusEvents,
  returnRequests,
  taxDocumentLines,
  taxDocuments,
} from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import {
  cartLine,
  customer,
  historyRows,
  insertPouchAndTin,
  orderWithPayment,
  outbox,
  ownerToken,
  paySimulated,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
});

let pouch: TestVariant;
let tin: TestVariant;
beforeEach(async () => {
  ({ pouch, tin } = await insertPouchAndTin(api));
});

/** A photo as a phone sends it: a JPEG with its camera's metadata. */
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8a165' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'PhoneCam' } } })
    .toBuffer();

/** Two pouches and a tin (₹547 with shipping), paid, shipped and delivered (at `deliveredAt`). */
async function deliveredOrder(deliveredAt?: Date) {
  const buyer = await customer(api.db);
  const { orderId, gatewayOrderId } = await orderWithPayment(api.app, buyer.token, [
    cartLine(pouch, 2),
    cartLine(tin, 1),
  ]);
  await paySimulated(api.app, buyer.token, gatewayOrderId);
  const owner = await ownerToken(api.app);
  for (const body of [{ status: 'Shipped', trackingNumber: 'DL1' }, { status: 'Delivered' }]) {
    const moved = await call(api.app, 'POST', `/orders/update-status/${orderId}`, {
      token: owner,
      body,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  if (deliveredAt) {
    await api.db
      .update(orderStatusEvents)
      .set({ createdAt: deliveredAt })
      .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.event, 'delivered')));
  }
  await api.app.orders.idle();
  const shown = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
    token: buyer.token,
  });
  const items = shown.json().data.items as { _id: string; name: string }[];
  const lineOf = (name: string) => items.find((item) => item.name === name)!._id;
  return {
    orderId,
    owner,
    buyer,
    orderNumber: shown.json().data.orderNumber as string,
    pouchLine: lineOf('Roasted Makhana'),
    tinLine: lineOf('Makhana Tin'),
  };
}

function returnForm(
  fields: { lines?: unknown; reason?: string; note?: string },
  photos: { bytes: Buffer; name: string; type: string }[] = [],
): FormData {
  const form = new FormData();
  if (fields.lines !== undefined) form.append('lines', JSON.stringify(fields.lines));
  if (fields.reason !== undefined) form.append('reason', fields.reason);
  if (fields.note !== undefined) form.append('note', fields.note);
  for (const file of photos) {
    form.append('photos', new Blob([file.bytes], { type: file.type }), file.name);
  }
  return form;
}

const askReturn = (
  token: string,
  orderId: string,
  form: FormData,
  app: FastifyInstance = api.app,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/orders/return-request/${orderId}`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });

const ownerStep = (owner: string, path: string, orderId: string, body: object) =>
  call(api.app, 'POST', `/orders/${path}/${orderId}`, { token: owner, body });

const DAY = 86_400_000;

describe('POST /orders/return-request/:orderId', () => {
  it('takes a return on day 14 in India and refuses it on day 15', async () => {
    // Delivered 14 days ago to the minute: today is day 14 in India; 15 days ago, day 15.
    const lastDay = await deliveredOrder(new Date(Date.now() - 14 * DAY));
    const inTime = await askReturn(
      lastDay.buyer.token,
      lastDay.orderId,
      returnForm({ lines: [{ item: lastDay.pouchLine, quantity: 1 }], reason: 'Damaged' }),
    );
    expect(inTime.statusCode, inTime.body).toBe(200);

    const late = await deliveredOrder(new Date(Date.now() - 15 * DAY - 60_000));
    const refused = await askReturn(
      late.buyer.token,
      late.orderId,
      returnForm({ lines: [{ item: late.pouchLine, quantity: 1 }], reason: 'Damaged' }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RETURN_MESSAGES.windowPassed);
  });

  it('keeps the request with its photos re-encoded, notes it in the history and mails both', async () => {
    const { orderId, buyer, owner, orderNumber, pouchLine } = await deliveredOrder();
    const answer = await askReturn(
      buyer.token,
      orderId,
      returnForm(
        {
          lines: [{ item: pouchLine, quantity: 2 }],
          reason: 'Damaged',
          note: 'Both pouches were torn',
        },
        [{ bytes: await photo(), name: 'torn.jpg', type: 'image/jpeg' }],
      ),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(RETURN_MESSAGES.requested);
    const [request] = answer.json().data.returns;
    expect(request).toMatchObject({
      state: 'requested',
      reason: 'Damaged',
      note: 'Both pouches were torn',
      photos: 1,
      lines: [{ item: pouchLine, name: 'Roasted Makhana 100 g', quantity: 2 }],
    });
    expect(answer.json().data.status).toBe('Return requested');
    expect(answer.json().data.history.at(-1)).toMatchObject({
      event: 'return_requested',
      by: 'customer',
      from: 'Delivered',
      to: 'Return requested',
    });

    // The photo, for the customer and the owner alike: WebP, its camera's metadata gone.
    for (const token of [buyer.token, owner]) {
      const shown = await call(api.app, 'GET', `/orders/return-photo/${request.id}/0`, { token });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/webp');
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(shown.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    const stranger = await customer(api.db);
    for (const [token, place] of [
      [stranger.token, 0],
      [buyer.token, 1],
    ] as const) {
      const hidden = await call(api.app, 'GET', `/orders/return-photo/${request.id}/${place}`, {
        token,
      });
      expect(hidden.statusCode).toBe(404);
    }

    await api.app.orders.idle();
    const mails = outbox(api.outboxDir);
    const toCustomer = mails.find(
      (m) => m.subject === `We have your return request for order ${orderNumber}`,
    );
    expect(toCustomer?.text).toContain('Roasted Makhana 100 g x 2');
    expect(toCustomer?.text).toContain('within 48 hours');
    expect(
      mails.find((m) => m.subject === `Return requested: order ${orderNumber}`)?.text,
    ).toContain('1 photo attached');

    // The same units again: refused, with how many are left.
    const again = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }], reason: 'Quality' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { field: 'lines', message: 'Roasted Makhana 100 g is returned or refunded already.' },
    ]);
  });

  it('refuses too many units, a file that is not a picture, more than 3 photos, and someone else', async () => {
    const { orderId, buyer, pouchLine } = await deliveredOrder();
    const tooMany = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 3 }], reason: 'Quality' }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors[0].message).toBe(
      'Only 2 units of Roasted Makhana 100 g can be returned.',
    );

    const notAPicture = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }], reason: 'Damaged' }, [
        { bytes: Buffer.from('%PDF-1.7 not a photo'), name: 'photo.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(notAPicture.statusCode).toBe(415);
    expect(notAPicture.json().errors).toEqual([
      { field: 'photos', message: 'Only JPEG, PNG, WebP and AVIF pictures are accepted' },
    ]);

    const bytes = await photo();
    const four = Array.from({ length: 4 }, (_, n) => ({
      bytes,
      name: `p${n}.jpg`,
      type: 'image/jpeg',
    }));
    const tooManyPhotos = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }], reason: 'Damaged' }, four),
    );
    expect(tooManyPhotos.statusCode).toBe(413);
    expect(tooManyPhotos.json().errors[0]).toEqual({
      field: 'photos',
      message: RETURN_MESSAGES.photos,
    });

    const noReason = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }] }),
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: RETURN_MESSAGES.reason }]);

    const stranger = await customer(api.db);
    const notTheirs = await askReturn(
      stranger.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }], reason: 'Damaged' }),
    );
    expect(notTheirs.statusCode).toBe(404);
    const shown = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: buyer.token,
    });
    expect(shown.json().data.returns).toEqual([]);
  });

  it("forgets an erased customer's photos and words, keeping the return's lines and steps", async () => {
    const { orderId, buyer, owner, pouchLine } = await deliveredOrder();
    const asked = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }], reason: 'Damaged', note: 'Torn' }, [
        { bytes: await photo(), name: 'torn.jpg', type: 'image/jpeg' },
      ]),
    );
    const [request] = await api.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.id, asked.json().data.returns[0].id));
    const file = path.join(api.dataDir, 'private', request!.photos[0]!);
    expect(existsSync(file)).toBe(true);

    const erased = await call(api.app, 'POST', `/users/deleteUser/${buyer.user.id}`, {
      token: owner,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(existsSync(file)).toBe(false);
    const [kept] = await api.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.id, request!.id));
    expect(kept).toMatchObject({ note: null, photos: [], state: 'requested', reason: 'Damaged' });
  });

  it('refuses an order not delivered yet', async () => {
    const buyer = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, buyer.token, [
      cartLine(pouch, 1),
    ]);
    await paySimulated(api.app, buyer.token, gatewayOrderId);
    const items = (
      await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token: buyer.token })
    ).json().data.items;
    const answer = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: items[0]._id, quantity: 1 }], reason: 'Damaged' }),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(RETURN_MESSAGES.notDelivered);
  });
});

describe("the owner's steps", () => {
  it('approves, receives and refunds exactly the returned units, with a credit note for them', async () => {
    const { orderId, buyer, owner, orderNumber, pouchLine } = await deliveredOrder();
    const asked = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: pouchLine, quantity: 1 }], reason: 'Wrong item' }),
    );
    const returnId = asked.json().data.returns[0].id as string;

    // The owner finds it among the open returns, and the dashboard counts it.
    const openReturns = async () => {
      const listed = await call(api.app, 'GET', '/orders/orderDetails?returns=open&paid=any', {
        token: owner,
      });
      const figures = await call(api.app, 'GET', '/admins/dashboard', { token: owner });
      return {
        orders: listed.json().data.map((order: { _id: string }) => order._id),
        count: figures.json().data.openReturns,
      };
    };
    expect(await openReturns()).toEqual({ orders: [orderId], count: 1 });

    // Not yet received: no refund.
    const early = await ownerStep(owner, 'return-refund', orderId, { returnId, restock: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RETURN_MESSAGES.notReceived);

    const approved = await ownerStep(owner, 'return-decision', orderId, {
      returnId,
      approve: true,
      note: 'Sorry about that',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.returns[0]).toMatchObject({
      state: 'approved',
      decisionNote: 'Sorry about that',
    });
    const twice = await ownerStep(owner, 'return-decision', orderId, {
      returnId,
      approve: false,
      note: 'No',
    });
    expect(twice.statusCode).toBe(409);

    const received = await ownerStep(owner, 'return-received', orderId, { returnId });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.returns[0].state).toBe('received');
    // Approved and received, the return still waits for the owner: so does the order.
    expect(received.json().data.status).toBe('Return requested');

    const refunded = await ownerStep(owner, 'return-refund', orderId, { returnId, restock: true });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toBe(RETURN_MESSAGES.refunded('₹149'));
    const order = refunded.json().data;
    expect(order).toMatchObject({
      status: 'Returned',
      paymentStatus: 'completed',
      refundedAmount: 149,
    });
    expect(order.history.slice(-2)).toEqual([
      expect.objectContaining({ event: 'refunded_part', from: 'Return requested' }),
      expect.objectContaining({ event: 'returned', from: 'Return requested', to: 'Returned' }),
    ]);
    expect(order.returns[0].state).toBe('refunded');
    expect(await openReturns()).toEqual({ orders: [], count: 0 });
    expect(order.refunds[0].lines).toEqual([
      expect.objectContaining({ item: pouchLine, quantity: 1, amount: 149, restocked: true }),
    ]);
    expect(await stockOf(api.db, pouch.variantId)).toBe(9);

    await api.app.orders.idle();
    const [note] = await api.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    const lines = await api.db
      .select()
      .from(taxDocumentLines)
      .where(eq(taxDocumentLines.documentId, note!.id));
    expect(lines.map((line) => [line.description, line.quantity, line.totalPaise])).toEqual([
      ['Roasted Makhana 100 g', 1, 14_900],
    ]);

    expect((await historyRows(api.db, orderId)).map((row) => row.event)).toEqual([
      'paid',
      'shipped',
      'delivered',
      'return_requested',
      'return_approved',
      'return_received',
      'refunded_part',
      'returned',
    ]);
    const subjects = outbox(api.outboxDir)
      .filter((m) => m.text.includes(orderNumber))
      .map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Your return for order ${orderNumber} is approved`,
        `We received your return for order ${orderNumber}`,
        `Your refund for order ${orderNumber}`,
      ]),
    );
    const approvedMail = outbox(api.outboxDir).find(
      (m) => m.subject === `Your return for order ${orderNumber} is approved`,
    );
    expect(approvedMail?.text).toContain('Please pack them well and send them to:');
  });

  it('refunds the shipping too when the whole order came back', async () => {
    const { orderId, buyer, owner, pouchLine, tinLine } = await deliveredOrder();
    const asked = await askReturn(
      buyer.token,
      orderId,
      returnForm({
        lines: [
          { item: pouchLine, quantity: 2 },
          { item: tinLine, quantity: 1 },
        ],
        reason: 'Quality',
      }),
    );
    const returnId = asked.json().data.returns[0].id as string;
    await ownerStep(owner, 'return-decision', orderId, { returnId, approve: true });
    await ownerStep(owner, 'return-received', orderId, { returnId });
    const refunded = await ownerStep(owner, 'return-refund', orderId, { returnId });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 547 });
    // Not put back on the shelf unless the owner says so.
    expect(await stockOf(api.db, pouch.variantId)).toBe(8);
  });

  it('rejects with a note, which the customer is mailed; the units can be asked for again', async () => {
    const { orderId, buyer, owner, orderNumber, tinLine } = await deliveredOrder();
    const asked = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: tinLine, quantity: 1 }], reason: 'Other' }),
    );
    const returnId = asked.json().data.returns[0].id as string;
    const noNote = await ownerStep(owner, 'return-decision', orderId, { returnId, approve: false });
    expect(noNote.statusCode).toBe(400);
    const rejected = await ownerStep(owner, 'return-decision', orderId, {
      returnId,
      approve: false,
      note: 'The tin was opened and half eaten',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // Nothing else waits: the order is as it was before the return.
    expect(rejected.json().data.status).toBe('Delivered');
    expect(rejected.json().data.history.at(-1)).toMatchObject({
      event: 'return_rejected',
      from: 'Return requested',
      to: 'Delivered',
    });
    await api.app.orders.idle();
    const mail = outbox(api.outboxDir).find(
      (m) => m.subject === `Your return for order ${orderNumber} was not accepted`,
    );
    expect(mail?.text).toContain('Why: The tin was opened and half eaten');
    const again = await askReturn(
      buyer.token,
      orderId,
      returnForm({ lines: [{ item: tinLine, quantity: 1 }], reason: 'Damaged' }),
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  it('takes lines by SKU, `details` for the note, and decisions by name, each finding the one return waiting', async () => {
    const { orderId, buyer, owner, pouchLine } = await deliveredOrder();
    const form = new FormData();
    form.append('lines', JSON.stringify([{ sku: pouch.sku, quantity: 1 }]));
    form.append('reason', 'Damaged');
    form.append('details', 'The pouch was torn');
    const asked = await askReturn(buyer.token, orderId, form);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.returns[0]).toMatchObject({
      lines: [{ item: pouchLine, quantity: 1 }],
      note: 'The pouch was torn',
    });
    const unknown = new FormData();
    unknown.append('lines', JSON.stringify([{ sku: 'NOT-A-SKU', quantity: 1 }]));
    unknown.append('reason', 'Damaged');
    const refused = await askReturn(buyer.token, orderId, unknown);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'lines', message: RETURN_MESSAGES.unknownLine },
    ]);

    for (const [body, field] of [
      [{}, 'decision'],
      [{ approve: true, decision: 'approve' }, 'decision'],
      [{ decision: 'later' }, 'decision'],
      [{ decision: 'reject' }, 'note'],
    ] as const) {
      const answer = await ownerStep(owner, 'return-decision', orderId, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errors[0].field).toBe(field);
    }
    const approved = await ownerStep(owner, 'return-decision', orderId, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(RETURN_MESSAGES.approved);

    // Received: the parcel is back and its units refunded, back on the shelf unless told not to.
    const received = await ownerStep(owner, 'return-decision', orderId, { decision: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().message).toBe(RETURN_MESSAGES.refunded('₹149'));
    expect(received.json().data).toMatchObject({
      refundedAmount: 149,
      returns: [{ state: 'refunded' }],
    });
    expect(await stockOf(api.db, pouch.variantId)).toBe(9);

    const nothingWaits = await ownerStep(owner, 'return-decision', orderId, {
      decision: 'approve',
    });
    expect(nothingWaits.statusCode).toBe(409);
    expect(nothingWaits.json().message).toBe(RETURN_MESSAGES.notRequested);
  });

  it('asks which return when two wait for the same step, and 404 when the order has none', async () => {
    const { orderId, buyer, owner, pouchLine, tinLine } = await deliveredOrder();
    const none = await ownerStep(owner, 'return-decision', orderId, { decision: 'approve' });
    expect(none.statusCode).toBe(404);
    for (const item of [pouchLine, tinLine]) {
      const asked = await askReturn(
        buyer.token,
        orderId,
        returnForm({ lines: [{ item, quantity: 1 }], reason: 'Quality' }),
      );
      expect(asked.statusCode, asked.body).toBe(200);
    }
    const which = await ownerStep(owner, 'return-decision', orderId, { decision: 'approve' });
    expect(which.statusCode).toBe(409);
    expect(which.json().message).toBe(RETURN_MESSAGES.whichReturn);

    // One rejected, the other still waits: the order stays "Return requested" until it is not.
    const shown = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: owner,
    });
    const [first, second] = shown.json().data.returns as { id: string }[];
    const reject = (returnId: string) =>
      ownerStep(owner, 'return-decision', orderId, {
        returnId,
        decision: 'reject',
        note: 'Opened',
      });
    expect((await reject(first!.id)).json().data.status).toBe('Return requested');
    expect((await reject(second!.id)).json().data.status).toBe('Delivered');
  });

  it('is the owner’s alone, and answers 404 for a return of another order', async () => {
    const first = await deliveredOrder();
    const second = await deliveredOrder();
    const asked = await askReturn(
      first.buyer.token,
      first.orderId,
      returnForm({ lines: [{ item: first.pouchLine, quantity: 1 }], reason: 'Damaged' }),
    );
    const returnId = asked.json().data.returns[0].id as string;
    const byCustomer = await ownerStep(first.buyer.token, 'return-decision', first.orderId, {
      returnId,
      approve: true,
    });
    expect(byCustomer.statusCode).toBe(401);
    const elsewhere = await ownerStep(first.owner, 'return-decision', second.orderId, {
      returnId,
      approve: true,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(RETURN_MESSAGES.notFound);
  });
});
