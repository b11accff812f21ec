import type { Order } from '@makhana/domain/orders';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** GET /orders/order-id-details/{id}: the customer's own order, else a 404. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/orders/order-id-details/${encodeURIComponent(id)}`, { signal });
}

export type OrderView =
  | { status: 'loading' }
  | { status: 'ready'; order: Order }
  | { status: 'missing' };

/** One order for its page; any refusal (not the customer's, not found, offline) reads as missing. */
export function useOrder(id: string): OrderView {
  const [view, setView] = useState<OrderView>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setView({ status: 'loading' });
    getOrder(id, controller.signal).then(
      (order) => {
        if (!controller.signal.aborted)
          setView(order ? { status: 'ready', order } : { status: 'missing' });
      },
      () => {
        if (!controller.signal.aborted) setView({ status: 'missing' });
      },
    );
    return () => controller.abort();
  }, [id]);

  return view;
}
