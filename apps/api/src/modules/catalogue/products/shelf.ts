import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';

/**
 * The one writer of a weight's stock on the shelf: each variant `change` units more (or fewer,
 * when negative), in one statement. Changes to one variant are added up first: an UPDATE ... FROM
 * that matched a row twice would apply only one of them.
 */
async function changeShelf(
  tx: Transaction,
  changes: { variantId: string; change: number }[],
): Promise<void> {
  const byVariant = new Map<string, number>();
  for (const { variantId, change } of changes) {
    byVariant.set(variantId, (byVariant.get(variantId) ?? 0) + change);
  }
  if (byVariant.size === 0) return;
  const values = sql.join(
    [...byVariant].map(([id, change]) => sql`(${id}, ${change}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update product_variants v set stock = v.stock + c.change, updated_at = now()
        from (values ${values}) as c(id, change) where v.id = c.id`,
  );
}

/**
 * Units sold leave the shelf. Checkout calls this when it commits an order's reservations, inside
 * its own transaction, having locked the variant rows; the table's CHECK (stock >= 0) stops
 * anything that slipped through.
 */
export function takeFromShelf(
  tx: Transaction,
  lines: { variantId: string; quantity: number }[],
): Promise<void> {
  return changeShelf(
    tx,
    lines.map((l) => ({ variantId: l.variantId, change: -l.quantity })),
  );
}

/** Units sold come back to the shelf: a refunded order that had not shipped puts its units back. */
export function returnToShelf(tx: Transaction, variantId: string, quantity: number): Promise<void> {
  return changeShelf(tx, [{ variantId, change: quantity }]);
}
