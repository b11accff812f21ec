/**
 * Every change of an order's status and payment status after checkout. Each runs in one
 * transaction that locks the order row, applies the domain state machine (`nextOrderState`) and
 * moves the stock reservations with it, so the order, its payment and the stock always agree.
 */
import {
  InvalidOrderTransition,
  nextOrderState,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
  type OwnerStatusMove,
  ownerMoveEvent,
} from '@makhana/domain/order-state';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../../db/client';
import { parsedJson, type RawRow, rawRows, tableRow } from '../../../db/raw';
import { orderItems, orders } from '../../../db/schema';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import {
  commitReservationsWith,
  freeStockOf,
  lockVariantsOfOrder,
  releaseReservations,
} from '../stock/reservations';
import type { OrderContext } from './context';
import { sendClaimedOrderMails, sendDuplicateCaptureAlert } from './order-mails';
import { ORDER_NOT_FOUND, type OrderRead, type OrderRow, toOrderView } from './service';

export const ORDER_CANNOT_CHANGE = 'This order cannot be changed now.';

function stateOf(row: OrderRow): OrderState {
  return { status: row.status, paymentStatus: row.paymentStatus, needsRefund: row.needsRefund };
}

function apply(row: OrderRow, event: OrderEvent): OrderState {
  try {
    return nextOrderState(stateOf(row), event);
  } catch (error) {
    if (error instanceof InvalidOrderTransition) throw new ConflictError(ORDER_CANNOT_CHANGE);
    throw error;
  }
}

function sameState(a: OrderState, b: OrderState): boolean {
  return (
    a.status === b.status && a.paymentStatus === b.paymentStatus && a.needsRefund === b.needsRefund
  );
}

async function lockOrder(
  tx: Transaction,
  where: { id?: string; gatewayOrderId?: string; userId?: string },
): Promise<OrderRow | null> {
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
  return row ?? null;
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
  /**
   * The order as the capture left it, its mails claimed by this process in the same transaction
   * (confirmed or refund_needed only)
   */
  paid?: OrderRead;
  /**
   * Whether the shelf's free units moved. A sale out of the order's own standing hold takes the
   * same units off the shelf and out of the holds, so the catalogue's free stock stays the same.
   */
  freeStockChanged: boolean;
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
 * `payerId` is given, that customer).
 */
export async function settleCaptureInTx(
  tx: Transaction,
  capture: Capture,
  payerId?: string,
): Promise<CaptureResult | null> {
  const order = await lockOrder(tx, { gatewayOrderId: capture.gatewayOrderId, userId: payerId });
  if (!order) return null;
  const result = (outcome: CaptureOutcome): CaptureResult => ({
    orderId: order.id,
    outcome,
    freeStockChanged: false,
  });

  if (capture.amountPaise !== null && capture.amountPaise !== order.totalAmountPaise) {
    return result('amount_mismatch');
  }
  if (order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') {
    return result(order.transactionId === capture.paymentId ? 'already_paid' : 'duplicate_capture');
  }

  const { stockAvailable, ownHoldStood, items } = await canStillShip(tx, order);
  const next = apply(order, { type: 'payment_captured', stockAvailable });
  // The paid order's mails are claimed with the payment: this process sends them once the
  // transaction commits, and the sweeper takes them over if it dies first.
  const paid = { transactionId: capture.paymentId, paidAt: sql`now()`, mailClaimedAt: sql`now()` };
  const confirmed = next.status === 'Confirmed';
  // A sale is one statement, so the variants stay locked for it and the commit only.
  if (!confirmed) await releaseReservations(tx, [order.id]);
  const written = await writeState(
    tx,
    order.id,
    next,
    paid,
    confirmed ? commitReservationsWith(order.id) : undefined,
  );
  return {
    ...result(confirmed ? 'confirmed' : 'refund_needed'),
    paid: { row: written, view: toOrderView(written, items) },
    freeStockChanged: !(confirmed && ownHoldStood),
  };
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
): Promise<{ stockAvailable: boolean; ownHoldStood: boolean; items: OrderItemRow[] }> {
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
            and r.status = 'active' and r.expires_at > now()) as "stillHeld",
          (select json_agg(json_build_array(l.id, l.stock)) from ${locked} l) as variants`,
  );
  const items = parsedJson<RawRow[]>(figures?.items, []).map((i) => tableRow(orderItems, i));
  const answer = (stockAvailable: boolean, ownHoldStood = false) => ({
    stockAvailable,
    ownHoldStood,
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
 * The one writer of an order's status, payment status and refund flag (decision 008): every change
 * of state, whoever makes it, is written here with whatever changes alongside it: other columns
 * of the order, and `writes` (data-modifying CTEs of other tables) in the same statement.
 */
export async function writeState(
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

type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * What follows a committed capture: the catalogue is told when its free stock changed, and the
 * customer and the owner are mailed in the background (a failed mail is retried by the sweeper).
 */
export async function afterCapture(
  ctx: OrderContext,
  result: CaptureResult | null,
  capture: Capture,
): Promise<void> {
  if (!result) return;
  if (result.outcome === 'confirmed' || result.outcome === 'refund_needed') {
    if (result.freeStockChanged) await ctx.catalogue.invalidate();
    if (result.outcome === 'refund_needed') {
      ctx.log.warn({ orderId: result.orderId }, 'payment captured for an order that cannot ship');
    }
    const { paid } = result;
    if (paid) ctx.background.run(() => sendClaimedOrderMails(ctx, paid));
  } else if (result.outcome === 'duplicate_capture') {
    ctx.log.error(
      { orderId: result.orderId, paymentId: capture.paymentId },
      'second payment captured for a paid order',
    );
    ctx.background.run(() => sendDuplicateCaptureAlert(ctx, result.orderId, capture.paymentId));
  } else if (result.outcome === 'amount_mismatch') {
    ctx.log.error(
      { orderId: result.orderId, paymentId: capture.paymentId, amount: capture.amountPaise },
      'captured amount differs from the order total',
    );
  }
}

/** Settles a capture in its own transaction, then does what follows. */
export async function settleCapture(
  ctx: OrderContext,
  capture: Capture,
): Promise<CaptureResult | null> {
  const result = await ctx.db.transaction((tx) => settleCaptureInTx(tx, capture));
  await afterCapture(ctx, result, capture);
  return result;
}

/**
 * A payment failed or the window was dismissed: a still-pending order is cancelled and gives its
 * stock back. A paid order is left alone. Returns whether anything changed.
 */
export async function failPaymentInTx(
  tx: Transaction,
  order: OrderRow,
): Promise<{ changed: boolean; state: OrderState }> {
  const next = apply(order, { type: 'payment_failed' });
  if (sameState(next, stateOf(order))) return { changed: false, state: next };
  await writeState(tx, order.id, next);
  await releaseReservations(tx, [order.id]);
  return { changed: true, state: next };
}

/** `payment.failed` (webhook or simulated window) for the order of a gateway order id. */
export async function failPaymentByGatewayIdInTx(
  tx: Transaction,
  gatewayOrderId: string,
  userId?: string,
): Promise<{ orderId: string; changed: boolean } | null> {
  const order = await lockOrder(tx, { gatewayOrderId, userId });
  if (!order) return null;
  const { changed } = await failPaymentInTx(tx, order);
  return { orderId: order.id, changed };
}

/** `mark-failed`: the caller's own order only; a paid order is left alone. */
export async function markFailed(
  ctx: OrderContext,
  userId: string,
  orderId: string,
): Promise<{ paid: boolean }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId, userId });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') {
      return { paid: true, changed: false };
    }
    const { changed } = await failPaymentInTx(tx, order);
    return { paid: false, changed };
  });
  if (outcome.changed) await ctx.catalogue.invalidate();
  return { paid: outcome.paid };
}

/**
 * Expires unpaid orders past their time and releases their stock. Rows another process is
 * working on are skipped (`SKIP LOCKED`), so every API process may sweep at once.
 */
export async function expireDueOrders(ctx: OrderContext, batch = 200): Promise<number> {
  const expired = await ctx.db.transaction(async (tx) => {
    const due = await tx
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
      .for('update', { of: orders, skipLocked: true });
    const ids: string[] = [];
    for (const order of due) {
      const next = apply(order, { type: 'expired' });
      if (sameState(next, stateOf(order))) continue;
      await writeState(tx, order.id, next);
      ids.push(order.id);
    }
    await releaseReservations(tx, ids);
    return ids.length;
  });
  if (expired > 0) await ctx.catalogue.invalidate();
  return expired;
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
  orderId: string,
  to: OwnerStatusMove,
  tracking: { trackingNumber: string | null; trackingUrl: string | null },
): Promise<{ from: OrderStatus; order: OrderRow }> {
  const order = await lockOrder(tx, { id: orderId });
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  let next: OrderState;
  try {
    next = nextOrderState(stateOf(order), ownerMoveEvent(to));
  } catch (error) {
    if (error instanceof InvalidOrderTransition) {
      throw new ConflictError(statusMoveRefused(order.status, to));
    }
    throw error;
  }
  const moved = await writeState(tx, orderId, next, to === 'Shipped' ? tracking : {});
  return { from: order.status, order: moved };
}
