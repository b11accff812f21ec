import type { ApiSuccess } from '@makhana/domain/api';
import type { CartItem } from '@makhana/domain/cart';
import type { PricedCart } from '@makhana/domain/contracts/checkout';
import { IDEMPOTENCY_HEADER, type Order } from '@makhana/domain/orders';
import type { CheckoutAddress } from '@makhana/domain/validation';
import { apiSlice, onSuccess } from '../../../lib/api-slice';
import type { PaymentOrder, PaymentSuccess } from '../../../lib/payment-window';

export interface CreateOrderPayload {
  items: CartItem[];
  /** a code the summary applied: the server checks it again and takes its use */
  discountCode?: string;
  shippingCost: number;
  totalAmount: number;
  shippingAddress: CheckoutAddress;
  paymentMethod: 'Prepaid';
}

/** The answer is read as an order; a wrapped `{ order }` answer is unwrapped too. */
type CreatedOrder = Order | { order: Order };

function createdOrderOf(answer: ApiSuccess<CreatedOrder>): Order {
  const { data } = answer;
  return 'order' in data && data.order ? data.order : (data as Order);
}

const dataOf = <T>(answer: ApiSuccess<T>) => answer.data;

/** The customer's orders, asked again once one is placed, paid or cancelled. */
const myOrdersChanged = onSuccess({ type: 'Order', id: 'LIST' });

/**
 * A key for one order the shopper means to place: 128 random bits as hex. `getRandomValues`, not
 * `randomUUID`, which a page served over plain http (a phone on the shop's LAN) does not have.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The checkout's calls (docs/product.md#checkout), in the order the checkout makes them. */
export const checkoutApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** POST /orders/createOrder: the cart lines and the browser's figures, which the server re-checks. */
    createOrder: build.mutation<Order, CreateOrderPayload & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        path: '/orders/createOrder',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      transformResponse: createdOrderOf,
      invalidatesTags: myOrdersChanged,
    }),
    /** POST /orders/apply-discount: the cart priced with a code, as Place Order will price it. */
    applyDiscount: build.mutation<PricedCart, { code: string; items: CartItem[] }>({
      query: (body) => ({ path: '/orders/apply-discount', method: 'POST', body }),
      transformResponse: dataOf<PricedCart>,
    }),
    /** POST /orders/razorpayPayment: the gateway's order for one of the customer's pending orders. */
    startPayment: build.mutation<PaymentOrder, { orderId: string }>({
      query: (body) => ({ path: '/orders/razorpayPayment', method: 'POST', body }),
      transformResponse: dataOf<PaymentOrder>,
    }),
    /** POST /orders/verifyPayment: the signed answer of the payment window; answers the paid order. */
    verifyPayment: build.mutation<Order, PaymentSuccess>({
      query: (body) => ({ path: '/orders/verifyPayment', method: 'POST', body }),
      transformResponse: dataOf<Order>,
      invalidatesTags: myOrdersChanged,
    }),
    /** POST /orders/mark-failed: cancels the pending order and frees its stock. */
    markOrderFailed: build.mutation<null, { orderId: string }>({
      query: (body) => ({ path: '/orders/mark-failed', method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: myOrdersChanged,
    }),
  }),
});

export const {
  useApplyDiscountMutation,
  useCreateOrderMutation,
  useStartPaymentMutation,
  useVerifyPaymentMutation,
  useMarkOrderFailedMutation,
} = checkoutApi;
