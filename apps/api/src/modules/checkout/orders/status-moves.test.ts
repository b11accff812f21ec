import type { Order } from '@makhana/domain/orders';
import { MESSAGES } from '@makhana/domain/validation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL } from '../../../config/config';
import { admins } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import {
  ADDRESS,
  orderRow,
  outbox,
  ownerMoves,
  ownerToken,
  queuedConsequences,
  simulatedOrder,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { statusMoveRefused } from './state-changes';
import { ORDER_MARKED } from './status-moves';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
  poolSize: 4,
});

const MISSING = '00000000-0000-4000-8000-00000000abcd';
const SHIP = {
  status: 'Shipped',
  trackingNumber: 'DL12345678',
  trackingUrl: 'https://track.example.in/DL12345678',
};

function move(token: string | undefined, orderId: string, body: object) {
  return call(api.app, 'POST', `/orders/update-status/${orderId}`, { token, body });
}

/** The customer's mails about an order's moves, once every background send is done. */
async function statusMails(orderId: string) {
  await api.app.orders.idle();
  return outbox(api.outboxDir).filter(
    (m) =>
      m.to === ADDRESS.email &&
      m.text.includes(`/order-status/${orderId}`) &&
      !m.subject.startsWith('Order confirmed'),
  );
}

describe('POST /orders/update-status/:orderId', () => {
  it('is for the owner only: a visitor or a customer is refused and nothing changes', async () => {
    const { orderId, token } = await simulatedOrder(api);
    for (const caller of [undefined, token]) {
      const response = await move(caller, orderId, SHIP);
      expect(response.statusCode).toBe(401);
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({
      status: 'Confirmed',
      trackingNumber: null,
    });
    expect(await ownerMoves(api.db, orderId)).toEqual([]);
  });

  it('ships a paid order with its tracking, then delivers it; records and mails each move', async () => {
    const before = outbox(api.outboxDir).length;
    const { orderId, token } = await simulatedOrder(api);
    const owner = await ownerToken(api.app);
    const [account] = await api.db.select().from(admins).where(eq(admins.email, DEV_ADMIN_EMAIL));

    const shipped = await move(owner, orderId, SHIP);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ success: true, message: 'Order marked as shipped' });
    expect(shipped.json().data).toMatchObject({
      _id: orderId,
      status: 'Shipped',
      paymentStatus: 'completed',
      trackingNumber: SHIP.trackingNumber,
      trackingUrl: SHIP.trackingUrl,
    });

    // The customer sees Shipped and the tracking in both of their order views.
    const one = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    const mine = await call(api.app, 'GET', '/orders/orderDetails', { token });
    for (const order of [one.json().data, mine.json().data[0]] as Order[]) {
      expect(order).toMatchObject({
        _id: orderId,
        status: 'Shipped',
        trackingNumber: SHIP.trackingNumber,
        trackingUrl: SHIP.trackingUrl,
      });
    }

    const [shippedMail, ...rest] = await statusMails(orderId);
    expect(rest).toEqual([]);
    const { orderNumber } = shipped.json().data as Order;
    expect(shippedMail!.subject).toBe(`Your order ${orderNumber} has shipped`);
    expect(shippedMail!.text).toContain(`Tracking number: ${SHIP.trackingNumber}`);
    expect(shippedMail!.text).toContain(`Track your parcel: ${SHIP.trackingUrl}`);
    expect(shippedMail!.text).toContain(`/order-status/${orderId}`);

    // Delivered keeps the tracking given when it shipped, whatever the body says.
    const delivered = await move(owner, orderId, { status: 'Delivered', trackingNumber: 'other' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().message).toBe(ORDER_MARKED.Delivered);
    expect(delivered.json().data).toMatchObject({
      status: 'Delivered',
      trackingNumber: SHIP.trackingNumber,
      trackingUrl: SHIP.trackingUrl,
    });
    const { history } = delivered.json().data as Order;
    expect(history).toEqual([
      {
        event: 'paid',
        by: 'gateway',
        from: 'Pending',
        to: 'Confirmed',
        at: expect.any(String),
        trackingNumber: null,
        trackingUrl: null,
        note: null,
      },
      {
        event: 'shipped',
        by: 'owner',
        from: 'Confirmed',
        to: 'Shipped',
        at: expect.any(String),
        trackingNumber: SHIP.trackingNumber,
        trackingUrl: SHIP.trackingUrl,
        note: null,
      },
      {
        event: 'delivered',
        by: 'owner',
        from: 'Shipped',
        to: 'Delivered',
        at: expect.any(String),
        trackingNumber: SHIP.trackingNumber,
        trackingUrl: SHIP.trackingUrl,
        note: null,
      },
    ]);
    // The customer reads the same history.
    const theirs = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(theirs.json().data.history).toEqual(history);
    const mails = await statusMails(orderId);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order ${orderNumber} has shipped`,
      `Your order ${orderNumber} was delivered`,
    ]);
    // confirmation, owner's notice, and the two moves
    expect(outbox(api.outboxDir)).toHaveLength(before + 4);

    const events = await ownerMoves(api.db, orderId);
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: 'Confirmed',
        toStatus: 'Shipped',
        actorId: account!.id,
        trackingNumber: SHIP.trackingNumber,
        trackingUrl: SHIP.trackingUrl,
      }),
      expect.objectContaining({
        fromStatus: 'Shipped',
        toStatus: 'Delivered',
        actorId: account!.id,
      }),
    ]);
    // Each move's mail went out as its consequence: none is left to do.
    expect(await queuedConsequences(api.db, orderId)).toEqual([]);
    expect(events[0]!.createdAt.getTime()).toBeLessThanOrEqual(events[1]!.createdAt.getTime());
  });

  it('ships without a tracking link, which stays empty', async () => {
    const { orderId } = await simulatedOrder(api);
    const shipped = await move(await ownerToken(api.app), orderId, {
      status: 'Shipped',
      trackingNumber: ' DL1 ',
      trackingUrl: '',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ trackingNumber: 'DL1', trackingUrl: null });
    const [mail] = await statusMails(orderId);
    expect(mail!.text).toContain('Tracking number: DL1');
    expect(mail!.text).not.toContain('Track your parcel');
  });

  it('refuses every other move with a 409 naming it, and changes nothing', async () => {
    const owner = await ownerToken(api.app);
    const pending = await simulatedOrder(api, { paid: false });
    const cancelled = await simulatedOrder(api, { paid: false });
    const failed = await call(api.app, 'POST', '/orders/mark-failed', {
      token: cancelled.token,
      body: { orderId: cancelled.orderId },
    });
    expect(failed.statusCode).toBe(200);
    const confirmed = await simulatedOrder(api);
    const delivered = await simulatedOrder(api);
    expect((await move(owner, delivered.orderId, SHIP)).statusCode).toBe(200);
    expect((await move(owner, delivered.orderId, { status: 'Delivered' })).statusCode).toBe(200);
    await api.app.orders.idle();
    const mailsBefore = outbox(api.outboxDir).length;

    const refused = [
      [pending.orderId, SHIP, 'Pending', 'Shipped'],
      [pending.orderId, { status: 'Delivered' }, 'Pending', 'Delivered'],
      [cancelled.orderId, SHIP, 'Cancelled', 'Shipped'],
      // skipping Shipped
      [confirmed.orderId, { status: 'Delivered' }, 'Confirmed', 'Delivered'],
      // back, and again
      [delivered.orderId, SHIP, 'Delivered', 'Shipped'],
      [delivered.orderId, { status: 'Delivered' }, 'Delivered', 'Delivered'],
    ] as const;
    for (const [orderId, body, from, to] of refused) {
      const before = await orderRow(api.db, orderId);
      const response = await move(owner, orderId, body);
      expect(response.statusCode, `${from} to ${to}`).toBe(409);
      expect(response.json().message).toBe(statusMoveRefused(from, to));
      expect(await orderRow(api.db, orderId)).toEqual(before);
    }
    expect(statusMoveRefused('Pending', 'Shipped')).toBe(
      'An order that is Pending cannot be marked as Shipped.',
    );
    expect(await ownerMoves(api.db, pending.orderId)).toEqual([]);
    expect(await ownerMoves(api.db, cancelled.orderId)).toEqual([]);
    expect(await ownerMoves(api.db, confirmed.orderId)).toEqual([]);
    expect(await ownerMoves(api.db, delivered.orderId)).toHaveLength(2);
    await api.app.orders.idle();
    expect(outbox(api.outboxDir)).toHaveLength(mailsBefore);
  });

  it('needs a tracking number to ship, and takes only an http(s) tracking link', async () => {
    const { orderId } = await simulatedOrder(api);
    const owner = await ownerToken(api.app);
    const cases: [object, string][] = [
      [{ status: 'Shipped' }, `trackingNumber: ${MESSAGES.trackingNumberRequired}`],
      [
        { status: 'Shipped', trackingNumber: '   ' },
        `trackingNumber: ${MESSAGES.trackingNumberRequired}`,
      ],
      [{ ...SHIP, trackingUrl: 'javascript:alert(1)' }, `trackingUrl: ${MESSAGES.trackingUrl}`],
      [
        { ...SHIP, trackingUrl: 'ftp://track.example.in/1' },
        `trackingUrl: ${MESSAGES.trackingUrl}`,
      ],
      [{ ...SHIP, trackingUrl: 'track.example.in/1' }, `trackingUrl: ${MESSAGES.trackingUrl}`],
      [{ ...SHIP, trackingUrl: 'https://exa mple.in' }, `trackingUrl: ${MESSAGES.trackingUrl}`],
      [
        { ...SHIP, trackingUrl: `https://track.example.in/${'a'.repeat(2000)}` },
        'trackingUrl: Must be at most 2000 characters',
      ],
      [
        { ...SHIP, trackingNumber: '9'.repeat(101) },
        'trackingNumber: Must be at most 100 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await move(owner, orderId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (const status of ['Cancelled', 'Pending', 'Confirmed', 'shipped', '']) {
      const response = await move(owner, orderId, { ...SHIP, status });
      expect(response.statusCode, status).toBe(400);
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    expect(await ownerMoves(api.db, orderId)).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const owner = await ownerToken(api.app);
    for (const orderId of [MISSING, 'not-an-id']) {
      const response = await move(owner, orderId, SHIP);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Order not found');
    }
  });

  it('lets only one of several concurrent moves from the same state succeed', async () => {
    const { orderId } = await simulatedOrder(api);
    // Two owner sessions, each sending moves at once: the row lock lets exactly one through.
    const tokens = [await ownerToken(api.app), await ownerToken(api.app)];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        move(tokens[i % 2], orderId, { ...SHIP, trackingNumber: `DL${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(statusMoveRefused('Shipped', 'Shipped'));
    }
    const winner = answers.find((a) => a.statusCode === 200)!.json().data as Order;
    const events = await ownerMoves(api.db, orderId);
    expect(events).toHaveLength(1);
    expect(events[0]!.trackingNumber).toBe(winner.trackingNumber);
    expect((await orderRow(api.db, orderId)).trackingNumber).toBe(winner.trackingNumber);
    expect(await statusMails(orderId)).toHaveLength(1);
  });
});
