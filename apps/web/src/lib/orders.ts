import type { PaymentStatus } from '@makhana/domain/order-state';

/** An order as the API sends it (spec section 3), money in rupees. Shared by checkout, order status and My Orders. */
export interface OrderItem {
  product: string;
  name: string;
  image?: string;
  variantWeight: number;
  quantity: number;
  priceAtPurchase: number;
}

export interface ShippingAddress {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  pincode?: string;
  country?: string;
}

export type { PaymentStatus };

export interface Order {
  _id: string;
  orderNumber: string;
  user?: string;
  items: OrderItem[];
  shippingCost: number;
  totalAmount: number;
  shippingAddress: ShippingAddress | null;
  paymentMethod: string;
  paymentStatus: PaymentStatus | string;
  status: string;
  transactionId?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  createdAt: string;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "10 May 2025"; an unreadable date gives an empty string rather than "Invalid Date". */
export function formatOrderDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export function orderItemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The address block of an order, one line each, blanks left out. */
export function shippingAddressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return [
    name,
    address.address ?? '',
    [place, address.pincode].filter(Boolean).join(' - '),
    address.country ?? '',
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter(Boolean);
}
