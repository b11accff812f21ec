import type { Order } from '@makhana/domain/orders';
import { useCallback } from 'react';
import {
  useGetOrderCourierQuery,
  useLazyGetOwnerOrderQuery,
  useShipOrderMutation,
} from './api/orders';
import { failureMessage } from './failure-message';

/**
 * The courier's name when orders are booked with one; null for a manual shop, and while the answer
 * is on its way or failed (the owner can still ship by hand).
 */
export function useCourierName(): string | null {
  const { data } = useGetOrderCourierQuery();
  if (!data || data.provider === 'manual') return null;
  return data.name ?? data.provider;
}

/** What booking one order came to; `order` is the server's copy, when it could be read. */
export type ShipmentOutcome =
  | { booked: true; order: Order; message: string }
  | { booked: false; order: Order | null; message: string };

/**
 * Books an order with the courier. A refusal is kept on the order by the server, so its copy is
 * asked for again: the list's row and the pop-up then show why.
 */
export function useShipOrder(): (orderId: string) => Promise<ShipmentOutcome> {
  const [shipOrder] = useShipOrderMutation();
  const [loadOrder] = useLazyGetOwnerOrderQuery();
  return useCallback(
    async (orderId) => {
      try {
        const { order, message } = await shipOrder(orderId).unwrap();
        return { booked: true, order, message };
      } catch (reason) {
        const message = failureMessage(reason);
        const order = await loadOrder(orderId)
          .unwrap()
          .catch(() => null);
        return { booked: false, order, message };
      }
    },
    [shipOrder, loadOrder],
  );
}
