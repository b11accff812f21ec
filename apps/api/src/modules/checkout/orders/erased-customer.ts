import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orders, paymentEvents, returnRequests } from '../../../db/schema';
import { STORED_RETURN_PHOTO } from './returns';

/** The name an erased customer's orders carry instead of theirs. */
export const ERASED_CUSTOMER_NAME = 'Deleted customer';

/**
 * Takes an erased customer's name and contact off their orders, inside the caller's transaction
 * (accounts erases the person; orders belong to checkout). The lines, totals, payment and status
 * stay for the books, and so do city, state, pincode and country: the place of supply decides
 * the tax on a sale. Their returns keep their lines and steps, not their words or photos: the
 * photos' files are answered, for `removeReturnPhotos` once the erasure commits. The order's
 * `user_id` becomes null when the account row goes.
 */
export async function forgetCustomerOnOrders(
  tx: Executor,
  userId: string,
): Promise<{ returnPhotos: string[] }> {
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
  if (rows.length === 0) return { returnPhotos: [] };
  const returns = await tx
    .select({ photos: returnRequests.photos })
    .from(returnRequests)
    .where(
      inArray(
        returnRequests.orderId,
        rows.map((row) => row.id),
      ),
    );
  await tx
    .update(returnRequests)
    .set({ note: null, photos: [] })
    .where(
      inArray(
        returnRequests.orderId,
        rows.map((row) => row.id),
      ),
    );
  return { returnPhotos: returns.flatMap((row) => row.photos) };
}

/** Deletes an erased customer's return photos, after the erasure committed. */
export async function removeReturnPhotos(privateDir: string, photos: string[]): Promise<void> {
  for (const stored of photos) {
    if (stored.length > 60 || !STORED_RETURN_PHOTO.test(stored)) continue;
    await rm(path.join(privateDir, stored), { force: true });
  }
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
