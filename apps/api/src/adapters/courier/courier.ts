/**
 * A courier that books parcels, prints their packing slips, collects them and reports their scans
 * (decision 039). Two kinds speak it: the simulated courier of development and tests, and
 * Delhivery's B2C API. `SHIPPING_PROVIDER=manual` has none: the owner types the tracking.
 */
import type { ScanKind } from '@makhana/domain/shipping';

/** One parcel to book: one order, prepaid. */
export interface ShipmentRequest {
  /** what the courier will know the order by: the shop's order number */
  reference: string;
  consignee: {
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    phone: string;
  };
  /** what the parcel is worth (the order's total), for the courier's insurance and e-way rules */
  declaredValuePaise: number;
  weightGrams: number;
  box: { lengthCm: number; breadthCm: number; heightCm: number };
  /** "Roasted Makhana 100 g x 2, ..." */
  contents: string;
  units: number;
  hsnCode: string;
  seller: { name: string; address: string; gstin: string };
}

/** A booked parcel: the courier's waybill (AWB) number. */
export interface Booking {
  waybill: string;
}

/** What a packing slip prints, for a courier that does not print its own. */
export interface PackingSlip extends ShipmentRequest {
  waybill: string;
  courierName: string;
}

/** A scan of a parcel, in the shop's kinds, with the courier's own words kept. */
export interface CourierScan {
  at: Date;
  kind: ScanKind;
  /** "Patna Hub"; empty when the courier gave none */
  location: string;
  /** the courier's reason, for a failed delivery */
  reason: string | null;
  courierStatus: string;
}

/** The courier answered and said no (a pincode it does not serve, a bad address). */
export class CourierRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CourierRefusedError';
  }
}

/**
 * The courier could not be reached, timed out, failed (5xx) or answered what cannot be read:
 * whether it acted is unknown.
 */
export class CourierUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CourierUnavailableError';
  }
}

/** The courier's rate limit (429): ask again after `retryAfterSeconds`. */
export class CourierRateLimitedError extends CourierUnavailableError {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds} s`);
    this.name = 'CourierRateLimitedError';
  }
}

export interface Courier {
  readonly kind: 'simulated' | 'delhivery';
  /** the name the owner and the customer read */
  readonly name: string;
  /** waybills one tracking question may carry */
  readonly trackBatch: number;
  /** the courier's public tracking page of a waybill; null for a courier that has none */
  trackingUrl(waybill: string): string | null;
  /** Books a parcel. Throws `CourierRefusedError` or `CourierUnavailableError`. */
  book(request: ShipmentRequest): Promise<Booking>;
  /**
   * The parcel booked under a reference, if any: asked before booking again after an attempt
   * whose answer was lost, so a retry never books twice.
   */
  findBooking(reference: string): Promise<Booking | null>;
  /** One PDF with the slips of the given parcels, one page each. */
  packingSlips(slips: PackingSlip[]): Promise<Buffer>;
  /** Asks for a pickup at the shop's warehouse; answers the courier's id of the request. */
  requestPickup(request: { date: string; packages: number }): Promise<{ pickupId: string }>;
  /**
   * Every scan of each waybill asked about, oldest first. A waybill the courier does not know is
   * absent from the map.
   */
  track(waybills: string[]): Promise<Map<string, CourierScan[]>>;
}
