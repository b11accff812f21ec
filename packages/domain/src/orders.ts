/**
 * The order shapes the API sends and the storefront reads, money in rupees. Types only, derived
 * from the schemas the API answers through (`contracts/checkout.ts`).
 */
import type { z } from 'zod';
import type {
  extraPaymentShape,
  orderItemShape,
  orderRefundShape,
  orderReturnShape,
  orderShape,
  orderShipmentShape,
  shippingAddressShape,
} from './contracts/checkout';
import type { OrderStatus, PaymentStatus } from './order-state';

export type { OrderStatus, PaymentStatus };

/** The checkout form's fields, copied onto the order when it is placed. */
export type ShippingAddress = z.infer<typeof shippingAddressShape>;

export type OrderItem = z.infer<typeof orderItemShape>;

export type Order = z.infer<typeof orderShape>;
export type ExtraPayment = z.infer<typeof extraPaymentShape>;
export type OrderRefund = z.infer<typeof orderRefundShape>;
export type OrderReturn = z.infer<typeof orderReturnShape>;
export type OrderShipment = z.infer<typeof orderShipmentShape>;

/**
 * The header a Place Order carries, a key new to each order the shopper means to place: the same
 * key from the same customer within IDEMPOTENCY_WINDOW_HOURS answers the order it first made, so
 * an answer lost on the way never holds stock for a second one.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_WINDOW_HOURS = 24;
