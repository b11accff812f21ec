import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { productVariants } from '../../../db/schema';

/**
 * Units sold leave the shelf. Checkout calls this when it commits a reservation, inside its own
 * transaction, having locked the variant row; the table's CHECK (stock >= 0) stops anything that
 * slipped through.
 */
export async function takeFromShelf(
  tx: Transaction,
  variantId: string,
  quantity: number,
): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(eq(productVariants.id, variantId));
}

/** Units sold come back to the shelf: a refunded order that had not shipped puts its units back. */
export async function returnToShelf(
  tx: Transaction,
  variantId: string,
  quantity: number,
): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}` })
    .where(eq(productVariants.id, variantId));
}
