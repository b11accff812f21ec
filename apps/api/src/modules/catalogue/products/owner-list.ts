import type { PageMeta } from '@makhana/domain/api';
import type { OwnerProductSort, OwnerProductsQuery } from '@makhana/domain/contracts/owner';
import type { Product } from '@makhana/domain/product';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { containing, offsetOf } from '../../../lib/search';
import { heldUnitsByVariant } from '../../checkout';
import { lowStockProductIds } from './low-stock';
import { freeStockSql, listProducts } from './service';

/**
 * The first `take` matching products by lowest free stock (shelf minus unexpired active
 * reservations, never below 0; 0 without a weight), and a few more, each with that figure. Free
 * stock never exceeds the shelf, so a product beyond the first `take` by lowest shelf stock can only
 * rank among them if it holds a reservation or has no weight: the first `take` are read along the
 * stock index, and only the products holding reservations are computed weight by weight, instead
 * of every weight of the shop on each call.
 */
function lowestFreeStock(db: Database, matching: SQL | undefined, take: number) {
  const other = alias(productVariants, 'other');
  // Each product once, at its weight with the least on the shelf (the lowest id among equals).
  const lowerOnShelf = db
    .select({ one: sql`1` })
    .from(other)
    .where(
      and(
        eq(other.productId, productVariants.productId),
        isNull(other.removedAt),
        sql`(${other.stock}, ${other.id}) < (${productVariants.stock}, ${productVariants.id})`,
      ),
    );
  const byShelf = db
    .select({ productId: productVariants.productId, lowest: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(productVariants.removedAt), matching, notExists(lowerOnShelf)))
    .orderBy(asc(productVariants.stock), desc(products.createdAt), desc(products.id))
    .limit(take);

  const held = heldUnitsByVariant(db, 'held');
  const holding = heldUnitsByVariant(db, 'holding');
  const holders = db
    .select({ productId: other.productId })
    .from(holding)
    .innerJoin(other, eq(other.id, holding.variantId));
  const byFreeStock = db
    .select({
      productId: productVariants.productId,
      lowest: sql<number>`min(${freeStockSql(productVariants.stock, held.held)})`,
    })
    .from(productVariants)
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .where(and(isNull(productVariants.removedAt), inArray(productVariants.productId, holders)))
    .groupBy(productVariants.productId);

  const weightless = db
    .select({ productId: products.id, lowest: sql<number>`0` })
    .from(products)
    .where(
      and(
        matching,
        notExists(
          db
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.productId, products.id), isNull(other.removedAt))),
        ),
      ),
    );

  const candidates = unionAll(byShelf, byFreeStock, weightless).as('candidate');
  return db
    .select({
      productId: candidates.productId,
      lowest: sql<number>`min(${candidates.lowest})`.as('lowest'),
    })
    .from(candidates)
    .groupBy(candidates.productId)
    .as('lowest_stock');
}

/**
 * The ids whose name, flavour or sku, or a shown weight's sku, holds the words: one branch per
 * column, so that each reads its own trigram index (one OR across them reads every row).
 */
function matchingIds(db: Database, words: string) {
  const byColumn = (column: Column) =>
    db.select({ id: products.id }).from(products).where(ilike(column, words));
  return unionAll(
    byColumn(products.name),
    byColumn(products.variant),
    byColumn(products.sku),
    db
      .select({ id: productVariants.productId })
      .from(productVariants)
      .where(and(isNull(productVariants.removedAt), ilike(productVariants.sku, words))),
  );
}

function orderOf(sort: Exclude<OwnerProductSort, 'stock-asc'>): SQL[] {
  const byName = [asc(sql`lower(${products.name})`), asc(products.id)];
  switch (sort) {
    case 'name':
      return byName;
    case 'price-asc':
      return [asc(products.pricePaise), ...byName];
    case 'price-desc':
      // Read backwards along the price index, names in order within a price.
      return [desc(products.pricePaise), ...byName];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/**
 * The owner's products a page at a time, deleted ones left out: the page's ids first (searched
 * over name, flavour and every sku shown, and sorted), then those products alone built as the shop
 * builds them. Read fresh, never from the catalogue cache, so the owner sees a write at once.
 */
export async function listOwnerProducts(
  db: Database,
  query: OwnerProductsQuery,
): Promise<{ products: Product[]; meta: PageMeta }> {
  const words = containing(query.q);
  const matching = and(
    isNull(products.deletedAt),
    words ? inArray(products.id, matchingIds(db, words)) : undefined,
    query.lowStock ? inArray(products.id, lowStockProductIds(db)) : undefined,
  );
  const pageOf = () => {
    if (query.sort !== 'stock-asc') {
      return db
        .select({ id: products.id })
        .from(products)
        .where(matching)
        .orderBy(...orderOf(query.sort));
    }
    // The lowest first; among equals the newest, which is cheaper to sort than names.
    const lowest = lowestFreeStock(db, matching, offsetOf(query) + query.limit);
    return db
      .select({ id: products.id })
      .from(products)
      .innerJoin(lowest, eq(lowest.productId, products.id))
      .where(matching)
      .orderBy(asc(lowest.lowest), desc(products.createdAt), desc(products.id));
  };
  const [pageRows, [counted]] = await Promise.all([
    pageOf().limit(query.limit).offset(offsetOf(query)),
    db.select({ n: count() }).from(products).where(matching),
  ]);
  const ids = pageRows.map((row) => row.id);
  const built = ids.length > 0 ? await listProducts(db, ids) : [];
  const byId = new Map(built.map((product) => [product._id, product]));
  // A product deleted between the two reads is simply left out of the page.
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  const { limit } = query;
  return { products: page, meta: { page: query.page, limit, total: Number(counted?.n ?? 0) } };
}
