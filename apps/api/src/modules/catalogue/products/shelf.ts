import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { productVariants } from '../../../db/schema';

/** The one writer of a weight's stock on the shelf: `change` units more (or fewer, when negative). */
async function changeShelf(tx: Transaction, variantId: string, change: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${change}` })
    .where(eq(productVariants.id, variantId));
}

/**
 * Units sold leave the shelf. Checkout calls this when it commits a reservation, inside its own
 * transaction, having locked the variant row; the table's CHECK (stock >= 0) stops anything that
 * slipped through.
 */
export function takeFromShelf(tx: Transaction, variantId: string, quantity: number): Promise<void> {
  return changeShelf(tx, variantId, -quantity);
}

/** Units sold come back to the shelf: a refunded order that had not shipped puts its units back. */
export function returnToShelf(tx: Transaction, variantId: string, quantity: number): Promise<void> {
  return changeShelf(tx, variantId, quantity);
}
