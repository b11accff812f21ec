import { randomInt } from 'node:crypto';
import type { ScanKind } from '@makhana/domain/shipping';
import type { PincodeDirectory } from '../pincode/pincode-directory';
import {
  type Booking,
  type Courier,
  CourierRefusedError,
  type CourierScan,
  type PackingSlip,
} from './courier';
import { drawPackingSlips } from './packing-slip';

/** A parcel's journey with the simulated courier, one step every `stepSeconds` after booking. */
const JOURNEY: { kind: ScanKind; status: string; location: string }[] = [
  { kind: 'booked', status: 'Manifested', location: 'Darbhanga DC' },
  { kind: 'picked_up', status: 'Picked up', location: 'Darbhanga DC' },
  { kind: 'in_transit', status: 'In Transit', location: 'Patna Hub' },
  { kind: 'out_for_delivery', status: 'Dispatched', location: '' },
  { kind: 'delivered', status: 'Delivered', location: '' },
];

/** 14 digits: the booking's second since 1970 (10), then a counter (4). */
const WAYBILL = /^(\d{10})(\d{4})$/;

export interface SimulatedCourier extends Courier {
  /** Moves its clock on: the tests' and the journeys' way to let parcels travel. */
  elapse(seconds: number): void;
}

/**
 * The offline courier (decision 039): books a parcel at once for any pincode the shop delivers
 * to, with a waybill from a local series that carries its booking time, so any process can tell
 * where a parcel is without keeping it (`stepSeconds` per step of `JOURNEY`). It prints its own
 * packing slips.
 */
export function createSimulatedCourier(options: {
  stepSeconds: number;
  pincodes: PincodeDirectory;
  now?: () => number;
}): SimulatedCourier {
  let offsetMs = 0;
  const now = () => (options.now ?? Date.now)() + offsetMs;
  // Processes booking in the same second differ by where their counter starts.
  let counter = randomInt(10_000);

  return {
    kind: 'simulated',
    name: 'Simulated courier',
    trackBatch: 50,
    trackingUrl: () => null,
    elapse(seconds) {
      offsetMs += seconds * 1000;
    },
    async book(request): Promise<Booking> {
      const place = await options.pincodes.lookup(request.consignee.pincode);
      if (!place) throw new CourierRefusedError('Non serviceable pincode');
      counter = (counter + 1) % 10_000;
      const second = Math.floor(now() / 1000);
      return { waybill: `${second}${String(counter).padStart(4, '0')}` };
    },
    // Its answers never get lost on the way: a booking either happened and was told, or not.
    findBooking: async () => null,
    packingSlips: (slips: PackingSlip[]) => drawPackingSlips(slips),
    async requestPickup({ date }) {
      return { pickupId: `SIM-${date.replaceAll('-', '')}-${randomInt(100_000, 1_000_000)}` };
    },
    async track(waybills) {
      const found = new Map<string, CourierScan[]>();
      const at = now();
      for (const waybill of waybills) {
        const match = WAYBILL.exec(waybill);
        if (!match) continue;
        const bookedMs = Number(match[1]) * 1000;
        const scans: CourierScan[] = [];
        JOURNEY.forEach((step, index) => {
          const scanAt = bookedMs + index * options.stepSeconds * 1000;
          if (scanAt > at) return;
          scans.push({
            at: new Date(scanAt),
            kind: step.kind,
            location: step.location,
            reason: null,
            courierStatus: step.status,
          });
        });
        found.set(waybill, scans);
      }
      return found;
    },
  };
}
