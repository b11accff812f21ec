import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';

// The only writers of a weight's stock on the shelf after the owner set it: a sale takes units
// off, a refund of an order that had not shipped puts them back.

/**
 * Units sold leave the shelf, as the body of a data-modifying CTE: checkout writes the sale, its
 * reservations and the order's new state in one statement (one round trip while the variant rows
 * are locked). `lines` names a CTE of that statement with `variant_id` and `quantity`; lines of
 * one variant are added up first, since an UPDATE ... FROM that matched a row twice would apply
 * only one of them. The caller has locked the variant rows; the table's CHECK (stock >= 0) stops
 * anything that slipped through.
 */
export function takeFromShelfWith(lines: SQLWrapper): SQL {
  return sql`update product_variants v set stock = v.stock - l.quantity, updated_at = now()
    from (select variant_id, sum(quantity)::int as quantity from ${lines} group by variant_id) l
    where v.id = l.variant_id`;
}

/** Units sold come back to the shelf: a refunded order that had not shipped puts its units back. */
export async function returnToShelf(
  tx: Transaction,
  variantId: string,
  quantity: number,
): Promise<void> {
  await tx.execute(
    sql`update product_variants set stock = stock + ${quantity}::int, updated_at = now()
        where id = ${variantId}`,
  );
}
