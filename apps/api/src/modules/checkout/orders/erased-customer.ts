import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orders } from '../../../db/schema';

/** The name an erased customer's orders carry instead of theirs. */
export const ERASED_CUSTOMER_NAME = 'Deleted customer';

/**
 * Takes an erased customer's name and contact off their orders, inside the caller's transaction
 * (accounts erases the person; orders belong to checkout). The lines, totals, payment and status
 * stay for the books, and so do city, state, pincode and country: the place of supply decides
 * the tax on a sale. The order's `user_id` becomes null when the account row goes.
 */
export async function forgetCustomerOnOrders(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({
      shippingAddress: sql`${orders.shippingAddress} || jsonb_build_object(
        'firstName', ${ERASED_CUSTOMER_NAME}::text,
        'lastName', '', 'email', '', 'phone', '', 'address', '')`,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.length;
}
