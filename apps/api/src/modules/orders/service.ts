import { paiseToRupees } from '@makhana/domain/money';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, type ShippingAddress } from '../../db/schema';

/** The spec's Order item (section 3), money in rupees. */
export interface OrderItemView {
  product: string;
  name: string;
  image: string;
  variantWeight: number;
  quantity: number;
  priceAtPurchase: number;
}

/** The spec's Order (section 3), money in rupees. */
export interface OrderView {
  _id: string;
  orderNumber: string;
  user: string;
  items: OrderItemView[];
  shippingCost: number;
  totalAmount: number;
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  paymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
  status: (typeof orders.$inferSelect)['status'];
  transactionId: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: string;
}

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export function toOrderItemView(row: OrderItemRow): OrderItemView {
  return {
    product: row.productId,
    name: row.name,
    image: row.image,
    variantWeight: row.variantWeight,
    quantity: row.quantity,
    priceAtPurchase: paiseToRupees(row.priceAtPurchasePaise),
  };
}

export function toOrderView(row: OrderRow, items: OrderItemRow[]): OrderView {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    user: row.userId,
    items: items.map(toOrderItemView),
    shippingCost: paiseToRupees(row.shippingCostPaise),
    totalAmount: paiseToRupees(row.totalAmountPaise),
    shippingAddress: row.shippingAddress,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    status: row.status,
    transactionId: row.transactionId,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Orders with their items, in the given row order. */
export async function withItems(db: Executor, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return rows.map((row) => toOrderView(row, byOrder.get(row.id) ?? []));
}

/** One customer's orders, or every order for the owner (`userId` null); newest first. */
export async function listOrders(
  db: Executor,
  scope: { userId: string | null },
): Promise<OrderView[]> {
  const query = db.select().from(orders).$dynamic();
  const rows = await (scope.userId ? query.where(eq(orders.userId, scope.userId)) : query).orderBy(
    desc(orders.createdAt),
    desc(orders.id),
  );
  return withItems(db, rows);
}
