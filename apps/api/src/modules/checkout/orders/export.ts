import { Readable } from 'node:stream';
import type { OrderExportQuery } from '@makhana/domain/contracts/owner';
import { indiaLocalTime } from '@makhana/domain/india-time';
import { and, asc, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { csvLine } from '../../../lib/csv';
import { indiaDayStart } from '../figures/india-calendar';
import { isPaidOrder } from './rules';

/** Orders read a batch at a time, so the export holds a few hundred orders whatever the range. */
const BATCH = 200;

export const EXPORT_HEADER = [
  'Order number',
  'Order date (IST)',
  'Paid at (IST)',
  'Customer name',
  'E-mail',
  'Phone',
  'City',
  'State',
  'Pincode',
  'Product',
  'Weight (g)',
  'SKU',
  'Quantity',
  'Unit price (₹, incl. GST)',
  'Line total (₹)',
  'Discount code',
  'Line discount (₹)',
  'Shipping (₹)',
  'Order total (₹)',
  'Refunded (₹)',
  'Payment status',
  'Order status',
  'Payment id',
] as const;

/** The file's name: the range as asked, digits and dashes only once checked. */
export const exportFileName = (range: OrderExportQuery) =>
  `orders-${range.from}-to-${range.to}.csv`;

/** The instants the range covers: from the start of `from` to the end of `to`, India's days. */
export function exportInstants(range: OrderExportQuery): { start: Date; end: Date } {
  // `YYYY-MM-DD` parses as UTC midnight, which is 05:30 that same day in India.
  return {
    start: indiaDayStart(new Date(`${range.from}T00:00:00Z`)),
    end: indiaDayStart(new Date(`${range.to}T00:00:00Z`), 1),
  };
}

/** Integer paise as rupees with two decimals; amounts here are never negative. */
export function rupees(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** `2026-11-01 15:30`, India's time. */
export function indiaDateTime(instant: Date | null): string {
  return instant ? indiaLocalTime(instant).replace('T', ' ') : '';
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

function orderLines(order: OrderRow, items: ItemRow[]): string {
  const address = order.shippingAddress;
  return items
    .map((item, index) =>
      csvLine([
        order.orderNumber,
        indiaDateTime(order.createdAt),
        indiaDateTime(order.paidAt),
        `${address.firstName} ${address.lastName}`.trim(),
        address.email,
        address.phone,
        address.city,
        address.state,
        address.pincode,
        item.name,
        item.variantWeight,
        item.sku,
        item.quantity,
        rupees(item.priceAtPurchasePaise),
        rupees(item.priceAtPurchasePaise * item.quantity),
        order.discountCode ?? '',
        rupees(item.discountPaise),
        index === 0 ? rupees(order.shippingCostPaise) : '',
        rupees(order.totalAmountPaise),
        rupees(order.refundedPaise),
        order.paymentStatus,
        order.status,
        order.transactionId ?? '',
      ]),
    )
    .join('');
}

/**
 * The orders paid within the range, a refunded one included (its status and what its refunds
 * gave back say so), oldest
 * payment first, one line per order line. Read in batches by (paid_at, id), so the file is
 * written as it is read and never held whole.
 */
async function* exportLines(db: Executor, range: OrderExportQuery): AsyncGenerator<string> {
  const { start, end } = exportInstants(range);
  // A byte-order mark, so that a spreadsheet opening the file reads it as UTF-8 (₹, names).
  yield `\uFEFF${csvLine([...EXPORT_HEADER])}`;
  let after: { paidAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${orders.paidAt}, ${orders.id}) > (${after.paidAt.toISOString()}::timestamptz, ${after.id})`
      : undefined;
    const batch: OrderRow[] = await db
      .select()
      .from(orders)
      .where(and(isPaidOrder, gte(orders.paidAt, start), lt(orders.paidAt, end), keyset))
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(BATCH);
    if (batch.length === 0) return;
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          batch.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id));
    const itemsOf = new Map<string, ItemRow[]>();
    for (const item of items)
      itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
    yield batch.map((order) => orderLines(order, itemsOf.get(order.id) ?? [])).join('');
    const last = batch.at(-1) as OrderRow;
    after = { paidAt: last.paidAt as Date, id: last.id };
    if (batch.length < BATCH) return;
  }
}

/** The export as a stream of UTF-8 text. */
export function orderExport(db: Executor, range: OrderExportQuery): Readable {
  return Readable.from(exportLines(db, range));
}
