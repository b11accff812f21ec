import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DelhiveryStub, startDelhiveryStub } from '../../test/delhivery-stub';
import {
  type Courier,
  CourierRateLimitedError,
  CourierRefusedError,
  CourierUnavailableError,
  type PackingSlip,
  type ShipmentRequest,
} from './courier';
import { createDelhiveryCourier } from './delhivery-courier';

const PICKUP_LOCATION = 'Mithila Makhana Darbhanga';

const shipmentRequest = (reference: string, pincode = '110008'): ShipmentRequest => ({
  reference,
  consignee: {
    name: 'Asha Kumari',
    address: '12 Lalbagh Road, near the water tank',
    city: 'New Delhi',
    state: 'Delhi',
    pincode,
    phone: '9876543210',
  },
  declaredValuePaise: 49_905,
  weightGrams: 540,
  box: { lengthCm: 30, breadthCm: 22, heightCm: 15 },
  contents: 'Roasted Makhana 100 g x 2',
  units: 2,
  hsnCode: '20081990',
  seller: {
    name: 'Mithila Makhana',
    address: 'Lalbagh, Darbhanga, Bihar 846004',
    gstin: '10ABCDE1234F1Z5',
  },
});

const slip = (reference: string, waybill: string): PackingSlip => ({
  ...shipmentRequest(reference),
  waybill,
  courierName: 'Delhivery',
});

/** A fetch that answers every request with one canned answer. */
const answering =
  (status: number, body: string | object, headers: Record<string, string> = {}): typeof fetch =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

/** The error a promise rejects with (the test fails when it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

let stub: DelhiveryStub;
let courier: Courier;
const courierWith = (options: Partial<Parameters<typeof createDelhiveryCourier>[0]> = {}) =>
  createDelhiveryCourier({
    apiUrl: stub.url,
    token: stub.token,
    pickupLocation: PICKUP_LOCATION,
    ...options,
  });

beforeEach(async () => {
  stub = await startDelhiveryStub();
  courier = courierWith();
});
afterEach(() => stub.close());

describe('booking', () => {
  it('posts the parcel as Delhivery form data and answers its waybill', async () => {
    const headers: Headers[] = [];
    const spied = courierWith({
      fetchImpl: (input, init) => {
        headers.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });

    const booking = await spied.book(shipmentRequest('MK-1001'));

    expect(booking.waybill).toMatch(/^\d{13}$/);
    expect(stub.bookings.get('MK-1001')?.waybill).toBe(booking.waybill);
    const [sent] = stub.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/api/cmu/create.json');
    expect(sent?.body.startsWith('format=json&data=')).toBe(true);
    const form = new URLSearchParams(sent?.body);
    expect(form.get('format')).toBe('json');
    expect(JSON.parse(form.get('data') ?? '')).toEqual({
      shipments: [
        {
          name: 'Asha Kumari',
          add: '12 Lalbagh Road, near the water tank',
          pin: '110008',
          city: 'New Delhi',
          state: 'Delhi',
          country: 'India',
          phone: '9876543210',
          order: 'MK-1001',
          payment_mode: 'Prepaid',
          products_desc: 'Roasted Makhana 100 g x 2',
          hsn_code: '20081990',
          cod_amount: '0',
          order_date: null,
          total_amount: '499.05',
          seller_name: 'Mithila Makhana',
          seller_add: 'Lalbagh, Darbhanga, Bihar 846004',
          seller_gst_tin: '10ABCDE1234F1Z5',
          quantity: '2',
          shipment_length: '30',
          shipment_width: '22',
          shipment_height: '15',
          weight: '540',
          shipping_mode: 'Surface',
          address_type: 'home',
        },
      ],
      pickup_location: { name: PICKUP_LOCATION },
    });
    expect(headers[0]?.get('authorization')).toBe(`Token ${stub.token}`);
    expect(headers[0]?.get('accept')).toBe('application/json');
    expect(headers[0]?.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('is Delhivery, tracks 50 at a time and links its public tracking page', () => {
    expect(courier.kind).toBe('delhivery');
    expect(courier.name).toBe('Delhivery');
    expect(courier.trackBatch).toBe(50);
    expect(courier.trackingUrl('4100000000001')).toBe(
      'https://www.delhivery.com/track/package/4100000000001',
    );
  });

  it('passes on a refused pincode', async () => {
    stub.refusePincodes.add('799999');

    const error = await failure(courier.book(shipmentRequest('MK-1002', '799999')));

    expect(error).toBeInstanceOf(CourierRefusedError);
    expect(error.message).toBe('Non serviceable pincode');
    expect(stub.bookings.size).toBe(0);
  });

  it('reads a duplicate order id as booked already, and answers that waybill', async () => {
    const first = await courier.book(shipmentRequest('MK-1003'));

    const second = await courier.book(shipmentRequest('MK-1003'));

    expect(second).toEqual(first);
    expect(stub.bookings.size).toBe(1);
    expect(stub.requests.map((r) => r.query.get('ref_ids'))).toContain('MK-1003');
  });

  it('finds a parcel booked by an attempt whose answer was lost, and never books it twice', async () => {
    const quick = courierWith({ timeoutMs: 300 });
    stub.bookButLoseAnswer();

    const lost = await failure(quick.book(shipmentRequest('MK-1004')));
    const found = await quick.findBooking('MK-1004');
    const again = await quick.book(shipmentRequest('MK-1004'));

    expect(lost).toBeInstanceOf(CourierUnavailableError);
    expect(found).toEqual({ waybill: stub.bookings.get('MK-1004')?.waybill });
    expect(again).toEqual(found);
    expect(stub.bookings.size).toBe(1);
  });

  it('finds no booking for a reference Delhivery does not know', async () => {
    expect(await courier.findBooking('MK-404')).toBeNull();
    expect(stub.requests[0]?.query.get('ref_ids')).toBe('MK-404');
  });

  it('reads a 4xx as a refusal in Delhivery words, without the token', async () => {
    const refusing = courierWith({
      fetchImpl: answering(400, { rmk: `Invalid pin for token ${stub.token}` }),
    });

    const error = await failure(refusing.book(shipmentRequest('MK-1005')));

    expect(error).toBeInstanceOf(CourierRefusedError);
    expect(error.message).toBe('Invalid pin for token [token]');
  });
});

describe('packing slips', () => {
  it('answers the PDF Delhivery sends for the waybills', async () => {
    const a = await courier.book(shipmentRequest('MK-2001'));
    const b = await courier.book(shipmentRequest('MK-2002'));

    const pdf = await courier.packingSlips([
      slip('MK-2001', a.waybill),
      slip('MK-2002', b.waybill),
    ]);

    expect(pdf.equals(stub.packingSlipPdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const asked = stub.requests.at(-1);
    expect(asked?.path).toBe('/api/p/packing_slip');
    expect(asked?.query.get('wbns')).toBe(`${a.waybill},${b.waybill}`);
    expect(asked?.query.get('pdf')).toBe('true');
  });

  it('downloads the links Delhivery may answer instead, without the token, and joins them', async () => {
    stub.packingSlipAnswer = 'links';
    const a = await courier.book(shipmentRequest('MK-2003'));
    const b = await courier.book(shipmentRequest('MK-2004'));
    const merge = vi.fn(async (pdfs: Buffer[]) => Buffer.concat(pdfs));
    const joining = courierWith({ packingSlips: merge });

    const pdf = await joining.packingSlips([
      slip('MK-2003', a.waybill),
      slip('MK-2004', b.waybill),
    ]);

    expect(merge).toHaveBeenCalledOnce();
    expect(merge.mock.calls[0]?.[0]).toEqual([stub.packingSlipPdf, stub.packingSlipPdf]);
    expect(pdf.length).toBe(2 * stub.packingSlipPdf.length);
    const single = await joining.packingSlips([slip('MK-2003', a.waybill)]);
    expect(single.equals(stub.packingSlipPdf)).toBe(true);
    expect(merge).toHaveBeenCalledOnce();
  });

  it('cannot answer several linked PDFs without a way to join them', async () => {
    stub.packingSlipAnswer = 'links';
    const a = await courier.book(shipmentRequest('MK-2005'));
    const b = await courier.book(shipmentRequest('MK-2006'));

    const error = await failure(
      courier.packingSlips([slip('MK-2005', a.waybill), slip('MK-2006', b.waybill)]),
    );

    expect(error).toBeInstanceOf(CourierUnavailableError);
  });

  it('refuses waybills Delhivery has no slip for', async () => {
    const error = await failure(courier.packingSlips([slip('MK-2007', '4199999999999')]));

    expect(error).toBeInstanceOf(CourierRefusedError);
    expect(error.message).toBe('Delhivery has no packing slip for these waybills');
  });
});

describe('pickups', () => {
  it('asks for a pickup at the warehouse and answers its id', async () => {
    const { pickupId } = await courier.requestPickup({ date: '2026-12-01', packages: 3 });

    expect(pickupId).toBe('10001');
    expect(stub.pickups).toEqual([
      {
        pickup_time: '11:00:00',
        pickup_date: '2026-12-01',
        pickup_location: PICKUP_LOCATION,
        expected_package_count: 3,
      },
    ]);
  });

  it('passes on a pickup Delhivery will not take', async () => {
    const refusing = courierWith({
      fetchImpl: answering(200, {
        success: false,
        pr_exist: true,
        pickup_id: 10001,
        error: { message: 'Pickup request already exists for this date', code: 'PR_EXIST' },
      }),
    });

    const error = await failure(refusing.requestPickup({ date: '2026-12-01', packages: 1 }));

    expect(error).toBeInstanceOf(CourierRefusedError);
    expect(error.message).toBe('Pickup request already exists for this date');
  });
});

describe('tracking', () => {
  const scan = (
    Scan: string,
    ScanType: string,
    ScanDateTime: string,
    ScannedLocation: string,
    Instructions: string,
    StatusCode = '',
  ) => ({ Scan, ScanType, ScanDateTime, ScannedLocation, Instructions, StatusCode });

  it('asks about at most 50 waybills a call', async () => {
    const waybills = Array.from({ length: 120 }, (_, i) => String(4_200_000_000_000 + i));
    for (const waybill of waybills) stub.addScan(waybill, { Scan: 'Manifested', ScanType: 'UD' });

    const tracked = await courier.track(waybills);

    expect(tracked.size).toBe(120);
    const asked = stub.requests.map((r) => r.query.get('waybill')?.split(',') ?? []);
    expect(asked.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(asked.flat()).toEqual(waybills);
  });

  it('starts a booked parcel with its manifest, and leaves out waybills Delhivery does not know', async () => {
    const { waybill } = await courier.book(shipmentRequest('MK-3001'));

    const tracked = await courier.track([waybill, '4199999999999']);

    expect([...tracked.keys()]).toEqual([waybill]);
    expect(tracked.get(waybill)).toEqual([
      {
        at: expect.any(Date),
        kind: 'booked',
        location: 'Darbhanga DC',
        reason: null,
        courierStatus: 'Manifested - Shipment details manifested',
      },
    ]);
    expect(await courier.track(['4199999999999'])).toEqual(new Map());
  });

  it('maps a journey to delivery, oldest scan first, in India time', async () => {
    const waybill = '4300000000001';
    for (const step of [
      scan(
        'Delivered',
        'DL',
        '2026-11-30T15:41:19.06',
        'Delhi_Mayapuri_D (Delhi)',
        'Delivered to consignee',
        'EOD-38',
      ),
      scan(
        'Manifested',
        'UD',
        '2026-11-28T18:00:00.000',
        'Darbhanga_DC (Bihar)',
        'Shipment details manifested',
        'X-UCI',
      ),
      scan(
        'In Transit',
        'UD',
        '2026-11-28T19:30:00.000',
        'Darbhanga_DC (Bihar)',
        'Shipment picked up',
        'X-PPOM',
      ),
      scan(
        'In Transit',
        'UD',
        '2026-11-29T10:15:00.000',
        'Patna_Hub (Bihar)',
        'Bag Received at Facility',
        'X-ILL1F',
      ),
      scan(
        'Dispatched',
        'UD',
        '2026-11-30T09:00:00.000',
        'Delhi_Mayapuri_D (Delhi)',
        'Out for delivery',
        'X-DDD3FD',
      ),
    ]) {
      stub.addScan(waybill, step);
    }

    const scans = (await courier.track([waybill])).get(waybill) ?? [];

    expect(scans.map((s) => [s.kind, s.location])).toEqual([
      ['booked', 'Darbhanga DC'],
      ['picked_up', 'Darbhanga DC'],
      ['in_transit', 'Patna Hub'],
      ['out_for_delivery', 'Delhi Mayapuri D'],
      ['delivered', 'Delhi Mayapuri D'],
    ]);
    expect(scans[2]?.at.toISOString()).toBe('2026-11-29T04:45:00.000Z');
    expect(scans[4]?.at.toISOString()).toBe('2026-11-30T10:11:19.060Z');
    expect(scans[2]?.courierStatus).toBe('In Transit - Bag Received at Facility');
    expect(scans.every((s) => s.reason === null)).toBe(true);
  });

  it('reads the first movement as the pickup when Delhivery does not say so', async () => {
    const waybill = '4300000000002';
    stub.addScan(
      waybill,
      scan(
        'Manifested',
        'UD',
        '2026-11-28T18:00:00.000',
        'Darbhanga_DC (Bihar)',
        'Shipment details manifested',
      ),
    );
    stub.addScan(
      waybill,
      scan('In Transit', 'UD', '2026-11-29T10:15:00.000', 'Patna_Hub (Bihar)', 'Trip Arrived'),
    );

    const scans = (await courier.track([waybill])).get(waybill) ?? [];

    expect(scans.map((s) => [s.kind, s.location])).toEqual([
      ['booked', 'Darbhanga DC'],
      ['picked_up', 'Patna Hub'],
    ]);
  });

  it('maps failed attempts with their reason, and a return to origin', async () => {
    const waybill = '4300000000003';
    for (const step of [
      scan(
        'Manifested',
        'UD',
        '2026-11-28T18:00:00.000',
        'Darbhanga_DC (Bihar)',
        'Shipment details manifested',
      ),
      scan(
        'In Transit',
        'UD',
        '2026-11-28T19:30:00.000',
        'Darbhanga_DC (Bihar)',
        'Shipment picked up',
      ),
      scan(
        'Pending',
        'UD',
        '2026-11-29T12:00:00.000',
        'Delhi_Mayapuri_D (Delhi)',
        'Shipment Received at Facility',
        'X-IBD3F',
      ),
      scan(
        'Pending',
        'UD',
        '2026-11-29T15:17:44.002',
        'Delhi_Mayapuri_D (Delhi)',
        'Consignee Unavailable',
        'EOD-11',
      ),
      scan(
        'Pending',
        'UD',
        '2026-11-30T14:00:00.000',
        'Delhi_Mayapuri_D (Delhi)',
        'Customer refused to accept',
        'X-NDR',
      ),
      scan(
        'In Transit',
        'RT',
        '2026-12-01T10:00:00.000',
        'Delhi_Mayapuri_D (Delhi)',
        'Return initiated',
      ),
      scan(
        'Pending',
        'RT',
        '2026-12-02T10:00:00.000',
        'Patna_Hub (Bihar)',
        'Shipment Received at Facility',
      ),
      scan('RTO', 'DL', '2026-12-03T16:00:00.000', 'Darbhanga_DC (Bihar)', 'Returned to seller'),
    ]) {
      stub.addScan(waybill, step);
    }

    const scans = (await courier.track([waybill])).get(waybill) ?? [];

    expect(scans.map((s) => [s.kind, s.reason])).toEqual([
      ['booked', null],
      ['picked_up', null],
      ['in_transit', null],
      ['undelivered', 'Consignee Unavailable'],
      ['undelivered', 'Customer refused to accept'],
      ['returning', null],
      ['returning', null],
      ['returned_to_origin', null],
    ]);
  });

  it('maps a cancellation', async () => {
    const waybill = '4300000000004';
    stub.addScan(
      waybill,
      scan('Manifested', 'UD', '2026-11-28T18:00:00.000', 'Darbhanga_DC (Bihar)', ''),
    );
    stub.addScan(
      waybill,
      scan('Canceled', 'CN', '2026-11-28T20:00:00.000', '', 'Seller cancelled the order'),
    );

    const scans = (await courier.track([waybill])).get(waybill) ?? [];

    expect(scans.map((s) => [s.kind, s.location, s.courierStatus])).toEqual([
      ['booked', 'Darbhanga DC', 'Manifested'],
      ['cancelled', '', 'Canceled - Seller cancelled the order'],
    ]);
  });
});

describe('when Delhivery is not well', () => {
  const messages: string[] = [];
  const caught = async (promise: Promise<unknown>) => {
    const error = await failure(promise);
    messages.push(error.message);
    return error;
  };
  afterEach(() => {
    for (const message of messages) expect(message).not.toContain(stub.token);
  });

  it('reads no answer in time as unavailable', async () => {
    const quick = courierWith({ timeoutMs: 300 });
    stub.failNext('timeout', 1, '/api/v1/packages/json');

    const error = await caught(quick.track(['4100000000001']));

    expect(error).toBeInstanceOf(CourierUnavailableError);
    expect(error).not.toBeInstanceOf(CourierRateLimitedError);
    expect(error.message).toBe('Delhivery did not answer the tracking question within 300 ms');
  });

  it('reads a 5xx as unavailable, not as a refusal', async () => {
    stub.failNext('server-error');

    const error = await caught(courier.book(shipmentRequest('MK-4001')));

    expect(error).toBeInstanceOf(CourierUnavailableError);
    expect(error.message).toBe('Delhivery answered 500 to the booking');
    expect(stub.bookings.size).toBe(0);
  });

  it('reads broken JSON as unavailable', async () => {
    stub.failNext('malformed');

    const error = await caught(courier.track(['4100000000001']));

    expect(error).toBeInstanceOf(CourierUnavailableError);
  });

  it('reads a 429 as a rate limit with its Retry-After', async () => {
    stub.failNext('rate-limit', 1, '/fm/request/new');

    const error = await caught(courier.requestPickup({ date: '2026-12-01', packages: 1 }));

    expect(error).toBeInstanceOf(CourierRateLimitedError);
    expect((error as CourierRateLimitedError).retryAfterSeconds).toBe(30);
    const limited = courierWith({ fetchImpl: answering(429, '{}') });
    const unsaid = await caught(limited.track(['4100000000001']));
    expect((unsaid as CourierRateLimitedError).retryAfterSeconds).toBe(60);
  });

  it('reads a refused token as unavailable, and never repeats the token', async () => {
    const wrong = courierWith({ token: 'wrong-token' });

    const error = await caught(wrong.book(shipmentRequest('MK-4002')));

    expect(error).toBeInstanceOf(CourierUnavailableError);
    expect(error.message).toBe('Delhivery refused the token');
  });

  it('reads a closed port as unavailable', async () => {
    const closed = stub;
    stub = await startDelhiveryStub();
    await closed.close();
    const gone = createDelhiveryCourier({ apiUrl: closed.url, token: 'x', pickupLocation: 'x' });

    const error = await caught(gone.findBooking('MK-4003'));

    expect(error).toBeInstanceOf(CourierUnavailableError);
    expect(error.message).toBe('Delhivery could not be reached for the booking look-up');
  });

  it('never throws a TypeError at an answer of an odd shape', async () => {
    const odd: (string | object)[] = [
      '',
      'null',
      '[]',
      '"text"',
      { success: true },
      { success: true, packages: [{ status: 'Success' }] },
      { success: false, packages: 'x' },
      { packages: [{ remarks: [null, 3] }] },
      { ShipmentData: {} },
      { ShipmentData: [null, 1, { Shipment: null }, { Shipment: { AWB: null } }] },
      { packages: [{ wbn: '1' }] },
      { packages: [{ wbn: '1', pdf_download_link: 'file:///etc/passwd' }] },
      { pickup_id: null },
      { error: true },
    ];
    for (const body of odd) {
      const strange = courierWith({ fetchImpl: answering(200, body) });
      for (const call of [
        () => strange.book(shipmentRequest('MK-4004')),
        () => strange.findBooking('MK-4004'),
        () => strange.packingSlips([slip('MK-4004', '4100000000001')]),
        () => strange.requestPickup({ date: '2026-12-01', packages: 1 }),
        () => strange.track(['4100000000001']),
      ]) {
        const outcome = await call().then(
          () => null,
          (error: unknown) => error,
        );
        if (outcome !== null) {
          expect(outcome, JSON.stringify(body)).toSatisfy(
            (error) =>
              error instanceof CourierUnavailableError || error instanceof CourierRefusedError,
          );
        }
      }
    }
  });

  it('skips scans it cannot read and keeps the rest', async () => {
    const strange = courierWith({
      fetchImpl: answering(200, {
        ShipmentData: [
          {
            Shipment: {
              AWB: 4100000000001,
              Scans: [
                null,
                { ScanDetail: { Scan: 1 } },
                { ScanDetail: { Scan: 'Pending', ScanType: 'UD', ScanDateTime: 'yesterday' } },
                {
                  ScanDetail: {
                    Scan: 'Manifested',
                    ScanType: 'UD',
                    ScanDateTime: '2026-11-28T18:00:00Z',
                  },
                },
              ],
            },
          },
        ],
      }),
    });

    const tracked = await strange.track(['4100000000001']);

    expect(tracked.get('4100000000001')).toEqual([
      {
        at: new Date('2026-11-28T18:00:00Z'),
        kind: 'booked',
        location: '',
        reason: null,
        courierStatus: 'Manifested',
      },
    ]);
  });
});
