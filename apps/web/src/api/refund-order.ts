import type { Order } from '@makhana/domain/orders';
import type { RefundOrderInput } from '@makhana/domain/validation';
import { apiAnswer } from '../lib/api-client';
import { ownerThunk } from './owner-thunk';

/** The refunded order (or the one already refunded) and the server's message, for the toast. */
export interface OrderRefunded {
  order: Order;
  message: string;
}

/** POST /orders/refund/:orderId: the owner refunds a paid order in full, with a reason. */
export async function refundOrderCall(
  { orderId, refund }: { orderId: string; refund: RefundOrderInput },
  signal?: AbortSignal,
): Promise<OrderRefunded> {
  const answer = await apiAnswer<Order>(`/orders/refund/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: refund,
    realm: 'owner',
    signal,
  });
  return { order: answer.data, message: answer.message };
}

/** Fulfils with the refunded order; rejects with the server's reason (refused, not reachable). */
export const refundOrder = ownerThunk('owner/refundOrder', refundOrderCall, 'owner');
