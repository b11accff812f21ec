/**
 * The customer's own cancellation (the shop's policy: within 24 hours of the payment, before the
 * order ships, refunded in full with no charge, as the Consumer Protection (E-Commerce) Rules 2020
 * allow none unless the seller bears the same). The storefront shows the button and the reason
 * from these rules; the server decides with the same ones.
 */
import { z } from 'zod';
import { POLICY } from './constants';
import { type OrderStatus, type PaymentStatus, wasDelivered } from './order-state';

export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price',
  'Delivery takes too long',
  'Changed my mind',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_WINDOW_MS = POLICY.cancellationWindowHours * 3_600_000;

const RETURN_INSTEAD = `Once it is delivered you can return it within ${POLICY.returnWindowDays} days of delivery.`;

export const CANCEL_MESSAGES = {
  cancelled: 'Order cancelled. The full amount goes back to your original payment method.',
  alreadyCancelled: 'This order is already cancelled; nothing changed.',
  shipped: `This order has shipped, so it can no longer be cancelled. ${RETURN_INSTEAD}`,
  delivered: `This order was delivered, so it can no longer be cancelled. You can return it within ${POLICY.returnWindowDays} days of delivery.`,
  windowPassed: `Orders can be cancelled within ${POLICY.cancellationWindowHours} hours of payment, and that time has passed. ${RETURN_INSTEAD}`,
  notPaid: 'Only a paid order can be cancelled.',
  returnedToOrigin:
    'The courier brought this order back to us, so there is nothing to cancel: we will refund you, or send it again if you reply to our mail.',
  reason: 'Please choose why you are cancelling',
} as const;

/** The fields of an order the rule reads. */
export interface CancellableOrder {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** when the payment was captured, ISO or a Date */
  paidAt: string | Date | null;
}

/** The last instant the order can be cancelled; null for an order never paid. */
export function cancelDeadline(order: Pick<CancellableOrder, 'paidAt'>): Date | null {
  if (!order.paidAt) return null;
  return new Date(new Date(order.paidAt).getTime() + CANCEL_WINDOW_MS);
}

/**
 * Why the customer cannot cancel the order at `now`, in the words the page and the API's 409
 * show; null when they can: a paid, Confirmed order within 24 hours of its payment.
 */
export function cancelRefusal(order: CancellableOrder, now: Date): string | null {
  if (order.status === 'Shipped') return CANCEL_MESSAGES.shipped;
  if (order.status === 'Returned to origin') return CANCEL_MESSAGES.returnedToOrigin;
  if (wasDelivered(order.status)) return CANCEL_MESSAGES.delivered;
  if (order.paymentStatus === 'refunded' && order.status === 'Cancelled') {
    return CANCEL_MESSAGES.alreadyCancelled;
  }
  const deadline = cancelDeadline(order);
  if (order.status !== 'Confirmed' || order.paymentStatus !== 'completed' || !deadline) {
    return CANCEL_MESSAGES.notPaid;
  }
  return now.getTime() < deadline.getTime() ? null : CANCEL_MESSAGES.windowPassed;
}

/** The customer's cancellation: a reason from the short list. */
export const cancelOrderSchema = z.object({
  reason: z.enum(CANCEL_REASONS, { error: CANCEL_MESSAGES.reason }),
});
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;
