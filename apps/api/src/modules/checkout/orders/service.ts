import type { PageMeta } from '@makhana/domain/api';
import type { OwnerOrdersQuery } from '@makhana/domain/contracts/owner';
import { paiseToRupees } from '@makhana/domain/money';
import type {
  OrderItem as OrderItemView,
  OrderRefund,
  OrderReturn,
  OrderShipment,
  Order as OrderView,
} from '@makhana/domain/orders';
import { SHIPPING_PART } from '@makhana/domain/refunds';
import { COURIER_NAMES, scanLabel } from '@makhana/domain/shipping';
import { formatNetQuantity } from '@makhana/domain/unit-price';
import { and, asc, desc, eq, gte, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { parsedJson, type RawRow, rawRows, tableRow } from '../../../db/raw';
import {
  extraPayments,
  orderItems,
  orderStatusEvents,
  orders,
  refunds,
  returnRequests,
  shipmentScans,
  shipments,
  taxDocuments,
} from '../../../db/schema';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { containing, offsetOf } from '../../../lib/search';
import { type IssuedDocument, orderDocuments } from '../../invoicing';
import { indiaMonthStart } from '../figures/india-calendar';
import { hasOpenReturn, isPaidOrder, isSaleOrder, isToShipOrder, owesMoneyBack } from './rules';

export const ORDER_NOT_FOUND = 'Order not found';
/** The order page's words when an order cannot be shown (docs/product.md#order-page). */
export const ORDER_LOOKUP_FAILED = 'Order not found.';

/** An order and its items as the API sends them, money in rupees, shared with the storefront. */
export type { Order as OrderView, OrderItem as OrderItemView } from '@makhana/domain/orders';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderStatusEventRow = typeof orderStatusEvents.$inferSelect;
export type ExtraPaymentRow = typeof extraPayments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type ReturnRow = typeof returnRequests.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentScanRow = typeof shipmentScans.$inferSelect;

export function toOrderItemView(row: OrderItemRow): OrderItemView {
  return {
    _id: row.id,
    product: row.productId,
    name: row.name,
    image: row.image,
    variantWeight: row.variantWeight,
    quantity: row.quantity,
    priceAtPurchase: paiseToRupees(row.priceAtPurchasePaise),
    discount: paiseToRupees(row.discountPaise),
  };
}

/** What an order view shows beside the order's row and lines. */
export interface OrderRelated {
  events: OrderStatusEventRow[];
  extras: ExtraPaymentRow[];
  documents: IssuedDocument[];
  refunds: RefundRow[];
  returns: ReturnRow[];
  shipment: ShipmentRow | null;
  scans: ShipmentScanRow[];
}

export function toOrderView(
  row: OrderRow,
  items: OrderItemRow[],
  related: Partial<OrderRelated> = {},
): OrderView {
  const {
    events = [],
    extras = [],
    documents = [],
    refunds: refundRows = [],
    returns: returnRows = [],
    shipment = null,
    scans = [],
  } = related;
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
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: row.discountCode
      ? { code: row.discountCode, amount: paiseToRupees(row.discountPaise) }
      : null,
    currency: row.currency,
    needsRefund: row.needsRefund,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAmount: paiseToRupees(row.refundedPaise),
    refunds: refundRows.map((refund) => toRefundView(refund, items)),
    returns: returnRows.map((request) => toReturnView(request, items)),
    extraPayments: extras.map((extra) => ({
      paymentId: extra.paymentId,
      amount: paiseToRupees(extra.amountPaise),
      capturedAt: extra.capturedAt.toISOString(),
      refundId: extra.refundId,
      refundedAt: extra.refundedAt?.toISOString() ?? null,
      refundFailure: extra.refundFailure,
    })),
    history: events.map((event) => ({
      event: event.event,
      by: event.actor,
      from: event.fromStatus,
      to: event.toStatus,
      at: event.createdAt.toISOString(),
      trackingNumber: event.trackingNumber,
      trackingUrl: event.trackingUrl,
      note: event.note,
    })),
    shipment: shipment && toShipmentView(shipment, scans),
    ...orderDocuments(documents),
  };
}

export function toShipmentView(shipment: ShipmentRow, scans: ShipmentScanRow[]): OrderShipment {
  return {
    courier: COURIER_NAMES[shipment.courier],
    waybill: shipment.waybill,
    state: shipment.state,
    failure: shipment.failure,
    undelivered: shipment.undelivered,
    trackedAt: shipment.trackedAt?.toISOString() ?? null,
    scans: scans.map((scan) => ({
      at: scan.at.toISOString(),
      status: scanLabel(scan),
      location: scan.location,
    })),
  };
}

/** An order line's name as the invoice prints it: "Roasted Makhana 100 g". */
export const lineLabel = (line: OrderItemRow) =>
  `${line.name} ${formatNetQuantity(line.variantWeight)}`;

/** The name a refund's part shows: its line's, or the shipping's. */
export function partName(item: string, items: OrderItemRow[]): string {
  if (item === SHIPPING_PART) return 'Shipping';
  const line = items.find((candidate) => candidate.id === item);
  return line ? lineLabel(line) : 'A line no longer listed';
}

export function toRefundView(refund: RefundRow, items: OrderItemRow[]): OrderRefund {
  return {
    id: refund.id,
    amount: paiseToRupees(refund.amountPaise),
    reason: refund.reason,
    by: refund.actor,
    status: refund.state,
    refundId: refund.gatewayRefundId,
    failure: refund.failure,
    createdAt: refund.createdAt.toISOString(),
    initiatedAt: refund.initiatedAt?.toISOString() ?? null,
    processedAt: refund.processedAt?.toISOString() ?? null,
    lines: refund.parts.map((part) => ({
      item: part.item,
      name: partName(part.item, items),
      quantity: part.quantity,
      amount: paiseToRupees(part.amountPaise),
      restocked: part.restock,
    })),
  };
}

export function toReturnView(request: ReturnRow, items: OrderItemRow[]): OrderReturn {
  return {
    id: request.id,
    state: request.state,
    reason: request.reason,
    note: request.note,
    lines: request.lines.map((line) => ({
      item: line.item,
      name: partName(line.item, items),
      quantity: line.quantity,
    })),
    photos: request.photos.length,
    decisionNote: request.decisionNote,
    requestedAt: request.requestedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    receivedAt: request.receivedAt?.toISOString() ?? null,
    refundedAt: request.refundedAt?.toISOString() ?? null,
  };
}

function groupByOrder<T extends { orderId: string }>(rows: T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** Orders with their items, status moves and extra payments, in the given row order. */
export async function withItems(db: Executor, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id));
  const events = await db
    .select()
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, ids))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  const extras = await db
    .select()
    .from(extraPayments)
    .where(inArray(extraPayments.orderId, ids))
    .orderBy(asc(extraPayments.capturedAt), asc(extraPayments.id));
  const documents = await db
    .select({ orderId: taxDocuments.orderId, document: taxDocuments.document })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, ids))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
  const refundRows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, ids))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const returnRows = await db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, ids))
    .orderBy(asc(returnRequests.requestedAt), asc(returnRequests.id));
  const shipmentRows = await db.select().from(shipments).where(inArray(shipments.orderId, ids));
  const scanRows = await db
    .select()
    .from(shipmentScans)
    .where(inArray(shipmentScans.orderId, ids))
    .orderBy(asc(shipmentScans.at), asc(shipmentScans.id));
  const itemsOf = groupByOrder(items);
  const eventsOf = groupByOrder(events);
  const extrasOf = groupByOrder(extras);
  const documentsOf = groupByOrder(documents);
  const refundsOf = groupByOrder(refundRows);
  const returnsOf = groupByOrder(returnRows);
  const shipmentOf = new Map(shipmentRows.map((shipment) => [shipment.orderId, shipment]));
  const scansOf = groupByOrder(scanRows);
  return rows.map((row) =>
    toOrderView(row, itemsOf.get(row.id) ?? [], {
      events: eventsOf.get(row.id),
      extras: extrasOf.get(row.id),
      documents: (documentsOf.get(row.id) ?? []).map(
        (d) => d.document as unknown as IssuedDocument,
      ),
      refunds: refundsOf.get(row.id),
      returns: returnsOf.get(row.id),
      shipment: shipmentOf.get(row.id) ?? null,
      scans: scansOf.get(row.id),
    }),
  );
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

/** A customer's newest orders, for the owner's page of that customer. */
export async function recentOrdersOf(
  db: Executor,
  userId: string,
  limit: number,
): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return withItems(db, rows);
}

/**
 * A text field of the order's shipping address (the checkout form's copy). The key is written
 * into the SQL, not bound: a bound key's type is ambiguous to `->>`, and the names are ours.
 */
const addressField = (field: 'firstName' | 'lastName' | 'email' | 'phone') =>
  sql<string>`(${orders.shippingAddress} ->> ${sql.raw(`'${field}'`)})`;

/**
 * The owner's search: the order number, the customer's name as the address gives it (either
 * part, or both as "first last"), their e-mail or phone; case does not matter.
 */
function ownerSearch(q: string | undefined): SQL | undefined {
  const words = containing(q);
  if (!words) return undefined;
  const fullName = sql`(${addressField('firstName')} || ' ' || ${addressField('lastName')})`;
  return or(
    ilike(orders.orderNumber, words),
    ilike(fullName, words),
    ilike(addressField('email'), words),
    ilike(addressField('phone'), words),
  );
}

/** Up to this many orders found by a search are sorted after they are found (see below). */
const FEW_MATCHES = 2_000;

/**
 * The owner's orders, newest first, one page at a time. Items and status moves are read for the
 * page's orders only, so a page costs the same however many orders the shop has taken.
 */
export async function listOwnerOrders(
  db: Executor,
  query: OwnerOrdersQuery,
): Promise<{ orders: OrderView[]; meta: PageMeta }> {
  const matching = and(
    ownerSearch(query.q),
    query.status ? eq(orders.status, query.status) : undefined,
    query.paymentStatus ? eq(orders.paymentStatus, query.paymentStatus) : undefined,
    query.needsRefund ? owesMoneyBack : undefined,
    query.returns === 'open' ? hasOpenReturn : undefined,
    query.paid === 'true' ? isPaidOrder : query.paid === 'false' ? not(isPaidOrder) : undefined,
    query.toShip ? isToShipOrder : undefined,
    query.sales ? isSaleOrder : undefined,
    query.sales === 'this-month' ? gte(orders.paidAt, indiaMonthStart(new Date())) : undefined,
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(matching);
  const total = Number(counted?.total ?? 0);
  // A search matching few orders is read through its own indexes and sorted: walking the
  // newest-first index instead finds them only by reading most of the table (a name's 81 orders
  // among 100,000 took 170 ms), and PostgreSQL's guess of how many match is too rough to choose
  // (it guessed 922 there). The count just taken decides; an expression no index serves makes
  // the sort explicit.
  const newestFirst =
    query.q && total <= FEW_MATCHES
      ? desc(sql`${orders.createdAt} + interval '0 seconds'`)
      : desc(orders.createdAt);
  // The page's ids first, from the index alone; only those rows are read whole, so a deep page
  // does not read every order it skips.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(matching)
    .orderBy(newestFirst, desc(orders.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, pageIds))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const { page, limit } = query;
  return {
    orders: await withItems(db, rows),
    meta: { page, limit, total },
  };
}

/** An order row with its items and status moves, read together. */
export interface OrderRead {
  row: OrderRow;
  view: OrderView;
  /** the history's rows, oldest first; absent when the order was read without them */
  events?: OrderStatusEventRow[];
  /** its refunds, oldest first; absent when the order was read without them */
  refunds?: RefundRow[];
  /** its returns, oldest first; absent when the order was read without them */
  returns?: ReturnRow[];
}

/**
 * The orders a condition on `o` (the orders table) picks, each with its items and status moves,
 * in one statement.
 */
export async function readOrders(db: Executor, where: SQL): Promise<OrderRead[]> {
  const rows = await rawRows(
    db,
    sql`select o.*,
          (select json_agg(i order by i.position, i.id) from order_items i
            where i.order_id = o.id) as "__items",
          (select json_agg(e order by e.created_at, e.id) from order_status_events e
            where e.order_id = o.id) as "__events",
          (select json_agg(x order by x.captured_at, x.id) from extra_payments x
            where x.order_id = o.id) as "__extras",
          (select json_agg(d.document order by d.issued_at, d.id) from tax_documents d
            where d.order_id = o.id) as "__documents",
          (select json_agg(f order by f.created_at, f.id) from refunds f
            where f.order_id = o.id) as "__refunds",
          (select json_agg(r order by r.requested_at, r.id) from return_requests r
            where r.order_id = o.id) as "__returns",
          (select row_to_json(s) from shipments s where s.order_id = o.id) as "__shipment",
          (select json_agg(c order by c.at, c.id) from shipment_scans c
            where c.order_id = o.id) as "__scans"
        from orders o where ${where}`,
  );
  return rows.map((raw) => {
    const row = tableRow(orders, raw);
    const items = parsedJson<RawRow[]>(raw.__items, []).map((i) => tableRow(orderItems, i));
    const events = parsedJson<RawRow[]>(raw.__events, []).map((e) =>
      tableRow(orderStatusEvents, e),
    );
    const extras = parsedJson<RawRow[]>(raw.__extras, []).map((x) => tableRow(extraPayments, x));
    const documents = parsedJson<IssuedDocument[]>(raw.__documents, []);
    const refundRows = parsedJson<RawRow[]>(raw.__refunds, []).map((f) => tableRow(refunds, f));
    const returnRows = parsedJson<RawRow[]>(raw.__returns, []).map((r) =>
      tableRow(returnRequests, r),
    );
    const shipmentRaw = parsedJson<RawRow | null>(raw.__shipment, null);
    const shipment = shipmentRaw ? tableRow(shipments, shipmentRaw) : null;
    const scans = parsedJson<RawRow[]>(raw.__scans, []).map((c) => tableRow(shipmentScans, c));
    return {
      row,
      view: toOrderView(row, items, {
        events,
        extras,
        documents,
        refunds: refundRows,
        returns: returnRows,
        shipment,
        scans,
      }),
      events,
      refunds: refundRows,
      returns: returnRows,
    };
  });
}

/** One order with its items; throws the given 404 when it is missing. */
export async function orderView(
  db: Executor,
  orderId: string,
  notFound = ORDER_NOT_FOUND,
): Promise<OrderView> {
  if (!isUuid(orderId)) throw new NotFoundError(notFound);
  const [read] = await readOrders(db, sql`o.id = ${orderId}`);
  if (!read) throw new NotFoundError(notFound);
  return read.view;
}

/**
 * `order-id-details`: a customer reads only their own order, the owner any. Someone else's order
 * answers exactly like a missing one, so ids cannot be probed.
 */
export async function orderDetails(
  db: Executor,
  orderId: string,
  viewer: { userId: string | null },
): Promise<OrderView> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_LOOKUP_FAILED);
  const [read] = await readOrders(
    db,
    viewer.userId
      ? sql`o.id = ${orderId} and o.user_id = ${viewer.userId}`
      : sql`o.id = ${orderId}`,
  );
  if (!read) throw new NotFoundError(ORDER_LOOKUP_FAILED);
  return read.view;
}
