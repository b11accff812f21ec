import type { ApiSuccess } from '@makhana/domain/api';
import type { CancelReason } from '@makhana/domain/cancellation';
import type { Order } from '@makhana/domain/orders';
import { apiSlice } from '../lib/api-slice';

export const cancelOrderApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /orders/cancel/{id}: the customer's own cancellation within 24 hours of paying. Answers
     * the cancelled order and the server's message; the order and My Orders are asked again.
     */
    cancelOrder: build.mutation<
      { order: Order; message: string },
      { orderId: string; reason: CancelReason }
    >({
      query: ({ orderId, reason }) => ({
        path: `/orders/cancel/${encodeURIComponent(orderId)}`,
        method: 'POST',
        body: { reason },
      }),
      transformResponse: (answer: ApiSuccess<Order>) => ({
        order: answer.data,
        message: answer.message,
      }),
      invalidatesTags: (_answer, _error, { orderId }) => [
        { type: 'Order', id: orderId },
        { type: 'Order', id: 'LIST' },
      ],
    }),
  }),
});

export const { useCancelOrderMutation } = cancelOrderApi;
