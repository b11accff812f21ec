import type { CartItem } from '@makhana/domain/cart';
import type { Order } from '@makhana/domain/orders';
import type { Product } from '@makhana/domain/product';
import type { CheckoutAddress } from '@makhana/domain/validation';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, apiRequest } from '../lib/api-client';
import type { PaymentOrder, PaymentSuccess } from '../lib/payment-window';
import { fetchProducts } from './product-slice';

/** What order and payment calls store when the server gives no message (docs/product.md#toasts). */
export const GENERIC_ORDER_ERROR = 'Something went wrong';

/** A refused order or payment call: the message the cart state stores, plus what checkout reacts to. */
export interface OrderCallError {
  message: string;
  status: number;
  fieldErrors: { field: string; message: string }[];
}

type ThunkConfig = { rejectValue: OrderCallError };

function refusal(error: unknown): OrderCallError {
  if (error instanceof ApiError) {
    return {
      message: error.message || GENERIC_ORDER_ERROR,
      status: error.status,
      fieldErrors: error.fieldErrors,
    };
  }
  return {
    message: (error instanceof Error && error.message) || GENERIC_ORDER_ERROR,
    status: 0,
    fieldErrors: [],
  };
}

function orderCall<Result, Arg>(type: string, run: (arg: Arg) => Promise<Result>) {
  return createAsyncThunk<Result, Arg, ThunkConfig>(type, async (arg, { rejectWithValue }) => {
    try {
      return await run(arg);
    } catch (error) {
      return rejectWithValue(refusal(error));
    }
  });
}

const post = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body });

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
export const createOrder = orderCall('cart/createOrder', (payload: CreateOrderPayload) =>
  post<CreatedOrder>('/orders/createOrder', payload),
);

/** POST /orders/razorpayPayment: the gateway's order for one of the customer's pending orders. */
export const createPaymentOrder = orderCall('cart/razorpayPayment', (body: { orderId: string }) =>
  post<PaymentOrder>('/orders/razorpayPayment', body),
);

/** POST /orders/verifyPayment: the signed answer of the payment window; answers the paid order. */
export const verifyPayment = orderCall('cart/verifyPayment', (body: PaymentSuccess) =>
  post<Order>('/orders/verifyPayment', body),
);

/** POST /orders/mark-failed: cancels the pending order, frees its stock; its answer is not kept. */
export const markOrderFailed = orderCall('cart/markOrderFailed', (body: { orderId: string }) =>
  post<unknown>('/orders/mark-failed', body),
);

/**
 * Reloads the catalogue (fetchProducts) so the cart can take today's prices, after a refused or
 * abandoned order; the cart slice applies the answer.
 */
export const refreshCartPrices = createAsyncThunk<Product[], void, ThunkConfig>(
  'cart/refreshPrices',
  async (_, { dispatch, rejectWithValue }) => {
    try {
      return await dispatch(fetchProducts()).unwrap();
    } catch (reason) {
      return rejectWithValue(refusal(typeof reason === 'string' ? new Error(reason) : reason));
    }
  },
);
