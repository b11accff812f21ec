/**
 * Stock held and sold through reservation records (docs/decisions/009). An order holds units with
 * `active` reservations until it expires; payment turns them `committed` and takes the units off
 * the shelf in the same transaction; cancelling or expiring turns them `released`. Free stock is
 * the shelf minus unexpired active reservations. Every function here runs inside the caller's
 * transaction, and variant rows are always locked in sku order so two writers never deadlock.
 */
import { and, asc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import {
  orders,
  productImages,
  products,
  productVariants,
  stockReservations,
} from '../../../db/schema';
import { takeFromShelf } from '../../catalogue';

export interface LockedVariant {
  id: string;
  sku: string;
  productId: string;
  weightGrams: number;
  pricePaise: number;
  stock: number;
  productName: string;
  /** the owner's switch on the product */
  inStock: boolean;
  /** the owner deleted the product or removed this weight: no longer sold */
  withdrawn: boolean;
}

const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  productId: productVariants.productId,
  weightGrams: productVariants.weightGrams,
  pricePaise: productVariants.pricePaise,
  stock: productVariants.stock,
  productName: products.name,
  inStock: products.inStock,
  withdrawn: sql<boolean>`(${products.deletedAt} is not null or ${productVariants.removedAt} is not null)`,
};

/** Locks the variants a condition picks, always in sku order so two writers never deadlock. */
function lockVariantsWhere(tx: Transaction, condition: SQL): Promise<LockedVariant[]> {
  return tx
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(condition)
    .orderBy(asc(productVariants.sku))
    .for('update', { of: productVariants });
}

/** The variants with these skus as they are now, unlocked. Missing skus are absent. */
export async function readVariantsBySku(tx: Transaction, skus: string[]): Promise<LockedVariant[]> {
  if (skus.length === 0) return [];
  return tx
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.sku, [...new Set(skus)]));
}

/** Locks the variants with these skus (`SELECT ... FOR UPDATE`, in sku order). Missing skus are absent. */
export async function lockVariantsBySku(tx: Transaction, skus: string[]): Promise<LockedVariant[]> {
  if (skus.length === 0) return [];
  return lockVariantsWhere(tx, inArray(productVariants.sku, [...new Set(skus)]));
}

/** Locks the variants with these ids, in sku order like every other writer. */
export async function lockVariantsById(tx: Transaction, ids: string[]): Promise<LockedVariant[]> {
  if (ids.length === 0) return [];
  return lockVariantsWhere(tx, inArray(productVariants.id, [...new Set(ids)]));
}

/** Units of each variant held by unexpired active reservations, leaving out one order's own. */
export async function heldStock(
  tx: Transaction,
  variantIds: string[],
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: stockReservations.variantId,
      held: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .where(
      and(
        inArray(stockReservations.variantId, variantIds),
        eq(stockReservations.status, 'active'),
        gt(stockReservations.expiresAt, sql`now()`),
        exceptOrderId ? ne(stockReservations.orderId, exceptOrderId) : undefined,
      ),
    )
    .groupBy(stockReservations.variantId);
  return new Map(rows.map((r) => [r.variantId, Number(r.held)]));
}

/**
 * Units of each variant one customer holds: what their unexpired active reservations hold, plus
 * what any of their reservations made in the last `windowMinutes` held before a cancellation or
 * expiry released it, so cancelling and ordering again cannot renew a hold forever. Sold
 * (committed) units are bought, not held, and never count.
 */
export async function unitsHeldBy(
  tx: Transaction,
  userId: string,
  variantIds: string[],
  windowMinutes: number,
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: stockReservations.variantId,
      held: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .innerJoin(orders, eq(orders.id, stockReservations.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(stockReservations.variantId, variantIds),
        ne(stockReservations.status, 'committed'),
        or(
          and(eq(stockReservations.status, 'active'), gt(stockReservations.expiresAt, sql`now()`)),
          gt(stockReservations.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
        ),
      ),
    )
    .groupBy(stockReservations.variantId);
  return new Map(rows.map((r) => [r.variantId, Number(r.held)]));
}

/** Free units of each locked variant: shelf minus what other pending orders hold, never below zero. */
export async function freeStockOf(
  tx: Transaction,
  variants: LockedVariant[],
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  const held = await heldStock(
    tx,
    variants.map((v) => v.id),
    exceptOrderId,
  );
  return new Map(variants.map((v) => [v.id, Math.max(0, v.stock - (held.get(v.id) ?? 0))]));
}

/** The main picture of each product, for order lines. */
export async function mainImages(
  tx: Transaction,
  productIds: string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, [...new Set(productIds)]))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  const images = new Map<string, string>();
  for (const row of rows) if (!images.has(row.productId)) images.set(row.productId, row.url);
  return images;
}

/** Holds units for an order until `expiresAt` (the order's own expiry, read from the database's clock). */
export async function reserve(
  tx: Transaction,
  orderId: string,
  lines: { variantId: string; quantity: number }[],
  expiresAt: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(stockReservations)
    .values(
      lines.map((l) => ({ orderId, variantId: l.variantId, quantity: l.quantity, expiresAt })),
    );
}

export type ReservationRow = typeof stockReservations.$inferSelect;

export async function reservationsOf(tx: Transaction, orderId: string): Promise<ReservationRow[]> {
  return tx
    .select()
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId))
    .orderBy(asc(stockReservations.id));
}

/**
 * Sells what an order holds: each reservation not yet committed becomes `committed` and its
 * units leave the shelf. The caller has locked the variant rows and checked the stock; the
 * table's CHECK (stock >= 0) stops anything that slipped through.
 */
export async function commitReservations(tx: Transaction, orderId: string): Promise<void> {
  const rows = await tx
    .update(stockReservations)
    .set({ status: 'committed' })
    .where(and(eq(stockReservations.orderId, orderId), ne(stockReservations.status, 'committed')))
    .returning({ variantId: stockReservations.variantId, quantity: stockReservations.quantity });
  for (const row of rows) await takeFromShelf(tx, row.variantId, row.quantity);
}

/** Gives back what an order holds. Committed (sold) units stay sold. */
export async function releaseReservations(tx: Transaction, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx
    .update(stockReservations)
    .set({ status: 'released' })
    .where(
      and(inArray(stockReservations.orderId, orderIds), eq(stockReservations.status, 'active')),
    )
    .returning({ id: stockReservations.id });
  return rows.length;
}
