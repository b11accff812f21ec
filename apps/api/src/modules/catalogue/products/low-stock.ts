import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { heldUnitsByVariant } from '../../checkout';
import { freeStockSql } from './service';

/**
 * The ids of the products low on stock (docs/product.md#owner): listed, not deleted, with a
 * weight whose free stock is below the owner's mark for that weight. A subquery, for the owner's
 * product filter and the dashboard's count alike.
 */
export function lowStockProductIds(db: Executor) {
  const held = heldUnitsByVariant(db, 'low_stock_held');
  return db
    .selectDistinct({ id: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .where(
      and(
        isNull(productVariants.removedAt),
        isNull(products.deletedAt),
        eq(products.inStock, true),
        sql`${freeStockSql(productVariants.stock, held.held)} < ${productVariants.lowStockBelow}`,
      ),
    );
}

/** How many products are low on stock, for the owner's dashboard. */
export async function countLowStockProducts(db: Executor): Promise<number> {
  const low = lowStockProductIds(db).as('low_stock');
  const [row] = await db.select({ n: count() }).from(low);
  return row?.n ?? 0;
}
