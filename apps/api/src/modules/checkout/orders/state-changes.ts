/**
 * Every change of an order's state after checkout goes through `transition` (decision 008): it
 * applies the domain's state machine to an order the caller has locked, and in one statement
 * writes the new state, the move's row in the order's history, the stock's move through the
 * reservations module, and one outbox row per consequence (decision 028). The transaction is
 * marked with what it changed, so the catalogue's cache is dropped and the consequences start
 * once it commits. The entry points (a capture from verify, the webhook or the simulated window;
 * a failure; mark-failed; the expiry sweep; the owner's moves and refunds) only find and lock the
 * order and name the event and who made it.
 */

import { randomUUID } from 'node:crypto';
import {
  InvalidOrderTransition,
  isPaid,
  isSale,
  moveOf,
  type OrderActor,
  type OrderEvent,
  type OrderMove,
  type OrderState,
  type OrderStatus,
  type OwnerStatusMove,
  ownerMoveEvent,
  stateAfter,
  stockMoveOf,
} from '@makhana/domain/order-state';
import { OPEN_RETURN_STATES } from '@makhana/domain/returns';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { markChanged } from '../../../db/after-commit';
import type { Transaction } from '../../../db/client';
import { parsedJson, type RawRow, rawRows, tableRow } from '../../../db/raw';
import {
  extraPayments,
  orderItems,
  orderStatusEvents,
  orders,
  returnRequests,
} from '../../../db/schema';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { catalogueChanged, reviewedBy } from '../../catalogue';
import { enqueue, enqueueWith, type OutboxRow } from '../outbox/outbox';
import {
  commitReservationsWith,
  freeStockOf,
  liveHold,
  lockVariantsOfOrder,
  releaseWith,
  restockSold,
} from '../stock/reservations';
import { consequencesOf, type Due } from './consequences';
import type { OrderContext } from './context';
import {
  ORDER_NOT_FOUND,
  type OrderItemRow,
  type OrderRead,
  type OrderRow,
  toOrderView,
} from './service';

/** The topic after-commit hooks deliver outbox rows under. */
export const OUTBOX_QUEUED = 'outbox';
/** The after-commit topic of every move an order made, with the move's name: what the metrics count. */
export const ORDER_MOVED = 'moves';

declare const locked: unique symbol;
/** An order row read with `FOR UPDATE` in the transaction at hand: only such a row can move. */
export type LockedOrder = OrderRow & { readonly [locked]: true };

function stateOf(row: OrderRow): OrderState {
  return { status: row.status, paymentStatus: row.paymentStatus, needsRefund: row.needsRefund };
}

function sameState(a: OrderState, b: OrderState): boolean {
  return (
    a.status === b.status && a.paymentStatus === b.paymentStatus && a.needsRefund === b.needsRefund
  );
}

/** Finds and locks one order (`SELECT ... FOR UPDATE`); null when none matches. */
export async function lockOrder(
  tx: Transaction,
  where: { id?: string; gatewayOrderId?: string; userId?: string },
): Promise<LockedOrder | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        where.id ? eq(orders.id, where.id) : undefined,
        where.gatewayOrderId ? eq(orders.gatewayOrderId, where.gatewayOrderId) : undefined,
        where.userId ? eq(orders.userId, where.userId) : undefined,
      ),
    )
    .for('update', { of: orders });
  return (row as LockedOrder | undefined) ?? null;
}

/** Who made a move: the kind of actor, and the account when a person made it. */
export interface MoveBy {
  by: OrderActor;
  id?: string | null;
}

export interface MoveDetails {
  actor: MoveBy;
  /** the owner's reason, kept in the history */
  note?: string | null;
  /** other columns of the order written with its new state */
  alongside?: PgUpdateSetSource<typeof orders>;
  /** a shipment's tracking: the order's and its history row's */
  tracking?: { trackingNumber: string | null; trackingUrl: string | null };
  /** the message of the 409 when the state machine refuses the event */
  refused?: string;
  /** the order's lines, when the caller read them: its consequences then need no read of their own */
  items?: OrderItemRow[];
  /**
   * The caller knows the move changes nothing the catalogue shows, though it moves stock: a sale
   * out of the order's own standing hold (the shelf and the holds lose the same units) to a
   * buyer who reviewed none of its products. The catalogue's cache is then left alone.
   */
  catalogueUnaffected?: boolean;
}

export interface Moved {
  order: OrderRow;
  /** false when the event left the state as it was: nothing was written */
  moved: boolean;
}

export const ORDER_CANNOT_CHANGE = 'This order cannot be changed now.';

/**
 * Applies `event` to a locked order. A refused event is a 409 and writes nothing; an event that
 * leaves the state as it is (a second report of a capture, a failure after a payment) writes
 * nothing either.
 */
export async function transition(
  tx: Transaction,
  order: LockedOrder,
  event: OrderEvent,
  details: MoveDetails,
): Promise<Moved> {
  const from = stateOf(order);
  let next: OrderState;
  try {
    next = stateAfter(from, event);
  } catch (error) {
    if (error instanceof InvalidOrderTransition) {
      throw new ConflictError(details.refused ?? ORDER_CANNOT_CHANGE);
    }
    throw error;
  }
  if (sameState(from, next)) return { order, moved: false };

  const move = moveOf(event, next);
  const stock = stockMoveOf(from, next);
  // Putting sold units back locks their variants first, in sku order like every other writer.
  if (stock === 'restock') await restockSold(tx, order.id);

  const historyId = randomUUID();
  // A delivery keeps the tracking its shipment was given.
  const tracking =
    details.tracking ??
    (move === 'delivered'
      ? { trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl }
      : { trackingNumber: null, trackingUrl: null });
  const consequences = consequencesOf(`order.${move}`, order.id, { historyId });
  const writes = [
    stock === 'sell' ? commitReservationsWith(order.id) : null,
    stock === 'release' ? releaseWith(order.id) : null,
    sql`${sql.identifier('history')} as (
      insert into order_status_events (id, order_id, event, from_status, to_status, actor,
        actor_id, tracking_number, tracking_url, note)
      values (${historyId}, ${order.id}, ${move}, ${from.status}, ${next.status},
        ${details.actor.by}, ${details.actor.id ?? null}, ${tracking.trackingNumber},
        ${tracking.trackingUrl}, ${details.note ?? null}))`,
    enqueueWith('consequences', consequences),
  ].filter((write): write is SQL => write !== null);
  const written = await writeState(
    tx,
    order.id,
    next,
    { ...details.alongside, ...details.tracking },
    sql.join(writes, sql`, `),
  );

  markChanged(tx, ORDER_MOVED, move);
  if (consequences.length > 0) {
    const read: OrderRead | undefined = details.items
      ? { row: written, view: toOrderView(written, details.items) }
      : undefined;
    markChanged(tx, OUTBOX_QUEUED, ...consequences.map((row): Due => ({ row, order: read })));
  }
  // Free stock moved, or a review's author became or stopped being a verified buyer.
  const catalogueMoved = stock !== 'none' || isSale(from) !== isSale(next);
  if (catalogueMoved && !details.catalogueUnaffected) catalogueChanged(tx);
  return { order: written, moved: true };
}

/**
 * Notes in a locked order's history something that leaves its state as it is (a part refunded, a
 * return's step): its row, from and to the same status.
 */
export async function noteInHistory(
  tx: Transaction,
  order: LockedOrder,
  note: { event: OrderMove; actor: MoveBy; note?: string | null },
): Promise<void> {
  await tx.insert(orderStatusEvents).values({
    orderId: order.id,
    event: note.event,
    fromStatus: order.status,
    toStatus: order.status,
    actor: note.actor.by,
    actorId: note.actor.id ?? null,
    note: note.note ?? null,
  });
}

/** A return's step, as the order's history names it. */
export type ReturnStep =
  | 'return_requested'
  | 'return_approved'
  | 'return_rejected'
  | 'return_received'
  | 'returned';

/**
 * A return's step on a locked order, after its return's row was written in the same
 * transaction: the order is "Return requested" while any of its returns waits for the owner;
 * once none does, "Returned" when any was refunded, else "Delivered" again. A step that moves the
 * status is that move in the history; one that does not is a note (none for a refund while other
 * returns still wait: the refund notes itself).
 */
export async function returnStepInTx(
  tx: Transaction,
  order: LockedOrder,
  step: { event: ReturnStep; actor: MoveBy; note?: string | null },
): Promise<void> {
  const states = (
    await tx
      .select({ state: returnRequests.state })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id))
  ).map((row) => row.state);
  const open = states.some((state) => (OPEN_RETURN_STATES as readonly string[]).includes(state));
  const refunded = states.includes('refunded');
  const event: OrderEvent | null =
    step.event === 'return_requested'
      ? { type: 'return_requested' }
      : open || order.status !== 'Return requested'
        ? null
        : step.event === 'returned'
          ? { type: 'returned' }
          : step.event === 'return_rejected'
            ? { type: 'return_rejected', returnedBefore: refunded }
            : null;
  const details = { actor: step.actor, note: step.note ?? null };
  const moved = event !== null && (await transition(tx, order, event, details)).moved;
  if (!moved && step.event !== 'returned') await noteInHistory(tx, order, step);
}

/** Queues consequences that follow no move (a second payment), delivered after the commit. */
export async function queueConsequences(tx: Transaction, rows: OutboxRow[]): Promise<void> {
  await enqueue(tx, rows);
  if (rows.length > 0) markChanged(tx, OUTBOX_QUEUED, ...rows.map((row): Due => ({ row })));
}

export type CaptureOutcome =
  /** paid and sold: reservations committed, stock taken off the shelf */
  | 'confirmed'
  /** paid, but the stock is gone: cancelled and flagged for a refund */
  | 'refund_needed'
  /** the same payment was settled before: nothing changed */
  | 'already_paid'
  /** the order was paid by another payment already: this one must be refunded */
  | 'duplicate_capture'
  /** the captured amount is not the order's total: nothing changed */
  | 'amount_mismatch';

export interface CaptureResult {
  orderId: string;
  outcome: CaptureOutcome;
}

export interface Capture {
  gatewayOrderId: string;
  paymentId: string;
  /** what the gateway captured, in paise; null when the caller checked it already */
  amountPaise: number | null;
}

/**
 * Settles a capture inside the caller's transaction (verify, the webhook and the simulated window
 * all come here). The stock is still there when the order's own reservations are active and
 * unexpired; after expiry or a cancellation, when the shelf still has enough free units, which
 * are then held again and sold. Returns null when no order has that gateway order id (and, when
 * `payerId` is given, that customer). A second payment for a paid order is a `duplicate_capture`:
 * recorded as an extra payment to refund, and the owner mailed, unless the caller refuses it
 * before any money moves (the simulated window, `refusesSecondPayment`).
 */
export async function settleCaptureInTx(
  tx: Transaction,
  capture: Capture,
  options: { payerId?: string; refusesSecondPayment?: boolean } = {},
): Promise<CaptureResult | null> {
  const order = await lockOrder(tx, {
    gatewayOrderId: capture.gatewayOrderId,
    userId: options.payerId,
  });
  if (!order) return null;
  const result = (outcome: CaptureOutcome): CaptureResult => ({ orderId: order.id, outcome });

  if (isPaid(order)) {
    if (order.transactionId === capture.paymentId) return result('already_paid');
    if (options.refusesSecondPayment) return result('duplicate_capture');
    // Whatever its amount, the money was taken and must go back: kept as a payment to refund.
    // Verify and the webhook may both report it; the first records it and tells the owner.
    const recorded = await tx
      .insert(extraPayments)
      .values({
        orderId: order.id,
        paymentId: capture.paymentId,
        amountPaise: capture.amountPaise ?? order.totalAmountPaise,
      })
      .onConflictDoNothing({ target: extraPayments.paymentId })
      .returning({ id: extraPayments.id });
    if (recorded.length > 0) {
      await queueConsequences(
        tx,
        consequencesOf('payment.second_capture', order.id, {
          payload: { paymentId: capture.paymentId },
        }),
      );
    }
    return result('duplicate_capture');
  }
  if (capture.amountPaise !== null && capture.amountPaise !== order.totalAmountPaise) {
    return result('amount_mismatch');
  }

  const { stockAvailable, ownHoldStood, reviewed, items } = await canStillShip(tx, order);
  const { order: paid } = await transition(
    tx,
    order,
    { type: 'payment_captured', stockAvailable },
    {
      actor: { by: 'gateway' },
      alongside: { transactionId: capture.paymentId, paidAt: sql`now()` },
      items,
      catalogueUnaffected: stockAvailable && ownHoldStood && !reviewed,
    },
  );
  return result(paid.status === 'Confirmed' ? 'confirmed' : 'refund_needed');
}

/**
 * Whether every line of a paid order can still ship; locks the variant rows its reservations
 * name, in the statement that reads its lines and reservations. Those change only with the order
 * row, which the caller holds locked, so the statement's snapshot, taken before any wait for the
 * variants, still shows them as they are.
 */
async function canStillShip(
  tx: Transaction,
  order: OrderRow,
): Promise<{
  stockAvailable: boolean;
  /** its own holds still stood: a sale takes the same units off the shelf and out of the holds */
  ownHoldStood: boolean;
  /** its buyer reviewed one of its products, whose verified-buyer mark a sale changes */
  reviewed: boolean;
  items: OrderItemRow[];
}> {
  const locked = sql.identifier('locked');
  const [figures] = await rawRows(
    tx,
    sql`with ${locked} as (${lockVariantsOfOrder(order.id)})
        select
          (select json_agg(i order by i.position, i.id) from order_items i
            where i.order_id = ${order.id}) as items,
          (select json_agg(json_build_array(r.variant_id, r.quantity)) from stock_reservations r
            where r.order_id = ${order.id}) as reservations,
          (select count(*)::int from stock_reservations r where r.order_id = ${order.id}
            and ${liveHold()}) as "stillHeld",
          ${reviewedBy(sql`${order.userId}`, sql`select i.product_id from order_items i where i.order_id = ${order.id}`)} as reviewed,
          (select json_agg(json_build_array(l.id, l.stock)) from ${locked} l) as variants`,
  );
  const items = parsedJson<RawRow[]>(figures?.items, []).map((i) => tableRow(orderItems, i));
  const reviewed = figures?.reviewed === true;
  const answer = (stockAvailable: boolean, ownHoldStood = false) => ({
    stockAvailable,
    ownHoldStood,
    reviewed,
    items,
  });
  const reservations = parsedJson<[string, number][]>(figures?.reservations, []);
  // A line whose variant was deleted has lost its reservation with it: it cannot ship.
  const held = new Map<string, number>();
  for (const [variantId, quantity] of reservations) {
    held.set(variantId, (held.get(variantId) ?? 0) + quantity);
  }
  if (items.length === 0) return answer(false);
  for (const { variantId, quantity } of items) {
    if (!variantId || held.get(variantId) !== quantity) return answer(false);
  }

  const variants = parsedJson<[string, number][]>(figures?.variants, []).map(([id, stock]) => ({
    id,
    stock,
  }));
  if (variants.length !== held.size) return answer(false);

  if (Number(figures?.stillHeld ?? 0) === reservations.length) {
    // Its own hold stands: the units are its own unless the shelf itself shrank.
    return answer(
      variants.every((v) => v.stock >= (held.get(v.id) ?? 0)),
      true,
    );
  }
  const free = await freeStockOf(tx, variants, order.id);
  return answer(variants.every((v) => (free.get(v.id) ?? 0) >= (held.get(v.id) ?? 0)));
}

/**
 * The one writer of an order's status, payment status and refund flag, for `transition`: the
 * new state with whatever changes alongside it (other columns of the order), and `writes`
 * (data-modifying CTEs of other tables) in the same statement.
 */
async function writeState(
  tx: Transaction,
  orderId: string,
  next: OrderState,
  alongside: PgUpdateSetSource<typeof orders> = {},
  writes?: SQL,
): Promise<OrderRow> {
  const update = tx
    .update(orders)
    .set({
      status: next.status,
      paymentStatus: next.paymentStatus,
      needsRefund: next.needsRefund,
      ...alongside,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!writes) {
    const [written] = await update;
    return written!;
  }
  // The builder's own SQL: embedded as a builder, it would be put in parentheses.
  const [written] = await rawRows(tx, sql`with ${writes} ${update.getSQL()}`);
  return tableRow(orders, written!);
}

/** What the logs must say of a capture that did not simply become a sale. */
export function logCapture(
  ctx: Pick<OrderContext, 'log'>,
  result: CaptureResult | null,
  capture: Capture,
): void {
  if (result?.outcome === 'refund_needed') {
    ctx.log.warn({ orderId: result.orderId }, 'payment captured for an order that cannot ship');
  } else if (result?.outcome === 'duplicate_capture') {
    ctx.log.error(
      { orderId: result.orderId, paymentId: capture.paymentId },
      'second payment captured for a paid order',
    );
  } else if (result?.outcome === 'amount_mismatch') {
    ctx.log.error(
      { orderId: result.orderId, paymentId: capture.paymentId, amount: capture.amountPaise },
      'captured amount differs from the order total',
    );
  }
}

/** Settles a capture in its own transaction. */
export async function settleCapture(
  ctx: OrderContext,
  capture: Capture,
): Promise<CaptureResult | null> {
  const result = await ctx.db.transaction((tx) => settleCaptureInTx(tx, capture));
  logCapture(ctx, result, capture);
  return result;
}

/**
 * A payment failed or the window was dismissed: a still-pending order is cancelled and gives its
 * stock back. A paid order is left alone. Returns whether anything changed.
 */
export async function failPaymentInTx(
  tx: Transaction,
  order: LockedOrder,
  actor: MoveBy,
): Promise<{ changed: boolean }> {
  const { moved } = await transition(tx, order, { type: 'payment_failed' }, { actor });
  return { changed: moved };
}

/** `payment.failed` (webhook or simulated window) for the order of a gateway order id. */
export async function failPaymentByGatewayIdInTx(
  tx: Transaction,
  gatewayOrderId: string,
  userId?: string,
): Promise<{ orderId: string; changed: boolean } | null> {
  const order = await lockOrder(tx, { gatewayOrderId, userId });
  if (!order) return null;
  const { changed } = await failPaymentInTx(tx, order, { by: 'gateway' });
  return { orderId: order.id, changed };
}

/** `mark-failed`: the caller's own order only; a paid order is left alone. */
export async function markFailed(
  ctx: OrderContext,
  userId: string,
  orderId: string,
): Promise<{ paid: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId, userId });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (isPaid(order)) return { paid: true };
    await failPaymentInTx(tx, order, { by: 'customer', id: userId });
    return { paid: false };
  });
}

/**
 * Expires unpaid orders past their time and releases their stock. Rows another process is
 * working on are skipped (`SKIP LOCKED`), so every API process may sweep at once.
 */
export async function expireDueOrders(ctx: OrderContext, batch = 200): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = (await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'Pending'),
          eq(orders.paymentStatus, 'pending'),
          lte(orders.expiresAt, sql`now()`),
        ),
      )
      .orderBy(asc(orders.expiresAt))
      .limit(batch)
      .for('update', { of: orders, skipLocked: true })) as LockedOrder[];
    let expired = 0;
    for (const order of due) {
      const { moved } = await transition(
        tx,
        order,
        { type: 'expired' },
        { actor: { by: 'system' } },
      );
      if (moved) expired++;
    }
    return expired;
  });
}

export const statusMoveRefused = (from: OrderStatus, to: OwnerStatusMove) =>
  `An order that is ${from} cannot be marked as ${to}.`;

/**
 * The owner moves a paid order to Shipped (with its tracking) or Delivered, as the state machine
 * allows. The row stays locked until the caller's transaction ends, so of two moves from the same
 * state only the first succeeds; the second sees the new state and is refused.
 */
export async function moveByOwnerInTx(
  tx: Transaction,
  ownerId: string,
  orderId: string,
  to: OwnerStatusMove,
  tracking: { trackingNumber: string | null; trackingUrl: string | null },
): Promise<OrderRow> {
  const order = await lockOrder(tx, { id: orderId });
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const { order: moved } = await transition(tx, order, ownerMoveEvent(to), {
    actor: { by: 'owner', id: ownerId },
    tracking: to === 'Shipped' ? tracking : undefined,
    refused: statusMoveRefused(order.status, to),
  });
  return moved;
}
