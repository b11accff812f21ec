/**
 * The order rules other code asks about, as conditions on the orders table: the SQL side of the
 * domain's `isPaid`, `isSale` and `isToShip` (docs/product.md#a-sale), so that the owner's figures, the
 * customers' spending, the accountant's export and the reviews' verified-buyer mark agree.
 */
import { PAID_PAYMENT_STATUSES } from '@makhana/domain/order-state';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';

/** A payment was captured for the order, whether it became a sale or went back since. */
export const isPaidOrder: SQL = inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]);

/** Money kept for goods: captured, not refunded, not waiting for a refund. */
export const isSaleOrder: SQL = and(
  eq(orders.paymentStatus, 'completed'),
  eq(orders.needsRefund, false),
)!;

/**
 * What an order kept of its payment: its total less what its refunds gave back. A sale's revenue,
 * wherever the shop counts it (the dashboard, a customer's spending), is this.
 */
export const keptPaise: SQL = sql`(${orders.totalAmountPaise} - ${orders.refundedPaise})`;

/** A sale still in the shop: Confirmed, not yet shipped. */
export const isToShipOrder: SQL = and(isSaleOrder, eq(orders.status, 'Confirmed'))!;

/**
 * A verified buyer: the customer has a sale with a line of the product. Written as `exists`, for
 * a query whose rows name the customer and the product (a review). Built with a join so that
 * every column is named with its table: the customer and product columns are the outer query's.
 */
export function boughtBy(db: Executor, customerId: SQLWrapper, productId: SQLWrapper): SQL {
  const saleLine = db
    .select({ one: sql`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, customerId), eq(orderItems.productId, productId), isSaleOrder));
  return sql`exists (${saleLine})`;
}

/**
 * An order with money to give back: paid but unable to ship, paid a second time with that
 * payment not refunded yet, or a refund the bank sent back. Written as `in` a union of the three
 * short lists, each read from its own index, rather than an `or` that would have every order
 * checked.
 */
export const owesMoneyBack: SQL = sql`${orders.id} in (
  select o.id from orders o where o.needs_refund
  union select x.order_id from extra_payments x where x.refunded_at is null
  union select f.order_id from refunds f where f.state = 'failed')`;

/** An order with a return waiting for the owner: to decide, to receive, or to refund. */
export const hasOpenReturn: SQL = sql`${orders.id} in (
  select r.order_id from return_requests r where r.state in ('requested', 'approved', 'received'))`;
