import type { Order } from '@makhana/domain/orders';
import type { orderStatusMoveSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiAnswer } from '../lib/api-client';
import { ownerThunk } from './owner-thunk';

export type OrderStatusMove = z.infer<typeof orderStatusMoveSchema>;

/** The moved order and the server's message, for the toast. */
export interface OrderStatusMoved {
  order: Order;
  message: string;
}

/** POST /orders/update-status/:orderId: the owner ships (with tracking) or delivers an order. */
export async function moveOrderStatus(
  { orderId, move }: { orderId: string; move: OrderStatusMove },
  signal?: AbortSignal,
): Promise<OrderStatusMoved> {
  const answer = await apiAnswer<Order>(`/orders/update-status/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: move,
    realm: 'owner',
    signal,
  });
  return { order: answer.data, message: answer.message };
}

/** Fulfils with the moved order; the Orders tab puts it in place of the old copy. */
export const updateOrderStatus = ownerThunk('auth/updateOrderStatus', moveOrderStatus, 'owner');
