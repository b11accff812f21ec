/**
 * Mails about a paid order: the customer's confirmation (or, when the stock was gone, the notice
 * of a refund) and the owner's new-order notice (or refund alert). The capture's transaction
 * claims them for its process, which sends them once it commits; each one sent is stamped on the
 * order, so a failed one is retried by the sweeper (which claims unsent mails whose claim is
 * released or stale) and a sent one is not sent again. The claim keeps two processes from
 * sending the same order's mails at once.
 */

import { POLICY } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { renderMail } from '../../../adapters/mail/template';
import type { Database } from '../../../db/client';
import { orderStatusEvents, orders } from '../../../db/schema';
import type { OrderContext } from './context';
import { type OrderRead, type OrderView, readOrders } from './service';

/** A claim older than this belongs to a process that died mid-send. */
const CLAIM_STALE = sql`now() - interval '5 minutes'`;
/** Mails of orders paid longer ago than this are given up (logged once a sweep). */
const RETRY_WINDOW = sql`now() - interval '48 hours'`;

async function claim(db: Database, options: { limit: number }): Promise<string[]> {
  const candidates = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'completed'),
        or(isNull(orders.confirmationMailedAt), isNull(orders.ownerNotifiedAt)),
        or(isNull(orders.mailClaimedAt), lt(orders.mailClaimedAt, CLAIM_STALE)),
        gt(orders.paidAt, RETRY_WINDOW),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(orders)
    .set({ mailClaimedAt: sql`now()` })
    .where(inArray(orders.id, candidates))
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

/** The sweeper's part: retries unsent mails of recently paid orders. Returns how many orders. */
export async function retryOrderMails(ctx: OrderContext, limit = 20): Promise<number> {
  const claimed = await claim(ctx.db, { limit });
  for (const id of claimed) {
    const [read] = await readOrders(ctx.db, sql`o.id = ${id}`);
    if (read) await sendClaimedOrderMails(ctx, read);
  }
  return claimed.length;
}

/**
 * Sends the mails not yet sent of a paid order this process has claimed, then stamps those sent
 * and releases the claim in one statement. Never throws. A process that dies between a send and
 * the stamp leaves that mail to be sent again by the sweeper: sent twice rather than lost.
 */
export async function sendClaimedOrderMails(ctx: OrderContext, read: OrderRead): Promise<void> {
  const { row, view } = read;
  const orderId = row.id;
  let customerSent = false;
  let ownerSent = false;
  try {
    if (!row.confirmationMailedAt) {
      customerSent = await trySend(ctx, orderId, 'customer', async () => {
        // An erased customer's order keeps no e-mail: with no one to tell, the mail is done.
        if (view.shippingAddress.email) {
          await ctx.mailer.send({ to: view.shippingAddress.email, ...customerMail(ctx, view) });
        }
      });
    }
    if (!row.ownerNotifiedAt) {
      ownerSent = await trySend(ctx, orderId, 'owner', () =>
        ctx.mailer.send({ to: ctx.settings.ownerEmail, ...ownerMail(ctx, view) }),
      );
    }
  } finally {
    await ctx.db
      .update(orders)
      .set({
        mailClaimedAt: null,
        ...(customerSent ? { confirmationMailedAt: sql`now()` } : {}),
        ...(ownerSent ? { ownerNotifiedAt: sql`now()` } : {}),
      })
      .where(eq(orders.id, orderId))
      .catch((error: unknown) =>
        ctx.log.error(
          { err: error, orderId },
          'order mails not stamped; the sweeper sends them again',
        ),
      );
  }
}

/** Whether the mail went out; a failure is logged and left to the sweeper. */
async function trySend(
  ctx: OrderContext,
  orderId: string,
  recipient: 'customer' | 'owner',
  send: () => Promise<void>,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    ctx.log.error({ err: error, orderId, recipient }, 'order mail failed; the sweeper retries it');
    return false;
  }
}

/** A second payment for an already paid order: the owner must refund it. Best effort. */
export async function sendDuplicateCaptureAlert(
  ctx: OrderContext,
  orderId: string,
  paymentId: string,
): Promise<void> {
  const [read] = await readOrders(ctx.db, sql`o.id = ${orderId}`);
  if (!read) return;
  const { view } = read;
  const content = renderMail({
    heading: 'Refund needed: a second payment',
    paragraphs: [
      `Order ${view.orderNumber} was already paid (payment ${view.transactionId}), and a second payment ${paymentId} was captured for it.`,
      `Please refund ${formatRupees(view.totalAmount)} for payment ${paymentId} from the Razorpay dashboard.`,
      `Customer: ${customerName(view)}, ${view.shippingAddress.email}, ${view.shippingAddress.phone}.`,
    ],
    highlight: view.orderNumber,
  });
  await ctx.mailer.send({
    to: ctx.settings.ownerEmail,
    subject: `Refund needed: second payment for order ${view.orderNumber}`,
    ...content,
  });
}

/** A status move's mail is tried again only while the move is this recent. */
const STATUS_MAIL_WINDOW = sql`now() - interval '3 days'`;

/**
 * The wait after a status mail's latest try: 5 minutes, doubling with each try, at most 6 hours.
 * It also covers a process that died mid-send: its claim is old once the wait is over.
 */
const statusMailBackoff = sql`make_interval(mins => least(5 * power(2, greatest(${orderStatusEvents.mailAttempts} - 1, 0)), 360)::int)`;

/**
 * Takes unsent status mails to send: marks each with this try (time and count) in one statement,
 * skipping rows another process is claiming, so two processes never send the same mail.
 */
async function claimStatusMails(
  db: Database,
  options: { eventId?: string; limit: number },
): Promise<string[]> {
  const candidates = db
    .select({ id: orderStatusEvents.id })
    .from(orderStatusEvents)
    .where(
      and(
        options.eventId ? eq(orderStatusEvents.id, options.eventId) : undefined,
        isNull(orderStatusEvents.customerMailedAt),
        gt(orderStatusEvents.createdAt, STATUS_MAIL_WINDOW),
        or(
          isNull(orderStatusEvents.mailClaimedAt),
          lt(orderStatusEvents.mailClaimedAt, sql`now() - ${statusMailBackoff}`),
        ),
      ),
    )
    .orderBy(asc(orderStatusEvents.createdAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(orderStatusEvents)
    .set({
      mailClaimedAt: sql`now()`,
      mailAttempts: sql`${orderStatusEvents.mailAttempts} + 1`,
    })
    .where(inArray(orderStatusEvents.id, candidates))
    .returning({ id: orderStatusEvents.id });
  return rows.map((r) => r.id);
}

/**
 * The customer's mail about one status move (shipped, with its tracking; delivered; refunded),
 * right after the move commits. Sent once: the move's record is stamped when it goes out; a
 * failure is logged, the move stands, and the sweeper tries again (`retryStatusMails`).
 */
export async function sendStatusMail(ctx: OrderContext, eventId: string): Promise<void> {
  const claimed = await claimStatusMails(ctx.db, { eventId, limit: 1 });
  if (claimed.length > 0) await deliverStatusMail(ctx, eventId);
}

/** The sweeper's part: status mails that failed, each after its backoff. Returns how many. */
export async function retryStatusMails(ctx: OrderContext, limit = 20): Promise<number> {
  const claimed = await claimStatusMails(ctx.db, { limit });
  for (const id of claimed) await deliverStatusMail(ctx, id);
  return claimed.length;
}

async function deliverStatusMail(ctx: OrderContext, eventId: string): Promise<void> {
  try {
    const [event] = await ctx.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.id, eventId));
    if (!event || event.customerMailedAt) return;
    const [read] = await readOrders(ctx.db, sql`o.id = ${event.orderId}`);
    if (!read) return;
    const { view } = read;
    const mail = statusMail(ctx, view, event);
    if (!mail) return;
    // An erased customer's order keeps no e-mail: with no one to tell, the mail is done.
    if (view.shippingAddress.email)
      await ctx.mailer.send({ to: view.shippingAddress.email, ...mail });
    await ctx.db
      .update(orderStatusEvents)
      .set({ customerMailedAt: sql`now()` })
      .where(eq(orderStatusEvents.id, eventId));
  } catch (error) {
    ctx.log.error({ err: error, eventId }, 'order status mail failed; the sweeper retries it');
  }
}

export function statusMail(
  ctx: OrderContext,
  view: OrderView,
  event: Pick<
    typeof orderStatusEvents.$inferSelect,
    'toStatus' | 'trackingNumber' | 'trackingUrl' | 'note'
  >,
): { subject: string; text: string; html: string } | null {
  if (event.toStatus === 'Cancelled' && view.paymentStatus === 'refunded' && view.refund) {
    return {
      subject: `Your refund for order ${view.orderNumber}`,
      ...renderMail({
        heading: 'Your money is on its way back',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, we have cancelled your order ${view.orderNumber} and refunded ${formatRupees(view.totalAmount)} in full.`,
          `Reason: ${event.note ?? view.refund.reason ?? ''}`,
          `The refund reaches your original payment method within ${POLICY.refundBusinessDays} business days. Refund id: ${view.refund.id ?? ''}.`,
          `Order details: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  if (event.toStatus === 'Shipped') {
    return {
      subject: `Your order ${view.orderNumber} has shipped`,
      ...renderMail({
        heading: 'Your order is on its way',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, your order ${view.orderNumber} has shipped.`,
          `Tracking number: ${event.trackingNumber ?? ''}`,
          ...(event.trackingUrl ? [`Track your parcel: ${event.trackingUrl}`] : []),
          `Shipping to: ${addressText(view)}`,
          `Follow your order: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
        footnote: `Standard shipping takes ${POLICY.standardShippingBusinessDays} business days.`,
      }),
    };
  }
  if (event.toStatus === 'Delivered') {
    return {
      subject: `Your order ${view.orderNumber} was delivered`,
      ...renderMail({
        heading: 'Your order was delivered',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, your order ${view.orderNumber} was delivered. We hope you enjoy your makhana!`,
          ...lineTexts(view),
          `Order details: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return null;
}

function customerName(view: OrderView): string {
  return `${view.shippingAddress.firstName} ${view.shippingAddress.lastName}`.trim();
}

function lineTexts(view: OrderView): string[] {
  return view.items.map(
    (item) =>
      `${item.name} ${item.variantWeight}g x ${item.quantity}: ${formatRupees(item.priceAtPurchase * item.quantity)}`,
  );
}

function summaryText(view: OrderView): string {
  const shipping = view.shippingCost === 0 ? 'Free' : formatRupees(view.shippingCost);
  return `Subtotal ${formatRupees(view.subtotal)}, shipping ${shipping}, total ${formatRupees(view.totalAmount)} (GST included).`;
}

function addressText(view: OrderView): string {
  const a = view.shippingAddress;
  return `${customerName(view)}, ${a.address}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}. Phone ${a.phone}.`;
}

function statusLink(ctx: OrderContext, view: OrderView): string {
  return `${ctx.settings.publicUrl}/order-status/${view._id}`;
}

export function customerMail(
  ctx: OrderContext,
  view: OrderView,
): { subject: string; text: string; html: string } {
  if (view.needsRefund || view.status === 'Cancelled') {
    return {
      subject: `Your payment for order ${view.orderNumber} will be refunded`,
      ...renderMail({
        heading: 'We are sorry: your items sold out',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, we received your payment of ${formatRupees(view.totalAmount)} for order ${view.orderNumber}, but the items sold out before the payment reached us, so we could not keep the order.`,
          `The full amount will be refunded to your original payment method within ${POLICY.refundBusinessDays} business days. Payment id: ${view.transactionId}.`,
          `Order details: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return {
    subject: `Order confirmed: ${view.orderNumber}`,
    ...renderMail({
      heading: 'Thank you for your order!',
      paragraphs: [
        `Hi ${view.shippingAddress.firstName}, we have received your payment and your order is confirmed. Your order number:`,
        ...lineTexts(view),
        summaryText(view),
        `Shipping to: ${addressText(view)}`,
        `Follow your order: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
      footnote: `Orders are processed in ${POLICY.processingBusinessDays} business days and standard shipping takes ${POLICY.standardShippingBusinessDays} business days.`,
    }),
  };
}

export function ownerMail(
  ctx: OrderContext,
  view: OrderView,
): { subject: string; text: string; html: string } {
  if (view.needsRefund) {
    return {
      subject: `Refund needed: order ${view.orderNumber} (${formatRupees(view.totalAmount)})`,
      ...renderMail({
        heading: 'Refund needed: paid order could not ship',
        paragraphs: [
          `A payment of ${formatRupees(view.totalAmount)} (payment ${view.transactionId}) was captured for order ${view.orderNumber} after its stock was gone, so the order was cancelled.`,
          `Please refund payment ${view.transactionId} from the Razorpay dashboard; the customer was told to expect it within ${POLICY.refundBusinessDays} business days.`,
          ...lineTexts(view),
          `Customer: ${customerName(view)}, ${view.shippingAddress.email}, ${view.shippingAddress.phone}.`,
          `Order: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return {
    subject: `New order ${view.orderNumber} (${formatRupees(view.totalAmount)})`,
    ...renderMail({
      heading: 'New order received',
      paragraphs: [
        `A paid order is ready to pack. Order number:`,
        ...lineTexts(view),
        summaryText(view),
        `Ship to: ${addressText(view)} E-mail ${view.shippingAddress.email}.`,
        `Payment: ${view.transactionId}. Order: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}
