import type { Order } from '@makhana/domain/orders';
import type { PaymentSuccess } from '../lib/payment-window';
import { orderThunk, post } from './order-thunk';

/** POST /orders/verifyPayment: the signed answer of the payment window; answers the paid order. */
export function confirmPayment(body: PaymentSuccess): Promise<Order> {
  return post<Order>('/orders/verifyPayment', body);
}

export const verifyPayment = orderThunk('cart/verifyPayment', confirmPayment);
