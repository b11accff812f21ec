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

/** How often a just-paid order is asked again until its tax invoice is there, and for how long. */
const INVOICE_POLL_MS = 2_000;
const INVOICE_WAIT_MS = 10 * 60_000;

/**
 * A sale just paid whose tax invoice is still being issued: the shop writes it a moment after the
 * payment (a consequence of the payment, not part of it), so the page asks again until it comes.
 */
export function awaitingInvoice(order: Order | undefined, now = Date.now()): boolean {
  if (!order || order.invoice || order.needsRefund || order.paymentStatus !== 'completed') {
    return false;
  }
  return order.paidAt !== null && now - Date.parse(order.paidAt) < INVOICE_WAIT_MS;
}

/**
 * One order for its page, asked again each time the page opens (and every two seconds while its
 * invoice is being issued); any refusal (not the customer's, not found, offline) reads as missing.
 */
export function useOrder(id: string): OrderView {
  const cached = orderApi.endpoints.getOrder.useQueryState(id);
  const { currentData, isError } = orderApi.useGetOrderQuery(id, {
    refetchOnMountOrArgChange: true,
    pollingInterval: awaitingInvoice(cached.currentData) ? INVOICE_POLL_MS : 0,
  });
  if (currentData) return { status: 'ready', order: currentData };
  return isError ? { status: 'missing' } : { status: 'loading' };
}
