import type { ApiSuccess } from '@makhana/domain/api';
import type { Order } from '@makhana/domain/orders';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import type { ApiCallError } from '../../../lib/api-client';
import { apiSlice } from '../../../lib/api-slice';
import { selectCustomer } from '../../../stores/auth-slice';
import { useAppSelector } from '../../../stores/hooks';

const SIGNED_OUT: ApiCallError = { status: 401, message: NOT_AUTHENTICATED, fieldErrors: [] };

export const myOrdersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in customer's orders (the argument: their id), refused locally for a visitor
     * (docs/product.md#sessions); only the customer's own, whatever the server sends
     * (docs/product.md#roles).
     */
    getMyOrders: build.query<Order[], string | null>({
      async queryFn(customerId, _api, _extra, baseQuery) {
        if (customerId === null) return { error: SIGNED_OUT };
        const answer = await baseQuery({ path: '/orders/orderDetails' });
        if (answer.error) return { error: answer.error };
        const orders = (answer.data as ApiSuccess<Order[]>).data;
        return { data: orders.filter((order) => !order.user || order.user === customerId) };
      },
      providesTags: (orders = []) => [
        { type: 'Order', id: 'LIST' },
        ...orders.map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
  }),
});

type OrdersView =
  | { status: 'loading' }
  | { status: 'ready'; orders: Order[] }
  | { status: 'error'; message: string; retry: () => void };

/** The customer's orders, asked again each time the section opens. */
export function useMyOrders(): OrdersView {
  const customerId = useAppSelector(selectCustomer)?._id ?? null;
  // `currentData`: another account's orders, still cached, never show for this one.
  const { currentData, error, refetch } = myOrdersApi.useGetMyOrdersQuery(customerId, {
    refetchOnMountOrArgChange: true,
  });
  if (currentData) return { status: 'ready', orders: currentData };
  if (error) {
    return { status: 'error', message: (error as ApiCallError).message, retry: () => refetch() };
  }
  return { status: 'loading' };
}
