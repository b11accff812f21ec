/**
 * `transition`, event by event: each move writes its state, one history row saying what happened
 * and who did it, its stock move, and one outbox row per consequence, in one transaction; a
 * refused event and a move that changes nothing write none of them.
 */
import {
  NEW_ORDER,
  type OrderEvent,
  type OrderMove,
  type OrderState,
} from '@makhana/domain/order-state';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, stockReservations } from '../../../db/schema';
import { ConflictError } from '../../../lib/errors';
import { useTestApp } from '../../../test/app';
import {
  customer,
  historyRows,
  insertOrderRow,
  insertProduct,
  queuedConsequences,
  stockOf,
} from '../../../test/order-fixtures';
import { lockOrder, transition } from './state-changes';

const api = useTestApp({ owner: true });

const CONFIRMED: OrderState = {
  status: 'Confirmed',
  paymentStatus: 'completed',
  needsRefund: false,
};
const SHIPPED: OrderState = { ...CONFIRMED, status: 'Shipped' };
const FAILED: OrderState = { status: 'Cancelled', paymentStatus: 'failed', needsRefund: false };
const SOLD_OUT: OrderState = { status: 'Cancelled', paymentStatus: 'completed', needsRefund: true };

interface Case {
  from: OrderState;
  event: OrderEvent;
  move: OrderMove;
  to: OrderState;
  by: 'customer' | 'owner' | 'gateway' | 'system';
  /** the consequences the move queues, as topic/handler, all in one outbox row */
  consequences: string[];
  /** what becomes of the order's one reservation (held before the move as `reservation`) */
  reservation: { before: 'active' | 'committed' | 'released'; after: string };
  /** the shelf's units of the weight after the move; it starts at 10 with 2 in the order */
  shelf: number;
}

const cases: Case[] = [
  {
    from: NEW_ORDER,
    event: { type: 'payment_captured', stockAvailable: true },
    move: 'paid',
    to: CONFIRMED,
    by: 'gateway',
    consequences: ['order.paid/customer-mail', 'order.paid/invoice', 'order.paid/owner-mail'],
    reservation: { before: 'active', after: 'committed' },
    shelf: 8,
  },
  {
    from: NEW_ORDER,
    event: { type: 'payment_captured', stockAvailable: false },
    move: 'paid_sold_out',
    to: SOLD_OUT,
    by: 'gateway',
    consequences: ['order.paid_sold_out/customer-mail', 'order.paid_sold_out/owner-mail'],
    reservation: { before: 'active', after: 'released' },
    shelf: 10,
  },
  {
    from: NEW_ORDER,
    event: { type: 'payment_failed' },
    move: 'failed',
    to: FAILED,
    by: 'customer',
    consequences: [],
    reservation: { before: 'active', after: 'released' },
    shelf: 10,
  },
  {
    from: NEW_ORDER,
    event: { type: 'expired' },
    move: 'expired',
    to: FAILED,
    by: 'system',
    consequences: [],
    reservation: { before: 'active', after: 'released' },
    shelf: 10,
  },
  {
    from: NEW_ORDER,
    event: { type: 'cancelled_by_owner' },
    move: 'cancelled',
    to: FAILED,
    by: 'owner',
    consequences: [],
    reservation: { before: 'active', after: 'released' },
    shelf: 10,
  },
  {
    from: CONFIRMED,
    event: { type: 'shipped' },
    move: 'shipped',
    to: SHIPPED,
    by: 'owner',
    consequences: ['order.shipped/customer-mail'],
    reservation: { before: 'committed', after: 'committed' },
    shelf: 10,
  },
  {
    from: SHIPPED,
    event: { type: 'delivered' },
    move: 'delivered',
    to: { ...CONFIRMED, status: 'Delivered' },
    by: 'owner',
    consequences: ['order.delivered/customer-mail'],
    reservation: { before: 'committed', after: 'committed' },
    shelf: 10,
  },
  {
    from: CONFIRMED,
    event: { type: 'refunded' },
    move: 'refunded',
    to: { status: 'Cancelled', paymentStatus: 'refunded', needsRefund: false },
    by: 'owner',
    // The refund that makes this move queues its own consequences (`refund.made`), a part or all.
    consequences: [],
    reservation: { before: 'committed', after: 'released' },
    shelf: 12,
  },
];

/** An order in `state` holding two units of a fresh weight, as `reservation` says. */
async function orderIn(state: OrderState, reservation: Case['reservation']['before']) {
  const { user } = await customer(api.db);
  const [variant] = await insertProduct(api.db, {
    variants: [{ weight: 250, price: 449, stock: 10 }],
  });
  const row = await insertOrderRow(api.db, user.id, 89_800, {
    ...state,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  await api.db.insert(stockReservations).values({
    orderId: row.id,
    variantId: variant!.variantId,
    quantity: 2,
    status: reservation,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  return { orderId: row.id, userId: user.id, variantId: variant!.variantId };
}

describe('transition', () => {
  it.each(cases)('$move: writes the state, one history row and its consequences', async (c) => {
    const { orderId, userId, variantId } = await orderIn(c.from, c.reservation.before);
    const actor = { by: c.by, id: c.by === 'customer' ? userId : null };
    // The outbox rows are read inside the move's transaction: once it commits they are carried
    // out and leave.
    const [moved, queued] = await api.app.orders.context.db.transaction(async (tx) => {
      const order = await lockOrder(tx, { id: orderId });
      const done = await transition(tx, order!, c.event, { actor, note: 'why' });
      return [done, await tx.select().from(outbox).where(eq(outbox.orderId, orderId))] as const;
    });

    expect(moved.moved).toBe(true);
    expect(moved.order).toMatchObject(c.to);
    const [history, ...more] = await historyRows(api.db, orderId);
    expect(more).toEqual([]);
    expect(history).toMatchObject({
      event: c.move,
      fromStatus: c.from.status,
      toStatus: c.to.status,
      actor: c.by,
      actorId: actor.id,
      note: 'why',
    });
    expect(queued.length).toBe(c.consequences.length > 0 ? 1 : 0);
    expect(queued.flatMap((row) => row.handlers.map((h) => `${row.topic}/${h}`)).sort()).toEqual(
      c.consequences,
    );
    for (const row of queued) expect(row.historyId).toBe(history!.id);

    const [reservation] = await api.db
      .select({ status: stockReservations.status })
      .from(stockReservations)
      .where(eq(stockReservations.orderId, orderId));
    expect(reservation!.status).toBe(c.reservation.after);
    expect(await stockOf(api.db, variantId)).toBe(c.shelf);
    // The consequences were carried out after the commit, and left the outbox.
    await api.app.orders.idle();
    expect(await queuedConsequences(api.db, orderId)).toEqual([]);
  });

  it('writes nothing for a move that changes nothing, and refuses one the state machine forbids', async () => {
    const { orderId } = await orderIn(CONFIRMED, 'committed');
    const again = await api.app.orders.context.db.transaction(async (tx) =>
      transition(
        tx,
        (await lockOrder(tx, { id: orderId }))!,
        { type: 'expired' },
        {
          actor: { by: 'system' },
        },
      ),
    );
    expect(again.moved).toBe(false);

    const refused = api.app.orders.context.db.transaction(async (tx) =>
      transition(
        tx,
        (await lockOrder(tx, { id: orderId }))!,
        { type: 'delivered' },
        {
          actor: { by: 'owner' },
          refused: 'Not now.',
        },
      ),
    );
    await expect(refused).rejects.toThrow(new ConflictError('Not now.'));
    expect(await historyRows(api.db, orderId)).toEqual([]);
    expect(await queuedConsequences(api.db, orderId)).toEqual([]);
  });
});
