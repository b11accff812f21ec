/**
 * Shipping with a courier: what a parcel weighs on the courier's scales, the steps of its journey
 * as the customer reads them, and the messages of the owner's bookings and pickups. The server and
 * the storefront read the same rules. No schema lives here: the order pages that show a parcel's
 * journey load with the first page, which carries no validation library (`pickup.ts` has the
 * pickup request's).
 */
import { INDIA_OFFSET_MS } from './india-time';

/**
 * What a pouch adds to its contents on the scales: the laminated pouch, its zip and the share of
 * the outer carton. Couriers charge by the heavier of this weight and the box's volume.
 */
export const PACKAGING_GRAMS = 40;

/** The couriers the shop books with, and the names the owner and the customer read. */
export const COURIERS = ['simulated', 'delhivery'] as const;
export type CourierKind = (typeof COURIERS)[number];
export const COURIER_NAMES: Record<CourierKind, string> = {
  simulated: 'Simulated courier',
  delhivery: 'Delhivery',
};

/**
 * Booking an order with the courier: `booking` while an attempt runs, `booked` with its waybill,
 * `refused` with the courier's reason, `failed` when the courier could not be reached or answered
 * nonsense (whether it booked is then unknown, and the next attempt asks first).
 */
export const SHIPMENT_STATES = ['booking', 'booked', 'refused', 'failed'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/** A weight's shipping weight until the owner sets one: the net weight plus its packaging. */
export function defaultShippingGrams(netGrams: number): number {
  return netGrams + PACKAGING_GRAMS;
}

/** The shipping weights the owner may set, in grams: at least the contents, at most 30 kg. */
export const SHIPPING_GRAMS_MAX = 30_000;

/**
 * The box a parcel goes in, in centimetres: the shop ships pouches in one carton size, taller for
 * more pouches. Delhivery asks for the dimensions to weigh the parcel by its volume.
 */
export function parcelBox(units: number): {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
} {
  return { lengthCm: 30, breadthCm: 22, heightCm: Math.min(10 + 5 * Math.max(units - 1, 0), 60) };
}

/**
 * The kinds of a courier's scan, whatever courier made it: the customer's timeline names each,
 * and `delivered` and `returned_to_origin` move the order.
 */
export const SCAN_KINDS = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  /** a delivery was tried and failed (an NDR): the courier's reason comes with it */
  'undelivered',
  'delivered',
  /** on its way back to the shop after the deliveries failed */
  'returning',
  'returned_to_origin',
  'cancelled',
] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** The kinds after which the courier has nothing more to say about a parcel. */
export const FINAL_SCAN_KINDS = [
  'delivered',
  'returned_to_origin',
  'cancelled',
] as const satisfies readonly ScanKind[];

export function isFinalScan(kind: ScanKind): boolean {
  return (FINAL_SCAN_KINDS as readonly ScanKind[]).includes(kind);
}

/** A scan as the customer's timeline shows it: "In transit at Patna Hub". */
export function scanLabel(scan: {
  kind: ScanKind;
  location: string;
  reason: string | null;
}): string {
  const at = scan.location ? ` at ${scan.location}` : '';
  switch (scan.kind) {
    case 'booked':
      return 'Shipment booked';
    case 'picked_up':
      return 'Picked up';
    case 'in_transit':
      return `In transit${at}`;
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'undelivered':
      return scan.reason ? `Delivery attempted: ${scan.reason}` : 'Delivery attempted';
    case 'delivered':
      return 'Delivered';
    case 'returning':
      return 'Returning to the seller';
    case 'returned_to_origin':
      return 'Returned to the seller';
    case 'cancelled':
      return 'Shipment cancelled';
  }
}

export const SHIPPING_MESSAGES = {
  noCourier:
    'No courier is set up: mark the order as shipped with its tracking number, or set SHIPPING_PROVIDER.',
  notToShip: 'Only a paid, confirmed order can be shipped.',
  bookingInProgress: 'This order is being booked with the courier right now.',
  courierDown: 'The courier could not be reached. Please try again in a few minutes.',
  courierLimited: 'The courier is busy. Please try again in a minute.',
  cancelledMeanwhile: (waybill: string) =>
    `The order changed while it was booked: cancel waybill ${waybill} with the courier.`,
  booked: (waybill: string) => `Shipment booked: waybill ${waybill}.`,
  noSlips: 'None of these orders has a shipment booked with the courier.',
  slipIds: 'Choose the orders whose packing slips to print',
  pickupDate: 'Choose a pickup date from today up to 7 days ahead',
  pickupPackages: 'Enter how many packages to collect: 1 to 500',
  pickupBooked: (date: string, id: string) => `Pickup requested for ${date} (pickup ${id}).`,
  shippingWeight: `Enter the shipping weight in grams: at least the net weight, at most ${SHIPPING_GRAMS_MAX}`,
} as const;

export const PICKUP_DAYS_AHEAD = 7;
export const PICKUP_PACKAGES_MAX = 500;

/** India's date today, as `YYYY-MM-DD`. */
export function indiaToday(now: number = Date.now()): string {
  return new Date(now + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether a pickup may be asked for on `date`: from India's today up to a week ahead. */
export function isPickupDate(date: string, now: number = Date.now()): boolean {
  const today = indiaToday(now);
  const last = indiaToday(now + PICKUP_DAYS_AHEAD * 86_400_000);
  return date >= today && date <= last;
}
