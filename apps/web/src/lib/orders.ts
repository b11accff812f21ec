import type { Order, OrderShipment, ShippingAddress } from '@makhana/domain/orders';
import { scanLabel } from '@makhana/domain/shipping';

// The order number carries India's date (MM-YYMMDD-…), so the shop shows order dates in
// India's time zone too, wherever the shopper's browser happens to be.
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "10 May 2025"; an unreadable date gives an empty string rather than "Invalid Date". */
export function formatOrderDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

// A move's time to the minute, in India's time like every date the shop shows.
const momentFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "12 May 2025, 5:30 pm"; an unreadable time gives an empty string. */
export function formatOrderMoment(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : momentFormat.format(date);
}

export type ShipmentScan = OrderShipment['scans'][number];

/**
 * The parcel as its customer sees it: booked with the courier, or nothing. A booking under way,
 * refused or failed is the owner's to settle, and the customer hears of it only once it is booked.
 */
export function bookedShipment(order: Pick<Order, 'shipment'>): OrderShipment | null {
  return order.shipment?.state === 'booked' ? order.shipment : null;
}

/** The courier's newest scan of a booked parcel; null before its first. */
export function latestScan(order: Pick<Order, 'shipment'>): ShipmentScan | null {
  return bookedShipment(order)?.scans.at(-1) ?? null;
}

// The API sends a scan's words, not its kind: a failed delivery's words start with these.
const ATTEMPT_WORDS = scanLabel({ kind: 'undelivered', location: '', reason: null });

/** A delivery the courier tried and could not make: the customer may need to act. */
export function isDeliveryAttempt(scan: ShipmentScan): boolean {
  return scan.status.startsWith(ATTEMPT_WORDS);
}

export function orderItemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The address block of an order, one line each, blanks left out. */
export function shippingAddressLines(address: ShippingAddress): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return [
    name,
    address.address,
    [place, address.pincode].filter(Boolean).join(' - '),
    address.country,
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter(Boolean);
}
