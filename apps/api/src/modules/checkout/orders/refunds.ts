/**
 * The full refund of a paid order that has not shipped: the owner's (decision 016), or the
 * customer's cancellation within 24 hours of the payment. The gateway is
 * asked first, outside any transaction, with the order's id as its idempotency key; only then is
 * the order locked briefly and moved to Cancelled / refunded, so a row lock is never held while
 * the gateway is slow. Two refunds of one order at once reach the gateway with the same key and
 * get the same refund back; the second to lock the row finds it refunded and changes nothing.
 */
import { CANCEL_MESSAGES, type CancelReason, cancelRefusal } from '@makhana/domain/cancellation';
import { formatRupees, paiseToRupees } from '@makhana/domain/money';
import { canRefund, type OrderStatus } from '@makhana/domain/order-state';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type GatewayRefund,
  PaymentRefusedError,
} from '../../../adapters/payments/payment-gateway';
import type { Transaction } from '../../../db/client';
import { extraPayments, orders } from '../../../db/schema';
import { AppError, ConflictError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { consequencesOf } from './consequences';
import type { OrderContext } from './context';
import { ORDER_NOT_FOUND, type OrderRow, type OrderView, orderView } from './service';
import { lockOrder, type MoveBy, queueConsequences, transition } from './state-changes';

export const ORDER_REFUNDED = (amount: string) =>
  `Order refunded: ${amount} goes back to the customer.`;
export const ALREADY_REFUNDED = 'This order was already refunded; nothing changed.';
export const REFUND_NOT_PAID = 'Only a paid order can be refunded; this one has no payment.';
export const refundAfterShipping = (status: OrderStatus) =>
  `An order that is ${status} cannot be refunded here: it has left the shop.`;
export const refundRefusedByGateway = (reason: string) =>
  `The payment service refused the refund: ${reason}`;
export const REFUND_NOT_CONFIRMED =
  'The payment service did not answer, so the refund is not confirmed. Please try again: a retry cannot refund twice.';
export const EXTRA_PAYMENT_NOT_FOUND = 'This order has no such extra payment.';
export const EXTRA_PAYMENT_REFUNDED = (amount: string) =>
  `Extra payment refunded: ${amount} goes back to the customer.`;
export const EXTRA_ALREADY_REFUNDED = 'This payment was already refunded; nothing changed.';
/** What the gateway's refund notes say of a second payment. */
const EXTRA_PAYMENT_REASON = 'A second payment for an order already paid';
export const REFUND_RACED =
  'The order changed while it was being refunded; the money went back, please check the order.';

/** Why an order that is not already refunded cannot be; null when it can. */
function refusal(row: OrderRow): string | null {
  if (canRefund(row) && row.transactionId) return null;
  if (row.status === 'Shipped' || row.status === 'Delivered') {
    return refundAfterShipping(row.status);
  }
  return REFUND_NOT_PAID;
}

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

/** A refund of the whole order: who asks, why, and the rule that must let them. */
interface FullRefund {
  orderId: string;
  actor: MoveBy;
  reason: string;
  /** why this actor may not refund the order as it is; null when they may */
  refusal: (row: OrderRow) => string | null;
}

/**
 * Refunds an order in full; `refunded` is false when it was refunded already (nothing changes).
 * A refused or unanswered gateway leaves the order paid with the reason in `refund_failure` (502
 * or 503), and the request may simply be made again. The gateway's idempotency key is the
 * order's id whoever asks, so the owner's refund and the customer's cancellation of one order at
 * once give its money back once.
 */
async function refundInFull(
  ctx: OrderContext,
  request: FullRefund,
): Promise<{ order: OrderView; refunded: boolean }> {
  const { orderId, actor, reason } = request;
  const row = await readOrder(ctx, orderId);
  if (row.paymentStatus === 'refunded') {
    return { order: await orderView(ctx.db, orderId), refunded: false };
  }
  const refused = request.refusal(row);
  if (refused) throw new ConflictError(refused);

  let refund: GatewayRefund;
  try {
    refund = await ctx.gateway.refundPayment({
      // checked by the refusal: a refundable order has its payment id
      paymentId: row.transactionId!,
      amountPaise: row.totalAmountPaise,
      idempotencyKey: row.id,
      receipt: row.orderNumber,
      notes: { orderId: row.id, orderNumber: row.orderNumber, reason },
    });
  } catch (error) {
    const failure =
      error instanceof PaymentRefusedError
        ? refundRefusedByGateway(error.reason)
        : REFUND_NOT_CONFIRMED;
    ctx.log.warn({ err: error, orderId, by: actor.by }, 'refund not made');
    await noteFailure(ctx, orderId, reason, failure);
    throw new AppError(error instanceof PaymentRefusedError ? 502 : 503, failure);
  }

  const applied = await ctx.db.transaction((tx) =>
    recordRefundInTx(tx, { orderId, actor, reason, refundId: refund.id }),
  );
  if (applied.kind === 'already') {
    return { order: await orderView(ctx.db, orderId), refunded: false };
  }
  if (applied.kind === 'raced') {
    ctx.log.error({ orderId, refundId: refund.id }, 'refund made for an order that moved on');
    throw new ConflictError(REFUND_RACED);
  }
  return { order: await orderView(ctx.db, orderId), refunded: true };
}

/** The owner refunds a paid order that has not shipped, in full. */
export async function refundOrder(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
  reason: string,
): Promise<RefundOutcome> {
  const { order, refunded } = await refundInFull(ctx, {
    orderId,
    actor: { by: 'owner', id: ownerId },
    reason,
    refusal,
  });
  return {
    order,
    message: refunded ? ORDER_REFUNDED(formatRupees(order.totalAmount)) : ALREADY_REFUNDED,
  };
}

/**
 * The customer cancels their own paid order within 24 hours of its payment, before it ships:
 * refunded in full through the gateway, its units back on the shelf, its credit note issued, the
 * customer and the owner mailed (the `order.refunded` consequences). No charge is kept. Someone
 * else's order is not found; a second cancellation changes nothing.
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
  const { order, refunded } = await refundInFull(ctx, {
    orderId,
    actor: { by: 'customer', id: userId },
    reason,
    refusal: (current) => cancelRefusal(current, now),
  });
  return {
    order,
    message: refunded ? CANCEL_MESSAGES.cancelled : CANCEL_MESSAGES.alreadyCancelled,
  };
}

/**
 * Keeps why the refund did not go through, with the reason asked, on an order still paid (a
 * refund recorded meanwhile by another request is left alone).
 */
async function noteFailure(
  ctx: OrderContext,
  orderId: string,
  reason: string,
  failure: string,
): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ refundFailure: failure, refundReason: reason })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'completed')));
}

type Recorded =
  | { kind: 'refunded' }
  /** another request recorded the refund first */
  | { kind: 'already' }
  /** the order shipped while the gateway refunded it: the money is back, the status is not */
  | { kind: 'raced' };

async function recordRefundInTx(
  tx: Transaction,
  refund: { orderId: string; actor: MoveBy; reason: string; refundId: string },
): Promise<Recorded> {
  const row = await lockOrder(tx, { id: refund.orderId });
  if (!row || row.paymentStatus === 'refunded') return { kind: 'already' };
  const refundColumns = {
    refundId: refund.refundId,
    refundReason: refund.reason,
    refundedAt: sql`now()`,
    refundFailure: null,
  };
  if (!canRefund(row)) {
    // The books must still show the money that went back.
    await tx.update(orders).set(refundColumns).where(eq(orders.id, row.id));
    return { kind: 'raced' };
  }
  await transition(
    tx,
    row,
    { type: 'refunded' },
    { actor: refund.actor, note: refund.reason, alongside: refundColumns },
  );
  return { kind: 'refunded' };
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
