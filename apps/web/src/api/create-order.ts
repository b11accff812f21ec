import type { CartItem } from '@makhana/domain/cart';
import type { Order } from '@makhana/domain/orders';
import type { CheckoutAddress } from '@makhana/domain/validation';
import { orderThunk, post } from './order-thunk';

export interface CreateOrderPayload {
  items: CartItem[];
  shippingCost: number;
  totalAmount: number;
  shippingAddress: CheckoutAddress;
  paymentMethod: 'Prepaid';
}

/** The answer is read as an order; a wrapped `{ order }` answer is unwrapped too. */
export type CreatedOrder = Order | { order: Order };

export function createdOrderOf(answer: CreatedOrder): Order {
  return 'order' in answer && answer.order ? answer.order : (answer as Order);
}

/** POST /orders/createOrder: the cart lines and the browser's figures, which the server re-checks. */
export function placeOrder(payload: CreateOrderPayload): Promise<CreatedOrder> {
  return post<CreatedOrder>('/orders/createOrder', payload);
}

export const createOrder = orderThunk('cart/createOrder', placeOrder);
