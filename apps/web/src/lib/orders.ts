import type { Order, ShippingAddress } from '@makhana/domain/orders';

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
