/**
 * Delhivery's B2C express API (decision 039): `create.json` books, `packages/json` finds and
 * tracks, `packing_slip` prints, `fm/request/new` asks for a pickup. Paths and shapes are the
 * published ones (delhivery-express-api-doc.readme.io); `apiUrl` points tests at
 * `test/delhivery-stub.ts`.
 */
import { INDIA_OFFSET_MS } from '@makhana/domain/india-time';
import type { ScanKind } from '@makhana/domain/shipping';
import { z } from 'zod';
import {
  type Booking,
  type Courier,
  CourierRateLimitedError,
  CourierRefusedError,
  type CourierScan,
  CourierUnavailableError,
  type ShipmentRequest,
} from './courier';

const TRACK_BATCH = 50;

/** The one pickup slot a day the shop asks for: the morning's parcels are packed by then. */
const PICKUP_TIME = '11:00:00';

const text = z.string().nullish();
const id = z.union([z.string(), z.number()]).nullish();

const createAnswer = z.object({
  success: z.boolean().nullish(),
  rmk: text,
  packages: z
    .array(
      z.object({
        waybill: id,
        status: text,
        remarks: z.union([z.array(z.unknown()), z.string()]).nullish(),
      }),
    )
    .nullish(),
});

const packagesAnswer = z.object({
  ShipmentData: z.array(z.unknown()).nullish(),
  Error: text,
});

const shipment = z.object({
  Shipment: z.object({ AWB: id, Scans: z.array(z.unknown()).nullish() }),
});

const scanDetail = z.object({
  ScanDetail: z.object({
    Scan: z.string(),
    ScanType: z.string(),
    ScanDateTime: z.string(),
    ScannedLocation: text,
    Instructions: text,
    StatusCode: text,
  }),
});
type ScanDetail = z.infer<typeof scanDetail>['ScanDetail'];

const slipsAnswer = z.object({
  packages: z.array(z.object({ wbn: id, pdf_download_link: text })),
});

const pickupAnswer = z.object({
  pickup_id: id,
  pr_exist: z.boolean().nullish(),
  error: z.union([z.string(), z.object({ message: text }), z.boolean()]).nullish(),
  message: text,
});

/** 12345 paise as Delhivery's "123.45" rupees; integer arithmetic, so no float ever rounds. */
function rupees(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** The strings of a remark or a list of remarks; Delhivery sends `[""]` when it has none. */
function texts(value: unknown): string[] {
  const all = Array.isArray(value) ? value : [value];
  return all.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/** "Patna_Hub (Bihar)" -> "Patna Hub": the centre's name as a customer reads it. */
function placeName(scanned: string | null | undefined): string {
  return (scanned ?? '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replaceAll('_', ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Delhivery's scan time: India's wall clock without a zone ("2026-11-29T10:15:00.000", with one
 * to three digits of fraction); a time that names its zone is read in it. Null when unreadable.
 */
function parseDelhiveryTime(value: string): Date | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second ?? 0),
    Number((fraction ?? '0').slice(0, 3).padEnd(3, '0')),
  );
  let offsetMs = INDIA_OFFSET_MS;
  if (zone === 'Z') offsetMs = 0;
  else if (zone) {
    const digits = zone.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    offsetMs = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * 60_000;
  }
  const at = new Date(wall - offsetMs);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Words of a failed delivery attempt, for a "Pending" scan whose code is not an `EOD-` one. */
const FAILED_ATTEMPT =
  /unavailable|not available|refus|door locked|premises closed|office closed|shop closed|incomplete address|address (?:incomplete|incorrect|not found)|wrong address|not reachable|unreachable|not contactable|reschedul/i;

/** "Shipment picked up", but not "Shipment not picked up". */
const PICKED_UP = /(?<!not )picked up/i;

/**
 * A scan's kind, from its `ScanType` and `Scan` (Delhivery's package lifecycle):
 *
 * - CN (any), or a Scan of "Canceled" -> cancelled
 * - RT (any: "In Transit", "Pending", "Dispatched" on the way back) -> returning
 * - DL + "RTO" -> returned_to_origin; DL + anything else ("Delivered") -> delivered
 * - PU, or any scan whose Instructions say picked up ("Shipment picked up") -> picked_up
 * - PP, UD + "Manifested", UD + "Not Picked" -> booked
 * - UD + "In Transit" -> picked_up when it is the parcel's first movement, in_transit after
 * - UD + "Pending" -> undelivered when its StatusCode is `EOD-...` or its Instructions name a
 *   failed attempt ("Consignee Unavailable", "Customer refused"), in_transit otherwise
 *   ("Shipment Received at Facility")
 * - UD + "Dispatched" -> out_for_delivery
 * - anything else -> in_transit once the parcel has moved, booked before
 *
 * Seen in Delhivery's published answers: UD Manifested / In Transit / Pending / Dispatched,
 * DL Delivered, EOD-11 "Consignee Unavailable" as a Pending. Not verifiable without an account:
 * PP and PU (documented for reverse pickups, which the shop does not book), CN's Scan text, RT's
 * Scan texts, DL "RTO", and which EOD codes besides EOD-11 are failed attempts (a delivered scan
 * carries an EOD code too, so the code is read on Pending scans only).
 */
function kindOf(scan: ScanDetail, moved: boolean): ScanKind {
  const type = scan.ScanType.trim().toUpperCase();
  const status = scan.Scan.trim().toLowerCase();
  const instructions = scan.Instructions ?? '';
  if (type === 'CN' || status.startsWith('cancel')) return 'cancelled';
  if (type === 'RT') return 'returning';
  if (type === 'DL') return status === 'rto' ? 'returned_to_origin' : 'delivered';
  if (type === 'PU' || PICKED_UP.test(instructions)) return 'picked_up';
  if (type === 'PP') return 'booked';
  if (type === 'UD') {
    if (status === 'manifested' || status === 'not picked') return 'booked';
    if (status === 'in transit') return moved ? 'in_transit' : 'picked_up';
    if (status === 'dispatched') return 'out_for_delivery';
    if (status === 'pending') {
      const failed =
        (scan.StatusCode ?? '').toUpperCase().startsWith('EOD-') ||
        FAILED_ATTEMPT.test(instructions);
      return failed ? 'undelivered' : 'in_transit';
    }
  }
  return moved ? 'in_transit' : 'booked';
}

/** A parcel's scans in the shop's kinds, oldest first; a scan without a readable time is left out. */
function toScans(raw: unknown[]): CourierScan[] {
  const read = raw
    .map((item) => scanDetail.safeParse(item))
    .flatMap((parsed) => {
      if (!parsed.success) return [];
      const at = parseDelhiveryTime(parsed.data.ScanDetail.ScanDateTime);
      return at ? [{ at, detail: parsed.data.ScanDetail }] : [];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let moved = false;
  let pickedUp = false;
  return read.map(({ at, detail }) => {
    let kind = kindOf(detail, moved);
    // "In Transit" and then "Shipment picked up" both read as a pickup: the timeline shows one.
    if (kind === 'picked_up' && pickedUp) kind = 'in_transit';
    if (kind === 'picked_up') pickedUp = true;
    if (kind !== 'booked') moved = true;
    const instructions = detail.Instructions?.trim() ?? '';
    return {
      at,
      kind,
      location: placeName(detail.ScannedLocation),
      reason: kind === 'undelivered' && instructions ? instructions : null,
      courierStatus: instructions ? `${detail.Scan} - ${instructions}` : detail.Scan,
    };
  });
}

/** Retry-After in seconds, whether given as seconds or as an HTTP date. */
function retryAfterSeconds(header: string | null): number {
  if (!header) return 60;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const until = Date.parse(header);
  return Number.isNaN(until) ? 60 : Math.max(Math.ceil((until - Date.now()) / 1000), 1);
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === '%PDF';

/** A waybill or an id, which Delhivery sends as a string or a number; '' when absent. */
const idText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A 404 or 408 is not Delhivery saying no to this parcel but a wrong address or a slow one: an
 * outage, so the owner is told to try again rather than shown a refusal.
 */
const isOutage = (status: number) => status === 404 || status === 408;

interface Answer {
  status: number;
  contentType: string;
  bytes: Buffer;
}

export function createDelhiveryCourier(options: {
  apiUrl: string;
  token: string;
  /** the warehouse's name as registered with Delhivery */
  pickupLocation: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** joins one PDF per parcel into one, for when Delhivery answers a link per parcel */
  packingSlips?: (pdfs: Buffer[]) => Promise<Buffer>;
}): Courier {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  /** A reason from Delhivery's own words, short, and never carrying the token back out. */
  const said = (words: string) => {
    const short = words.trim().slice(0, 300);
    return options.token ? short.replaceAll(options.token, '[token]') : short;
  };

  /**
   * One request, read whole. An outage (no answer in time, no connection, a 5xx), a rate limit
   * and a refused token throw here; any other status is the caller's to read.
   */
  async function request(
    what: string,
    url: string,
    init: { method?: 'GET' | 'POST'; body?: string; contentType?: string; token?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    // Pre-signed storage links carry their own signature and refuse a second credential.
    if (init.token !== false) {
      headers.Authorization = `Token ${options.token}`;
      headers.Accept = 'application/json';
    }
    if (init.contentType) headers['Content-Type'] = init.contentType;
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetchImpl(url, {
        method: init.method ?? 'GET',
        headers,
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CourierUnavailableError(
        timedOut
          ? `Delhivery did not answer ${what} within ${timeoutMs} ms`
          : `Delhivery could not be reached for ${what}`,
      );
    }
    if (response.status === 429) {
      throw new CourierRateLimitedError(retryAfterSeconds(response.headers.get('retry-after')));
    }
    if (response.status === 401 || response.status === 403) {
      throw new CourierUnavailableError('Delhivery refused the token');
    }
    if (response.status >= 500) {
      throw new CourierUnavailableError(`Delhivery answered ${response.status} to ${what}`);
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      bytes,
    };
  }

  function json<T>(what: string, answer: Answer, schema: z.ZodType<T>): T {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.bytes.toString('utf8'));
    } catch {
      throw new CourierUnavailableError(`Delhivery's answer to ${what} is not JSON`);
    }
    const read = schema.safeParse(parsed);
    if (!read.success) {
      throw new CourierUnavailableError(`Delhivery's answer to ${what} is not in its usual shape`);
    }
    return read.data;
  }

  /** Delhivery's words in a 4xx body: its `rmk`, `error`, `message` or `detail`, or the text. */
  function refusal(answer: Answer, fallback: string): string {
    const body = answer.bytes.toString('utf8');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      return said(body) || fallback;
    }
    if (parsed && typeof parsed === 'object') {
      const fields = parsed as Record<string, unknown>;
      const error = fields.error;
      const nested =
        error && typeof error === 'object' ? (error as Record<string, unknown>).message : error;
      for (const value of [fields.rmk, nested, fields.message, fields.detail]) {
        const words = texts(value).join('; ');
        if (words) return said(words);
      }
    }
    return fallback;
  }

  /** The `ShipmentData` of a packages/json question; empty when Delhivery knows none of them. */
  async function packages(what: string, query: string): Promise<unknown[]> {
    const answer = await request(what, `${base}/api/v1/packages/json/?${query}`);
    if (answer.status === 404) return [];
    if (answer.status >= 400) {
      throw new CourierUnavailableError(`Delhivery answered ${answer.status} to ${what}`);
    }
    const body = json(what, answer, packagesAnswer);
    // "No such waybill or Order Id found" comes as a 200 with an `Error` and no data.
    return body.ShipmentData ?? [];
  }

  async function findBooking(reference: string): Promise<Booking | null> {
    const found = await packages('the booking look-up', `ref_ids=${encodeURIComponent(reference)}`);
    for (const item of found) {
      const read = shipment.safeParse(item);
      const waybill = read.success ? idText(read.data.Shipment.AWB) : '';
      if (waybill !== '') return { waybill };
    }
    return null;
  }

  async function fetchSlip(link: string): Promise<Buffer> {
    if (!/^https?:\/\//i.test(link)) {
      throw new CourierUnavailableError('Delhivery sent a packing slip link that is not a URL');
    }
    const answer = await request('the packing slip download', link, { token: false });
    if (answer.status >= 400 || !isPdf(answer.bytes)) {
      throw new CourierUnavailableError('A packing slip Delhivery linked could not be downloaded');
    }
    return answer.bytes;
  }

  return {
    kind: 'delhivery',
    name: 'Delhivery',
    trackBatch: TRACK_BATCH,
    trackingUrl: (waybill) =>
      `https://www.delhivery.com/track/package/${encodeURIComponent(waybill)}`,

    async book(shipmentRequest: ShipmentRequest): Promise<Booking> {
      const { consignee, box, seller } = shipmentRequest;
      const data = {
        shipments: [
          {
            name: consignee.name,
            add: consignee.address,
            pin: consignee.pincode,
            city: consignee.city,
            state: consignee.state,
            country: 'India',
            phone: consignee.phone,
            order: shipmentRequest.reference,
            payment_mode: 'Prepaid',
            products_desc: shipmentRequest.contents,
            hsn_code: shipmentRequest.hsnCode,
            cod_amount: '0',
            order_date: null,
            total_amount: rupees(shipmentRequest.declaredValuePaise),
            seller_name: seller.name,
            seller_add: seller.address,
            seller_gst_tin: seller.gstin,
            quantity: String(shipmentRequest.units),
            shipment_length: String(box.lengthCm),
            shipment_width: String(box.breadthCm),
            shipment_height: String(box.heightCm),
            weight: String(shipmentRequest.weightGrams),
            shipping_mode: 'Surface',
            address_type: 'home',
          },
        ],
        pickup_location: { name: options.pickupLocation },
      };
      const what = 'the booking';
      const answer = await request(what, `${base}/api/cmu/create.json`, {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        body: `format=json&data=${encodeURIComponent(JSON.stringify(data))}`,
      });
      if (isOutage(answer.status)) {
        throw new CourierUnavailableError(`Delhivery answered ${answer.status} to ${what}`);
      }
      if (answer.status >= 400) {
        throw new CourierRefusedError(refusal(answer, `Delhivery answered ${answer.status}`));
      }
      const body = json(what, answer, createAnswer);
      const parcel = body.packages?.[0];
      if (body.success === true && parcel?.status !== 'Fail') {
        const waybill = idText(parcel?.waybill);
        if (waybill !== '') return { waybill };
        throw new CourierUnavailableError(`Delhivery's answer to ${what} names no waybill`);
      }
      const remarks = texts(parcel?.remarks);
      const reason = said(
        remarks.length > 0 ? remarks.join('; ') : (body.rmk ?? 'Delhivery did not book the parcel'),
      );
      // An attempt whose answer was lost booked it: Delhivery keeps one parcel per order id.
      if (/duplicate/i.test(reason)) {
        const booked = await findBooking(shipmentRequest.reference);
        if (booked) return booked;
        throw new CourierUnavailableError(
          'Delhivery says the order is booked already but finds no parcel for it',
        );
      }
      throw new CourierRefusedError(reason || 'Delhivery did not book the parcel');
    },

    findBooking,

    async packingSlips(slips) {
      const noSlip = 'Delhivery has no packing slip for these waybills';
      if (slips.length === 0) throw new CourierRefusedError(noSlip);
      const what = 'the packing slips';
      const wbns = slips.map((slip) => encodeURIComponent(slip.waybill)).join(',');
      const answer = await request(what, `${base}/api/p/packing_slip?wbns=${wbns}&pdf=true`);
      if (answer.status >= 400) {
        throw new CourierUnavailableError(`Delhivery answered ${answer.status} to ${what}`);
      }
      if (answer.contentType.includes('application/pdf') || isPdf(answer.bytes)) {
        if (!isPdf(answer.bytes)) {
          throw new CourierUnavailableError(`Delhivery's answer to ${what} is not a PDF`);
        }
        return answer.bytes;
      }
      const body = json(what, answer, slipsAnswer);
      if (body.packages.length === 0) throw new CourierRefusedError(noSlip);
      const pdfs: Buffer[] = [];
      for (const parcel of body.packages) {
        if (!parcel.pdf_download_link) {
          throw new CourierUnavailableError(`Delhivery sent no packing slip link for a parcel`);
        }
        pdfs.push(await fetchSlip(parcel.pdf_download_link));
      }
      if (pdfs.length === 1) return pdfs[0]!;
      if (!options.packingSlips) {
        throw new CourierUnavailableError(
          'Delhivery sent one PDF per parcel and none can join them',
        );
      }
      return options.packingSlips(pdfs);
    },

    async requestPickup({ date, packages: count }) {
      const what = 'the pickup request';
      const answer = await request(what, `${base}/fm/request/new/`, {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({
          pickup_time: PICKUP_TIME,
          pickup_date: date,
          pickup_location: options.pickupLocation,
          expected_package_count: count,
        }),
      });
      const fallback = 'Delhivery did not accept the pickup request';
      if (isOutage(answer.status)) {
        throw new CourierUnavailableError(`Delhivery answered ${answer.status} to ${what}`);
      }
      if (answer.status >= 400) throw new CourierRefusedError(refusal(answer, fallback));
      const body = json(what, answer, pickupAnswer);
      const pickupId = idText(body.pickup_id);
      if (body.error || body.pr_exist || pickupId === '') {
        throw new CourierRefusedError(refusal(answer, fallback));
      }
      return { pickupId };
    },

    async track(waybills) {
      const asked = [...new Set(waybills)];
      const found = new Map<string, CourierScan[]>();
      for (let start = 0; start < asked.length; start += TRACK_BATCH) {
        const batch = asked.slice(start, start + TRACK_BATCH);
        const wanted = new Set(batch);
        const data = await packages(
          'the tracking question',
          `waybill=${batch.map((waybill) => encodeURIComponent(waybill)).join(',')}`,
        );
        for (const item of data) {
          // One parcel Delhivery describes oddly stays unknown; the others are still read.
          const read = shipment.safeParse(item);
          if (!read.success) continue;
          const waybill = idText(read.data.Shipment.AWB);
          if (!wanted.has(waybill)) continue;
          found.set(waybill, toScans(read.data.Shipment.Scans ?? []));
        }
      }
      return found;
    },
  };
}
