import type { PaymentOrder } from '../lib/payment-window';
import { orderThunk, post } from './order-thunk';

/** POST /orders/razorpayPayment: the gateway's order for one of the customer's pending orders. */
export function startPayment(body: { orderId: string }): Promise<PaymentOrder> {
  return post<PaymentOrder>('/orders/razorpayPayment', body);
}

export const createPaymentOrder = orderThunk('cart/razorpayPayment', startPayment);
