import type { Order } from '@makhana/domain/orders';
import { useEffect, useState } from 'react';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { selectCustomer } from '../../../stores/auth-slice';
import { useAppSelector } from '../../../stores/hooks';

/** The customer's orders; refused locally for a visitor (docs/product.md#sessions). */
export function fetchMyOrders(signedIn: boolean, signal?: AbortSignal): Promise<Order[]> {
  if (!signedIn) return Promise.reject(new ApiError(NOT_AUTHENTICATED, 401));
  return apiRequest<Order[]>('/orders/orderDetails', { signal });
}

type OrdersView =
  | { status: 'loading' }
  | { status: 'ready'; orders: Order[] }
  | { status: 'error'; message: string };

export function useMyOrders(): OrdersView {
  const customer = useAppSelector(selectCustomer);
  const [view, setView] = useState<OrdersView>({ status: 'loading' });
  const customerId = customer?._id ?? null;

  useEffect(() => {
    const controller = new AbortController();
    setView({ status: 'loading' });
    fetchMyOrders(customerId !== null, controller.signal).then(
      // Only the customer's own orders, whatever the server sends (docs/product.md#roles).
      (orders) =>
        setView({
          status: 'ready',
          orders: orders.filter((order) => !order.user || order.user === customerId),
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setView({
          status: 'error',
          message: error instanceof Error ? error.message : 'Server error',
        });
      },
    );
    return () => controller.abort();
  }, [customerId]);

  return view;
}
