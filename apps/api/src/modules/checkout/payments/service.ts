/**
 * Paying for an order: the gateway order for the server's own total, the browser's verification,
 * Razorpay's webhook and the simulated gateway's window. Every capture is settled by the one
 * function of the orders module (`settleCaptureInTx`), whichever of them reports it first; the
 * webhook's refund events move the order's refunds (`applyRefundEventInTx`).
 */
import { createHash } from 'node:crypto';
import type { paymentOrderShape } from '@makhana/domain/contracts/checkout';
import { isPaid } from '@makhana/domain/order-state';
import { SITE } from '@makhana/domain/site';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { createSimulatedGateway } from '../../../adapters/payments/simulated-gateway';
import { orders, paymentEvents } from '../../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { OrderContext } from '../orders/context';
import { applyRefundEventInTx } from '../orders/refunds';
import {
  ORDER_NOT_FOUND,
  type OrderRow,
  type OrderView,
  orderView,
  readOrders,
} from '../orders/service';
import {
  type Capture,
  failPaymentByGatewayIdInTx,
  logCapture,
  settleCapture,
  settleCaptureInTx,
} from '../orders/state-changes';

export const PAYMENT_ORDER_CREATED = 'Payment order created successfully';
export const PAYMENT_VERIFIED = 'Payment verified successfully';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';
export const PAYMENT_NOT_CAPTURED = 'Payment is not captured yet';
export const PAYMENT_AMOUNT_MISMATCH = 'The payment amount does not match the order.';
export const PAYMENT_SOLD_OUT =
  'Payment received, but the items sold out meanwhile. A full refund is on its way.';
export const ORDER_ALREADY_PAID = 'This order is already paid.';
export const ORDER_NOT_PAYABLE =
  'This order has expired or was cancelled. Please place your order again.';
export const SECOND_PAYMENT =
  'This order was already paid by another payment. The extra payment will be refunded.';
export const INVALID_WEBHOOK_SIGNATURE = 'Invalid webhook signature';

export type SimulatedGateway = ReturnType<typeof createSimulatedGateway>;

/** What `razorpayPayment` answers: Razorpay Checkout's options, amount in paise. */
export type PaymentOrder = z.infer<typeof paymentOrderShape>;

async function ownOrder(ctx: OrderContext, userId: string, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  return row;
}

/**
 * `razorpayPayment`: the gateway order for the caller's own pending order, for exactly its total
 * in paise. An order that already has one reuses it, so a retried call never makes a second.
 */
export async function startPayment(
  ctx: OrderContext,
  userId: string,
  orderId: string,
): Promise<PaymentOrder> {
  let row = await ownOrder(ctx, userId, orderId);
  if (isPaid(row)) throw new ConflictError(ORDER_ALREADY_PAID);
  if (row.status !== 'Pending' || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) {
    throw new ConflictError(ORDER_NOT_PAYABLE);
  }
  if (!row.gatewayOrderId) {
    const created = await ctx.gateway.createOrder({
      amountPaise: row.totalAmountPaise,
      receipt: row.orderNumber,
      notes: { orderId: row.id, orderNumber: row.orderNumber },
    });
    // Two calls at once may each create one; the first stored wins and both answer with it.
    const [stored] = await ctx.db
      .update(orders)
      .set({ gatewayOrderId: created.id })
      .where(and(eq(orders.id, row.id), isNull(orders.gatewayOrderId)))
      .returning();
    row = stored ?? (await ownOrder(ctx, userId, orderId));
  }
  const address = row.shippingAddress;
  return {
    id: row.gatewayOrderId!,
    amount: row.totalAmountPaise,
    currency: 'INR',
    keyId: ctx.gateway.keyId,
    provider: ctx.gateway.provider,
    orderId: row.id,
    orderNumber: row.orderNumber,
    name: SITE.brand,
    prefill: {
      name: `${address.firstName} ${address.lastName}`.trim(),
      email: address.email,
      contact: address.phone,
    },
  };
}

export const verifyPaymentSchema = z.object({
  razorpay_order_id: z
    .string({ error: 'razorpay_order_id is required' })
    .trim()
    .min(1, 'razorpay_order_id is required')
    .max(100),
  razorpay_payment_id: z
    .string({ error: 'razorpay_payment_id is required' })
    .trim()
    .min(1, 'razorpay_payment_id is required')
    .max(100),
  razorpay_signature: z
    .string({ error: 'razorpay_signature is required' })
    .trim()
    .min(1, 'razorpay_signature is required')
    .max(200),
});
export type VerifyPaymentInput = z.output<typeof verifyPaymentSchema>;

/**
 * `verifyPayment`: the caller's order found by its stored gateway order id, the signature checked
 * in constant time, and with Razorpay the payment read back from the gateway (captured, for the
 * full amount). Safe to call again: a settled payment answers the same paid order.
 */
export async function verifyPayment(
  ctx: OrderContext,
  userId: string,
  input: VerifyPaymentInput,
): Promise<{ order: OrderView; message: string }> {
  const [read] = await readOrders(
    ctx.db,
    sql`o.gateway_order_id = ${input.razorpay_order_id} and o.user_id = ${userId}`,
  );
  if (!read) throw new NotFoundError(ORDER_NOT_FOUND);
  const { row } = read;
  const signed = ctx.gateway.verifyPaymentSignature({
    orderId: input.razorpay_order_id,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (!signed) throw new BadRequestError(PAYMENT_VERIFICATION_FAILED);

  if (isPaid(row) && row.transactionId === input.razorpay_payment_id) {
    return { order: read.view, message: messageFor(row) };
  }

  const payment = await ctx.gateway.fetchPayment(
    input.razorpay_payment_id,
    input.razorpay_order_id,
    row.totalAmountPaise,
  );
  if (payment.orderId !== input.razorpay_order_id) {
    throw new BadRequestError(PAYMENT_VERIFICATION_FAILED);
  }
  if (payment.status !== 'captured') throw new ConflictError(PAYMENT_NOT_CAPTURED);
  if (payment.amount !== row.totalAmountPaise) throw new ConflictError(PAYMENT_AMOUNT_MISMATCH);

  const result = await settleCapture(ctx, {
    gatewayOrderId: input.razorpay_order_id,
    paymentId: input.razorpay_payment_id,
    amountPaise: payment.amount,
  });
  if (!result) throw new NotFoundError(ORDER_NOT_FOUND);
  if (result.outcome === 'duplicate_capture') throw new ConflictError(SECOND_PAYMENT);
  if (result.outcome === 'amount_mismatch') throw new ConflictError(PAYMENT_AMOUNT_MISMATCH);
  const order = await orderView(ctx.db, row.id);
  return { order, message: order.needsRefund ? PAYMENT_SOLD_OUT : PAYMENT_VERIFIED };
}

function messageFor(row: OrderRow): string {
  return row.needsRefund ? PAYMENT_SOLD_OUT : PAYMENT_VERIFIED;
}

/**
 * The payment entity of Razorpay's payment.*, order.paid and refund.* events; a payment made
 * without an order (never one of the shop's) has no `order_id`.
 */
const paymentEntitySchema = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100).nullable(),
  amount: z.number().int().nonnegative(),
  status: z.string(),
});

/** The refund entity of Razorpay's refund.* events; empty notes come as `[]`. */
const refundEntitySchema = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  notes: z
    .union([z.record(z.string().max(100), z.unknown()), z.array(z.unknown()).max(0)])
    .optional()
    .transform((notes) => (Array.isArray(notes) || !notes ? {} : notes)),
});

const REFUND_EVENTS = ['refund.created', 'refund.processed', 'refund.failed'] as const;
const isRefundEvent = (event: string): event is (typeof REFUND_EVENTS)[number] =>
  (REFUND_EVENTS as readonly string[]).includes(event);

const webhookSchema = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntitySchema }).optional(),
      refund: z.object({ entity: refundEntitySchema }).optional(),
    })
    .loose()
    .optional(),
});

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Razorpay's webhook: the signature over the raw body, then, in one transaction, the event id
 * recorded (a repeat is answered as processed and changes nothing) and the event applied.
 */
export async function handleWebhook(
  ctx: OrderContext,
  rawBody: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  if (!signature || !ctx.gateway.verifyWebhookSignature(rawBody, signature)) {
    throw new BadRequestError(INVALID_WEBHOOK_SIGNATURE);
  }
  let raw: unknown;
  let parsed: z.output<typeof webhookSchema>;
  try {
    raw = JSON.parse(rawBody);
    const result = webhookSchema.safeParse(raw);
    if (!result.success) throw result.error;
    parsed = result.data;
  } catch {
    throw new BadRequestError('Invalid webhook payload');
  }
  const eventId =
    eventIdHeader && eventIdHeader.length <= 200
      ? eventIdHeader
      : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  const entity = parsed.payload?.payment?.entity;
  const capture: Capture | null =
    (parsed.event === 'payment.captured' || parsed.event === 'order.paid') &&
    entity?.status === 'captured' &&
    entity.order_id
      ? { gatewayOrderId: entity.order_id, paymentId: entity.id, amountPaise: entity.amount }
      : null;

  const done = await ctx.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: eventId, type: parsed.event, payload: raw })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { outcome: 'duplicate' as const };
    if (capture) {
      const settled = await settleCaptureInTx(tx, capture);
      const applied = settled !== null && settled.outcome !== 'amount_mismatch';
      return { outcome: applied ? ('processed' as const) : ('ignored' as const), settled };
    }
    if (parsed.event === 'payment.failed' && entity?.order_id) {
      const failed = await failPaymentByGatewayIdInTx(tx, entity.order_id);
      return { outcome: failed ? ('processed' as const) : ('ignored' as const) };
    }
    const refund = parsed.payload?.refund?.entity;
    if (isRefundEvent(parsed.event) && refund) {
      const applied = await applyRefundEventInTx(tx, {
        event: parsed.event,
        id: refund.id,
        paymentId: refund.payment_id,
        amountPaise: refund.amount,
        notes: refund.notes,
      });
      return { outcome: applied ? ('processed' as const) : ('ignored' as const) };
    }
    return { outcome: 'ignored' as const };
  });
  if (capture && 'settled' in done) logCapture(ctx, done.settled ?? null, capture);
  if (done.outcome === 'ignored') {
    ctx.log.warn({ eventId, event: parsed.event }, 'webhook event ignored');
  }
  return done.outcome;
}

/**
 * The simulated window's Pay button: the capture is settled here, on the server, exactly as the
 * webhook would settle it, so the order is paid even if the browser never comes back. The browser
 * then calls verifyPayment with the signed answer, which finds the order already paid. The
 * caller's order is found, locked and paid in one transaction; the simulated gateway captures
 * exactly the order's total.
 */
export async function simulatedPay(
  ctx: OrderContext,
  gateway: SimulatedGateway,
  userId: string,
  gatewayOrderId: string,
): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }> {
  const paid = gateway.pay(gatewayOrderId);
  const capture: Capture = {
    gatewayOrderId,
    paymentId: paid.razorpay_payment_id,
    amountPaise: null,
  };
  const result = await ctx.db.transaction((tx) =>
    settleCaptureInTx(tx, capture, { payerId: userId, refusesSecondPayment: true }),
  );
  if (!result) throw new NotFoundError(ORDER_NOT_FOUND);
  // An order paid before has a payment of its own; the window takes no second one.
  if (result.outcome === 'already_paid' || result.outcome === 'duplicate_capture') {
    throw new ConflictError(ORDER_ALREADY_PAID);
  }
  logCapture(ctx, result, capture);
  return paid;
}

/** The simulated window's failure: recorded like Razorpay's `payment.failed`. */
export async function simulatedFail(
  ctx: OrderContext,
  userId: string,
  gatewayOrderId: string,
): Promise<{
  razorpay_order_id: string;
  error: { code: string; description: string; reason: string };
}> {
  const result = await ctx.db.transaction((tx) =>
    failPaymentByGatewayIdInTx(tx, gatewayOrderId, userId),
  );
  if (!result) throw new NotFoundError(ORDER_NOT_FOUND);
  return {
    razorpay_order_id: gatewayOrderId,
    error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' },
  };
}
