/**
 * The owner's moves of a paid order along its lifecycle (Confirmed, Shipped, Delivered): each one
 * is a transition, recorded in the order's history with the owner who made it; the customer's
 * mail about it is its consequence.
 */
import type { OwnerStatusMove } from '@makhana/domain/order-state';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { OrderContext } from './context';
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
  await ctx.db.transaction((tx) => moveByOwnerInTx(tx, ownerId, orderId, move.status, tracking));
  return orderView(ctx.db, orderId);
}
