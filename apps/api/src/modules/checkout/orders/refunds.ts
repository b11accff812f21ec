/**
 * Refunds of an order's payment (decision 016): the owner's, in full or in part (chosen lines and
 * units, or an amount), and the customer's cancellation within 24 hours of paying. Each is a row
 * of `refunds`, written and its amount held before the gateway is asked, outside any transaction
 * (a row lock is never held while the gateway is slow), with the row's id as the gateway's
 * idempotency key. Once the gateway took it, the order is locked briefly and the refund recorded:
 * the units the owner marked go back on the shelf, the order moves (a refund of everything left
 * settles it: a Confirmed order is cancelled and all its units go back) or its history notes the
 * part, and the refund's consequences are queued (its credit note, the customer's mail).
 *
 * A refund the gateway did not confirm (it fell silent) keeps its row and holds its amount: asking
 * for it again asks the gateway with the same key, so a retry, a double click or the owner and
 * the customer at once never refund twice. One it refused is failed and frees what it held.
 */
import { CANCEL_MESSAGES, type CancelReason, cancelRefusal } from '@makhana/domain/cancellation';
import { formatRupees, paiseToRupees } from '@makhana/domain/money';
import { canRefund } from '@makhana/domain/order-state';
import {
  allocateRefund,
  partsTotal,
  type RefundAsked,
  type RefundOrderInput,
  type RefundPart,
  RefundRefused,
  refundAsked,
  refundAttemptKey,
  SHIPPING_PART,
} from '@makhana/domain/refunds';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type GatewayRefund,
  PaymentRefusedError,
} from '../../../adapters/payments/payment-gateway';
import { markChanged } from '../../../db/after-commit';
import type { Transaction } from '../../../db/client';
import { extraPayments, orderItems, orders, refunds, returnRequests } from '../../../db/schema';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { catalogueChanged } from '../../catalogue';
import { restockUnits } from '../stock/reservations';
import { consequencesOf } from './consequences';
import type { OrderContext } from './context';
import {
  ORDER_NOT_FOUND,
  type OrderRow,
  type OrderView,
  orderView,
  partName,
  type RefundRow,
} from './service';
import {
  lockOrder,
  type MoveBy,
  noteInHistory,
  queueConsequences,
  returnStepInTx,
  transition,
} from './state-changes';

/** The after-commit topic of a refund recorded to be asked for, with its paise: the metrics count it. */
export const REFUND_RECORDED = 'refunds';

export const ORDER_REFUNDED = (amount: string) =>
  `Order refunded: ${amount} goes back to the customer.`;
export const PART_REFUNDED = (amount: string, left: string) =>
  `Refunded ${amount}: it goes back to the customer. ${left} of the payment is left.`;
export const ALREADY_REFUNDED = 'This order was already refunded; nothing changed.';
export const REFUND_NOT_PAID = 'Only a paid order can be refunded; this one has no payment.';
export const refundRefusedByGateway = (reason: string) =>
  `The payment service refused the refund: ${reason}`;
export const REFUND_NOT_CONFIRMED =
  'The payment service did not answer, so the refund is not confirmed. Please try again: a retry cannot refund twice.';
export const refundNotConfirmedYet = (amount: string) =>
  `A refund of ${amount} is not confirmed by the payment service yet. Ask for that refund again (a retry cannot refund twice) before another.`;
export const EXTRA_PAYMENT_NOT_FOUND = 'This order has no such extra payment.';
export const EXTRA_PAYMENT_REFUNDED = (amount: string) =>
  `Extra payment refunded: ${amount} goes back to the customer.`;
export const EXTRA_ALREADY_REFUNDED = 'This payment was already refunded; nothing changed.';
/** What the gateway's refund notes say of a second payment. */
const EXTRA_PAYMENT_REASON = 'A second payment for an order already paid';

async function readOrder(ctx: OrderContext, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  return row;
}

export interface RefundOutcome {
  order: OrderView;
  message: string;
}

/** A refund asked for: who asks, why, what, and the rule that must let them. */
export interface RefundRequest {
  orderId: string;
  actor: MoveBy;
  reason: string;
  asked: RefundAsked;
  /** why this actor may not refund the order as it is; null when they may */
  refusal?: (row: OrderRow) => string | null;
  /** the return whose lines it refunds: marked refunded with it */
  returnId?: string;
}

export type Made =
  /** the gateway took it and it is recorded */
  | { kind: 'made'; refund: RefundRow }
  /** nothing was left to refund, or another request recorded this one first */
  | { kind: 'nothing' };

const samePartsAs = (a: readonly RefundPart[], b: readonly RefundPart[]) =>
  a.length === b.length &&
  a.every((part, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      part.item === other.item &&
      part.quantity === other.quantity &&
      part.amountPaise === other.amountPaise &&
      part.restock === other.restock
    );
  });

/**
 * The refund to ask the gateway for, in a short transaction on the locked order: a new row
 * holding its parts, or the one the gateway has not confirmed when it is asked for again. Null
 * when nothing is left to refund.
 */
async function reserveRefund(
  ctx: OrderContext,
  request: RefundRequest,
): Promise<{ refund: RefundRow; order: OrderRow } | null> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, { id: request.orderId });
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
    if (row.paymentStatus === 'refunded') return null;
    const refused = request.refusal?.(row);
    if (refused) throw new ConflictError(refused);
    if (!canRefund(row) || !row.transactionId) throw new ConflictError(REFUND_NOT_PAID);

    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id))
      .orderBy(asc(orderItems.position), asc(orderItems.id));
    const made = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, row.id), ne(refunds.state, 'refused')))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    const unconfirmed = made.find((refund) => refund.state === 'pending');
    const settled = made.filter((refund) => refund !== unconfirmed).flatMap((r) => r.parts);
    const order = {
      lines: items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        unitPricePaise: item.priceAtPurchasePaise,
        discountPaise: item.discountPaise,
      })),
      shippingPaise: row.shippingCostPaise,
    };
    let parts: RefundPart[];
    try {
      parts = allocateRefund(order, settled, request.asked, (item) => partName(item, items));
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error;
      const fault = error.field ? [{ field: error.field, message: error.message }] : [];
      throw error.exceedsWhatIsLeft
        ? new ConflictError(error.message, fault)
        : new BadRequestError(error.message, fault);
    }
    if (unconfirmed) {
      if (samePartsAs(parts, unconfirmed.parts)) return { refund: unconfirmed, order: row };
      throw new ConflictError(
        refundNotConfirmedYet(formatRupees(paiseToRupees(unconfirmed.amountPaise))),
      );
    }
    if (parts.length === 0) return null;
    markChanged(tx, REFUND_RECORDED, partsTotal(parts));
    const [reserved] = await tx
      .insert(refunds)
      .values({
        orderId: row.id,
        amountPaise: partsTotal(parts),
        parts,
        reason: request.reason,
        actor: request.actor.by,
        actorId: request.actor.id ?? null,
        returnId: request.returnId ?? null,
      })
      .returning();
    return reserved ? { refund: reserved, order: row } : null;
  });
}

/**
 * Asks for a refund and records it. A refused or unanswered gateway is a 502 or 503 with why;
 * the refused refund is failed (and its hold freed), the unanswered one stays to be asked again.
 */
export async function makeRefund(ctx: OrderContext, request: RefundRequest): Promise<Made> {
  const reserved = await reserveRefund(ctx, request);
  if (!reserved) return { kind: 'nothing' };
  const { refund, order: row } = reserved;

  let taken: GatewayRefund;
  try {
    // checked when the refund was reserved: a refundable order has its payment id
    taken = await askGateway(ctx, row, refund, row.transactionId!);
  } catch (error) {
    const refused = error instanceof PaymentRefusedError;
    const failure = refused ? refundRefusedByGateway(error.reason) : REFUND_NOT_CONFIRMED;
    ctx.log.warn({ err: error, orderId: row.id, by: request.actor.by }, 'refund not made');
    await ctx.db
      .update(refunds)
      .set(refused ? { state: 'refused', failure } : { failure })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')));
    throw new AppError(refused ? 502 : 503, failure);
  }

  return ctx.db.transaction(async (tx) => recordRefundInTx(tx, refund.id, taken));
}

/**
 * Asks the gateway for a refund's current attempt. Its notes name the refund, so a webhook about
 * an attempt whose answer never came back still finds it.
 */
function askGateway(
  ctx: OrderContext,
  order: Pick<OrderRow, 'id' | 'orderNumber'>,
  refund: RefundRow,
  paymentId: string,
): Promise<GatewayRefund> {
  return ctx.gateway.refundPayment({
    paymentId,
    amountPaise: refund.amountPaise,
    idempotencyKey: refundAttemptKey(refund.id, refund.attempt),
    receipt: order.orderNumber,
    notes: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      refundId: refund.id,
      attempt: String(refund.attempt),
      reason: refund.reason,
    },
  });
}

/**
 * Records what the gateway took, once: the refund's row, the units marked to go back, the order's
 * sum refunded, and its move (everything left refunded) or a note in its history (a part).
 */
async function recordRefundInTx(
  tx: Transaction,
  refundId: string,
  taken: GatewayRefund,
): Promise<Made> {
  const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (!pending) return { kind: 'nothing' };
  const order = await lockOrder(tx, { id: pending.orderId });
  const [refund] = await tx
    .update(refunds)
    .set({
      state: taken.status === 'processed' ? 'processed' : 'initiated',
      gatewayRefundId: taken.id,
      failure: null,
      initiatedAt: sql`now()`,
      processedAt: taken.status === 'processed' ? sql`now()` : null,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')))
    .returning();
  if (!order || !refund) return { kind: 'nothing' };

  const restocked = refund.parts.filter((part) => part.restock && part.item !== SHIPPING_PART);
  if (restocked.length > 0) {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const units = restocked.flatMap((part) => {
      const variantId = items.find((item) => item.id === part.item)?.variantId;
      return variantId ? [{ variantId, quantity: part.quantity }] : [];
    });
    await restockUnits(tx, order.id, units);
    catalogueChanged(tx);
  }

  const refundedPaise = order.refundedPaise + refund.amountPaise;
  const note = refund.reason;
  const actor = { by: refund.actor, id: refund.actorId };
  if (refundedPaise >= order.totalAmountPaise) {
    await transition(
      tx,
      order,
      { type: 'refunded' },
      { actor, note, alongside: { refundedPaise } },
    );
  } else {
    await tx.update(orders).set({ refundedPaise }).where(eq(orders.id, order.id));
    await noteInHistory(tx, order, { event: 'refunded_part', actor, note });
  }
  if (refund.returnId) {
    const marked = await tx
      .update(returnRequests)
      .set({ state: 'refunded', refundedAt: sql`now()` })
      .where(and(eq(returnRequests.id, refund.returnId), eq(returnRequests.state, 'received')))
      .returning({ id: returnRequests.id });
    // The order as the refund left it (its payment may be settled now): "Returned" once no
    // other return waits.
    const refunded = marked.length > 0 ? await lockOrder(tx, { id: order.id }) : null;
    if (refunded) await returnStepInTx(tx, refunded, { event: 'returned', actor, note });
  }
  await queueConsequences(
    tx,
    consequencesOf('refund.made', order.id, { payload: { refundId: refund.id } }),
  );
  return { kind: 'made', refund };
}

/** A refund as the gateway's refund events carry it (Razorpay's refund entity), amounts in paise. */
export interface RefundEvent {
  event: 'refund.created' | 'refund.processed' | 'refund.failed';
  /** the gateway's refund id */
  id: string;
  paymentId: string;
  amountPaise: number;
  /** the notes the refund was asked with: `refundId` and `attempt` name ours */
  notes: Record<string, unknown>;
}

export const REFUND_SENT_BACK = 'The bank sent the refund back to the shop; it must be sent again.';
export const REFUND_SENT_BACK_AT_ONCE =
  'The bank sent the refund back before it was recorded: nothing was refunded. Please refund again.';

/**
 * Applies one of the gateway's refund events in the webhook's transaction; whether it changed
 * anything. The refund is found by the gateway's id, or by the notes it was asked with (an
 * attempt whose answer never came back). An event about an earlier attempt, a repeat, or one a
 * later event overtook (`processed` before `created`) changes nothing it should not:
 * - created: a refund not yet confirmed is recorded as taken;
 * - processed: it reached the bank (recorded first when its answer never came), the customer is
 *   mailed;
 * - failed: one the gateway took goes back to being owed, under a new key for the next attempt,
 *   and the owner is mailed; one never recorded is as refused (what it held is free again).
 */
export async function applyRefundEventInTx(tx: Transaction, event: RefundEvent): Promise<boolean> {
  const ours = typeof event.notes.refundId === 'string' ? event.notes.refundId : null;
  const [found] = await tx
    .select({ id: refunds.id, orderId: refunds.orderId })
    .from(refunds)
    .where(
      ours && isUuid(ours)
        ? or(eq(refunds.gatewayRefundId, event.id), eq(refunds.id, ours))
        : eq(refunds.gatewayRefundId, event.id),
    )
    .limit(1);
  if (!found) return false;
  // The order first, then the refund: the order every refund's writer locks them in.
  const order = await lockOrder(tx, { id: found.orderId });
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, found.id));
  if (!order || !refund || refund.amountPaise !== event.amountPaise) return false;
  if (order.transactionId !== event.paymentId) return false;

  const sameAttempt =
    refund.gatewayRefundId === event.id ||
    (refund.id === ours && Number(event.notes.attempt ?? 0) === refund.attempt);
  if (!sameAttempt) return false;
  // A refund the bank sent back, then asked again and answered by this event: a new gateway id.
  const resent = refund.state === 'failed' && refund.gatewayRefundId !== event.id;
  const taken: GatewayRefund = {
    id: event.id,
    paymentId: event.paymentId,
    amount: event.amountPaise,
    status: event.event === 'refund.processed' ? 'processed' : 'pending',
  };

  switch (event.event) {
    case 'refund.created': {
      if (refund.state === 'pending')
        return (await recordRefundInTx(tx, refund.id, taken)).kind === 'made';
      if (!resent) return false;
      await tx
        .update(refunds)
        .set({
          state: 'initiated',
          gatewayRefundId: event.id,
          failure: null,
          initiatedAt: sql`now()`,
        })
        .where(eq(refunds.id, refund.id));
      return true;
    }
    case 'refund.processed': {
      if (refund.state === 'pending') {
        return (await recordRefundInTx(tx, refund.id, taken)).kind === 'made';
      }
      if (refund.state !== 'initiated' && !resent) return false;
      await tx
        .update(refunds)
        .set({
          state: 'processed',
          gatewayRefundId: event.id,
          failure: null,
          initiatedAt: sql`coalesce(${refunds.initiatedAt}, now())`,
          processedAt: sql`now()`,
        })
        .where(eq(refunds.id, refund.id));
      await queueConsequences(
        tx,
        consequencesOf('refund.processed', order.id, { payload: { refundId: refund.id } }),
      );
      return true;
    }
    case 'refund.failed': {
      if (refund.state === 'pending') {
        await tx
          .update(refunds)
          .set({ state: 'refused', failure: REFUND_SENT_BACK_AT_ONCE })
          .where(eq(refunds.id, refund.id));
        return true;
      }
      if (refund.state !== 'initiated' && !resent) return false;
      await tx
        .update(refunds)
        .set({
          state: 'failed',
          gatewayRefundId: event.id,
          failure: REFUND_SENT_BACK,
          attempt: refund.attempt + 1,
        })
        .where(eq(refunds.id, refund.id));
      await queueConsequences(
        tx,
        consequencesOf('refund.failed', order.id, { payload: { refundId: refund.id } }),
      );
      return true;
    }
  }
}

export const REFUND_NOT_FOUND = 'This order has no such refund.';
export const REFUND_SENT_AGAIN = (amount: string) =>
  `Refund sent again: ${amount} goes back to the customer.`;
export const REFUND_ON_ITS_WAY = 'This refund is on its way already; nothing changed.';

/**
 * The owner sends again a refund the bank sent back. The refund keeps its parts, its credit note
 * and the units it put back; only the money moves again, asked under the attempt's own key, so a
 * double click or a retry after silence never sends it twice.
 */
export async function resendRefund(
  ctx: OrderContext,
  orderId: string,
  refundId: string,
): Promise<RefundOutcome> {
  const row = await readOrder(ctx, orderId);
  const [refund] = isUuid(refundId)
    ? await ctx.db
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, refundId), eq(refunds.orderId, row.id)))
    : [];
  if (!refund) throw new NotFoundError(REFUND_NOT_FOUND);
  if (refund.state !== 'failed' || !row.transactionId) {
    return { order: await orderView(ctx.db, orderId), message: REFUND_ON_ITS_WAY };
  }

  // Written only while the refund is still the failed attempt this request asked about.
  const stillThisAttempt = and(
    eq(refunds.id, refund.id),
    eq(refunds.state, 'failed'),
    eq(refunds.attempt, refund.attempt),
  );
  let taken: GatewayRefund;
  try {
    taken = await askGateway(ctx, row, refund, row.transactionId);
  } catch (error) {
    const refused = error instanceof PaymentRefusedError;
    const failure = refused ? refundRefusedByGateway(error.reason) : REFUND_NOT_CONFIRMED;
    ctx.log.warn({ err: error, orderId, refundId }, 'refund not sent again');
    await ctx.db.update(refunds).set({ failure }).where(stillThisAttempt);
    throw new AppError(refused ? 502 : 503, failure);
  }
  const processed = taken.status === 'processed';
  const sent = await ctx.db
    .update(refunds)
    .set({
      state: processed ? 'processed' : 'initiated',
      gatewayRefundId: taken.id,
      failure: null,
      initiatedAt: sql`now()`,
      processedAt: processed ? sql`now()` : null,
    })
    .where(stillThisAttempt)
    .returning({ id: refunds.id });
  return {
    order: await orderView(ctx.db, orderId),
    message:
      sent.length > 0
        ? REFUND_SENT_AGAIN(formatRupees(paiseToRupees(refund.amountPaise)))
        : REFUND_ON_ITS_WAY,
  };
}

/**
 * The owner refunds a paid order: everything left (the reason alone), chosen lines and units, or
 * an amount. Shipped and delivered orders included; a refund of everything left of an order not
 * shipped cancels it.
 */
export async function refundOrder(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
  request: RefundOrderInput,
): Promise<RefundOutcome> {
  await readOrder(ctx, orderId);
  // Lines may be named by SKU: the order's own lines say which.
  const lines = request.lines
    ? await ctx.db
        .select({ id: orderItems.id, sku: orderItems.sku })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
    : [];
  const made = await makeRefund(ctx, {
    orderId,
    actor: { by: 'owner', id: ownerId },
    reason: request.reason,
    asked: refundAsked(request, lines),
  });
  const order = await orderView(ctx.db, orderId);
  if (made.kind === 'nothing') return { order, message: ALREADY_REFUNDED };
  const amount = formatRupees(paiseToRupees(made.refund.amountPaise));
  if (order.paymentStatus === 'refunded') return { order, message: ORDER_REFUNDED(amount) };
  const left = formatRupees(order.totalAmount - order.refundedAmount);
  return { order, message: PART_REFUNDED(amount, left) };
}

/**
 * The customer cancels their own paid order within 24 hours of its payment, before it ships:
 * everything is refunded through the gateway, its units go back on the shelf, its credit note is
 * issued, the customer and the owner are mailed (the refund's consequences). No charge is kept.
 * Someone else's order is not found; a second cancellation changes nothing.
 */
export async function cancelOrder(
  ctx: OrderContext,
  userId: string,
  orderId: string,
  reason: CancelReason,
  now = new Date(),
): Promise<RefundOutcome> {
  const row = await readOrder(ctx, orderId);
  if (row.userId !== userId) throw new NotFoundError(ORDER_NOT_FOUND);
  const made = await makeRefund(ctx, {
    orderId,
    actor: { by: 'customer', id: userId },
    reason,
    asked: {},
    refusal: (current) => cancelRefusal(current, now),
  });
  return {
    order: await orderView(ctx.db, orderId),
    message: made.kind === 'made' ? CANCEL_MESSAGES.cancelled : CANCEL_MESSAGES.alreadyCancelled,
  };
}

/**
 * Gives back a second payment for an order already paid (decision 033). As with an order's
 * refund, the gateway is asked first, outside any transaction, with the extra payment's own id as
 * its idempotency key; the order itself does not move. Once recorded the customer is mailed.
 */
export async function refundExtraPayment(
  ctx: OrderContext,
  orderId: string,
  paymentId: string,
): Promise<RefundOutcome> {
  const row = await readOrder(ctx, orderId);
  const [extra] = await ctx.db
    .select()
    .from(extraPayments)
    .where(and(eq(extraPayments.orderId, row.id), eq(extraPayments.paymentId, paymentId)));
  if (!extra) throw new NotFoundError(EXTRA_PAYMENT_NOT_FOUND);
  if (extra.refundedAt) {
    return { order: await orderView(ctx.db, orderId), message: EXTRA_ALREADY_REFUNDED };
  }

  let refund: GatewayRefund;
  try {
    refund = await ctx.gateway.refundPayment({
      paymentId: extra.paymentId,
      amountPaise: extra.amountPaise,
      idempotencyKey: extra.id,
      receipt: row.orderNumber,
      notes: { orderId: row.id, orderNumber: row.orderNumber, reason: EXTRA_PAYMENT_REASON },
    });
  } catch (error) {
    const failure =
      error instanceof PaymentRefusedError
        ? refundRefusedByGateway(error.reason)
        : REFUND_NOT_CONFIRMED;
    ctx.log.warn({ err: error, orderId, paymentId }, 'extra payment not refunded');
    await ctx.db
      .update(extraPayments)
      .set({ refundFailure: failure })
      .where(and(eq(extraPayments.id, extra.id), isNull(extraPayments.refundedAt)));
    throw new AppError(error instanceof PaymentRefusedError ? 502 : 503, failure);
  }

  // Two refunds at once get the same refund from the gateway; the first to record it mails.
  const recorded = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(extraPayments)
      .set({ refundId: refund.id, refundedAt: sql`now()`, refundFailure: null })
      .where(and(eq(extraPayments.id, extra.id), isNull(extraPayments.refundedAt)))
      .returning({ id: extraPayments.id });
    if (updated.length === 0) return false;
    await queueConsequences(
      tx,
      consequencesOf('payment.extra_refunded', row.id, { payload: { paymentId } }),
    );
    return true;
  });
  return {
    order: await orderView(ctx.db, orderId),
    message: recorded
      ? EXTRA_PAYMENT_REFUNDED(formatRupees(paiseToRupees(extra.amountPaise)))
      : EXTRA_ALREADY_REFUNDED,
  };
}
