import type { OrderStatus, PaymentStatus } from './order-state';

/**
 * The order shapes the API sends and the storefront reads, money in rupees.
 * Types only; the API builds them from its rows in `modules/orders/service.ts`.
 */

export type { OrderStatus, PaymentStatus };

/** The checkout form's fields, copied onto the order when it is placed. */
export interface ShippingAddress {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export interface OrderItem {
  product: string;
  name: string;
  /** empty when the product had no picture */
  image: string;
  variantWeight: number;
  quantity: number;
  priceAtPurchase: number;
}

export interface Order {
  _id: string;
  orderNumber: string;
  user: string;
  items: OrderItem[];
  shippingCost: number;
  totalAmount: number;
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  transactionId: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: string;
  /** what the lines cost, before shipping */
  subtotal: number;
  currency: string;
  /** paid, but cannot ship: the owner must refund it */
  needsRefund: boolean;
  /** when an unpaid order gives its stock back */
  expiresAt: string | null;
  paidAt: string | null;
}
