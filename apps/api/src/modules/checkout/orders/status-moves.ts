/**
 * The owner's moves of a paid order along its lifecycle (Confirmed, Shipped, Delivered): each one
 * is applied through the state machine, recorded with its time and the owner who made it, and
 * mailed to the customer once the transaction commits.
 */
import type { OwnerStatusMove } from '@makhana/domain/order-state';
import { orderStatusEvents } from '../../../db/schema';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { OrderContext } from './context';
import { sendStatusMail } from './order-mails';
import { ORDER_NOT_FOUND, type OrderView, orderView } from './service';
import { moveByOwnerInTx } from './state-changes';

export const ORDER_MARKED: Record<OwnerStatusMove, string> = {
  Shipped: 'Order marked as shipped',
  Delivered: 'Order marked as delivered',
};

export interface StatusMove {
  status: OwnerStatusMove;
  /** required for Shipped; ignored for Delivered, which keeps the tracking given when shipped */
  trackingNumber?: string;
  trackingUrl?: string;
}

export async function moveOrderStatus(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
  move: StatusMove,
): Promise<OrderView> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const tracking = {
    trackingNumber: move.trackingNumber || null,
    trackingUrl: move.trackingUrl || null,
  };
  const eventId = await ctx.db.transaction(async (tx) => {
    const { from, order } = await moveByOwnerInTx(tx, orderId, move.status, tracking);
    const [event] = await tx
      .insert(orderStatusEvents)
      .values({
        orderId,
        fromStatus: from,
        toStatus: order.status,
        actorId: ownerId,
        trackingNumber: order.trackingNumber,
        trackingUrl: order.trackingUrl,
      })
      .returning({ id: orderStatusEvents.id });
    return event!.id;
  });
  ctx.background.run(() => sendStatusMail(ctx, eventId));
  return orderView(ctx.db, orderId);
}
