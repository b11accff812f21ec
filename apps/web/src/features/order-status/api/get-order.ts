import type { ApiSuccess } from '@makhana/domain/api';
import type { Order } from '@makhana/domain/orders';
import { apiSlice } from '../../../lib/api-slice';

export const orderApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders/order-id-details/{id}: the customer's own order, else a 404. */
    getOrder: build.query<Order, string>({
      query: (id) => ({ path: `/orders/order-id-details/${encodeURIComponent(id)}` }),
      transformResponse: (answer: ApiSuccess<Order>) => answer.data,
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
  }),
});

export type OrderView =
  | { status: 'loading' }
  | { status: 'ready'; order: Order }
  | { status: 'missing' };

/**
 * One order for its page, asked again each time the page opens; any refusal (not the customer's,
 * not found, offline) reads as missing.
 */
export function useOrder(id: string): OrderView {
  const { currentData, isError } = orderApi.useGetOrderQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  if (currentData) return { status: 'ready', order: currentData };
  return isError ? { status: 'missing' } : { status: 'loading' };
}
