import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orders, paymentEvents } from '../../../db/schema';

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
    .returning({ id: orders.id, gatewayOrderId: orders.gatewayOrderId });
  const gatewayOrderIds = rows.flatMap((row) => (row.gatewayOrderId ? [row.gatewayOrderId] : []));
  if (gatewayOrderIds.length > 0) await forgetPayerOnEvents(tx, gatewayOrderIds);
  return rows.length;
}

/**
 * The gateway's webhook events of those orders keep their ids, amounts and states for the books;
 * the payer's e-mail, phone, UPI address and card holder's name go.
 */
async function forgetPayerOnEvents(tx: Executor, gatewayOrderIds: string[]): Promise<void> {
  const entity = ['payload', 'payment', 'entity'];
  const personal = [
    [...entity, 'email'],
    [...entity, 'contact'],
    [...entity, 'vpa'],
    [...entity, 'upi', 'vpa'],
    [...entity, 'card', 'name'],
    [...entity, 'notes'],
  ];
  const scrubbed = personal.reduce(
    (payload, route) => sql`(${payload} #- ${`{${route.join(',')}}`}::text[])`,
    sql`${paymentEvents.payload}`,
  );
  await tx
    .update(paymentEvents)
    .set({ payload: scrubbed })
    .where(
      inArray(
        sql`${paymentEvents.payload} #>> '{payload,payment,entity,order_id}'`,
        gatewayOrderIds,
      ),
    );
}
