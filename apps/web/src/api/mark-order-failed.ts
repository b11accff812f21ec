import { orderThunk, post } from './order-thunk';

/** POST /orders/mark-failed: cancels the pending order, frees its stock; its answer is not kept. */
export function cancelUnpaidOrder(body: { orderId: string }): Promise<unknown> {
  return post<unknown>('/orders/mark-failed', body);
}

export const markOrderFailed = orderThunk('cart/markOrderFailed', cancelUnpaidOrder);
