import { INDIA_OFFSET_MS } from '@makhana/domain/india-time';
import type { Order } from '@makhana/domain/orders';
import { indiaToday, SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDelhiveryCourier } from '../../../adapters/courier/delhivery-courier';
import { mergePdfs } from '../../../adapters/courier/packing-slip';
import { shipments } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { type DelhiveryStub, startDelhiveryStub } from '../../../test/delhivery-stub';
import {
  ADDRESS,
  customer,
  insertOrderRow,
  orderRow,
  outbox,
  ownerToken,
  simulatedOrder,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { backoffSeconds } from './tracking';

const PICKUP_LOCATION = 'Mithila Makhana Darbhanga';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' },
  owner: true,
  poolSize: 4,
});

let stub: DelhiveryStub;
/** The app booking with Delhivery (the stub), on the file's database. */
let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  stub = await startDelhiveryStub();
  app = await api.startApp({
    env: {
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_STRICT_MAX: '1000',
      SHIPPING_PROVIDER: 'delhivery',
      DELHIVERY_TOKEN: stub.token,
      DELHIVERY_API_URL: stub.url,
      DELHIVERY_PICKUP_LOCATION: PICKUP_LOCATION,
    },
  });
  // The same courier, giving up after 500 ms rather than its 10 s: the timeouts take no time.
  app.orders.context.courier = createDelhiveryCourier({
    apiUrl: stub.url,
    token: stub.token,
    pickupLocation: PICKUP_LOCATION,
    timeoutMs: 500,
    packingSlips: mergePdfs,
  });
});

beforeEach(async () => {
  owner = await ownerToken(app);
});

afterAll(async () => {
  await stub?.close();
});

/** A new customer's order of a new product's 250 g pouch, paid. */
function paidOrder(quantity = 1) {
  return simulatedOrder(api, { quantity });
}

function ship(orderId: string) {
  return call(app, 'POST', `/orders/ship/${orderId}`, { token: owner });
}

const creations = () => stub.requests.filter((r) => r.path === '/api/cmu/create.json');
const trackings = () =>
  stub.requests.filter((r) => r.path.startsWith('/api/v1/packages/json') && r.query.has('waybill'));

async function shipmentOf(orderId: string) {
  const [row] = await api.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

let minutes = 0;
/** A scan's time as Delhivery writes it (India's wall clock), after the booking and the last one. */
function nextScanTime(): string {
  minutes += 1;
  return new Date(Date.now() + minutes * 60_000 + INDIA_OFFSET_MS).toISOString().slice(0, 23);
}

/** Lets the sweep ask about every parcel again, as if the interval or back-off had passed. */
async function dueNow() {
  await api.db.execute(
    sql`update shipments set next_track_at = now() where next_track_at is not null`,
  );
}

describe('shipping through Delhivery (the stub)', () => {
  it('books one order in Delhivery’s form, prepaid, with the parcel’s weight and box', async () => {
    const info = await call(app, 'GET', '/orders/courier', { token: owner });
    expect(info.json().data).toEqual({ provider: 'delhivery', name: 'Delhivery' });
    const { orderId, token } = await paidOrder(2);
    const before = creations().length;
    const shipped = await ship(orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json().data as Order;
    const booking = stub.bookings.get(order.orderNumber);
    expect(booking).toBeDefined();
    expect(order).toMatchObject({
      status: 'Shipped',
      trackingNumber: booking!.waybill,
      trackingUrl: `https://www.delhivery.com/track/package/${booking!.waybill}`,
      shipment: { courier: 'Delhivery', waybill: booking!.waybill, state: 'booked' },
    });
    expect(creations()).toHaveLength(before + 1);
    const sent = new URLSearchParams(creations().at(-1)!.body);
    expect(sent.get('format')).toBe('json');
    const data = JSON.parse(sent.get('data')!);
    expect(data.pickup_location).toEqual({ name: PICKUP_LOCATION });
    expect(data.shipments[0]).toMatchObject({
      name: `${ADDRESS.firstName} ${ADDRESS.lastName}`,
      add: ADDRESS.address,
      pin: ADDRESS.pincode,
      city: ADDRESS.city,
      state: ADDRESS.state,
      phone: ADDRESS.phone,
      order: order.orderNumber,
      payment_mode: 'Prepaid',
      cod_amount: '0',
      total_amount: order.totalAmount.toFixed(2),
      quantity: '2',
      weight: String(2 * (250 + 40)),
    });

    // The customer reads the courier's tracking link in the shipped mail.
    await api.app.orders.idle();
    await app.orders.idle();
    const mail = outbox(api.outboxDir).find(
      (m) => m.subject === `Your order ${order.orderNumber} has shipped`,
    );
    expect(mail?.text).toContain(`Track your parcel: ${order.trackingUrl}`);
    const theirs = await call(app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(theirs.json().data.shipment.waybill).toBe(booking!.waybill);
  });

  it('books many at once, each once', async () => {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
    const before = creations().length;
    const answers = await Promise.all(orders.map(({ orderId }) => ship(orderId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const waybills = answers.map((a) => a.json().data.trackingNumber);
    expect(new Set(waybills).size).toBe(3);
    expect(creations()).toHaveLength(before + 3);
  });

  it('keeps a refusal with its reason, and the order waits to be shipped', async () => {
    const { orderId } = await paidOrder();
    await api.db.execute(
      sql`update orders set shipping_address = jsonb_set(shipping_address, '{pincode}', '"110001"')
          where id = ${orderId}`,
    );
    stub.refusePincodes.add('110001');
    try {
      const refused = await ship(orderId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'The courier refused this order: Non serviceable pincode',
      );
    } finally {
      stub.refusePincodes.delete('110001');
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    expect(await shipmentOf(orderId)).toMatchObject({
      state: 'refused',
      failure: 'Non serviceable pincode',
      waybill: null,
      uncertain: false,
    });
    // Put right, it books.
    const retried = await ship(orderId);
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('after a lost answer, a retry finds the booking instead of booking twice', async () => {
    const { orderId } = await paidOrder();
    const { orderNumber } = await orderRow(api.db, orderId);
    stub.bookButLoseAnswer();
    const lost = await ship(orderId);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toBe(SHIPPING_MESSAGES.courierDown);
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    expect(await shipmentOf(orderId)).toMatchObject({ state: 'failed', uncertain: true });
    expect(stub.bookings.has(orderNumber)).toBe(true);

    const before = creations().length;
    const retried = await ship(orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.trackingNumber).toBe(stub.bookings.get(orderNumber)!.waybill);
    // Looked up by its reference; not booked again.
    expect(creations()).toHaveLength(before);
    expect(stub.requests.some((r) => r.query.get('ref_ids') === orderNumber)).toBe(true);
  });

  it('an outage (5xx, nonsense) leaves the order to ship, never a 500', async () => {
    const { orderId } = await paidOrder();
    for (const kind of ['server-error', 'malformed'] as const) {
      stub.failNext(kind, 1, '/api/cmu/create.json');
      const answer = await ship(orderId);
      expect(answer.statusCode, kind).toBe(503);
      expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    }
    stub.failNext('rate-limit', 1, '/api/v1/packages/json');
    const limited = await ship(orderId);
    expect(limited.statusCode).toBe(503);
    expect(limited.json().message).toBe(SHIPPING_MESSAGES.courierLimited);
    const booked = await ship(orderId);
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('downloads Delhivery’s packing slips and books a pickup', async () => {
    const { orderId } = await paidOrder();
    const { trackingNumber } = (await ship(orderId)).json().data as Order;
    const slips = await call(app, 'GET', `/orders/packing-slips?ids=${orderId}`, {
      token: owner,
    });
    expect(slips.statusCode, slips.body).toBe(200);
    expect(slips.headers['content-type']).toBe('application/pdf');
    expect(slips.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const asked = stub.requests.filter((r) => r.path === '/api/p/packing_slip').at(-1);
    expect(asked?.query.get('wbns')).toBe(trackingNumber);
    expect(asked?.query.get('pdf')).toBe('true');

    const date = indiaToday();
    const pickup = await call(app, 'POST', '/orders/pickup', {
      token: owner,
      body: { date, packages: 3 },
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(stub.pickups.at(-1)).toMatchObject({
      pickup_date: date,
      pickup_location: PICKUP_LOCATION,
      expected_package_count: 3,
    });
    expect(pickup.json().data.pickupId).toBeTruthy();
  });

  it('tracking moves one order to Delivered and one to Returned to origin, with the reason', async () => {
    const delivered = await paidOrder();
    const returned = await paidOrder();
    const toDeliver = (await ship(delivered.orderId)).json().data as Order;
    const toReturn = (await ship(returned.orderId)).json().data as Order;
    await dueNow();
    const waybill = (order: Order) => order.trackingNumber ?? '';
    for (const order of [toDeliver, toReturn]) {
      stub.addScan(waybill(order), {
        Scan: 'In Transit',
        ScanType: 'UD',
        ScanDateTime: nextScanTime(),
        ScannedLocation: 'Patna_Hub (Bihar)',
        Instructions: 'Shipment picked up',
      });
    }
    stub.addScan(waybill(toDeliver), {
      Scan: 'Dispatched',
      ScanType: 'UD',
      ScanDateTime: nextScanTime(),
    });
    stub.addScan(waybill(toDeliver), {
      Scan: 'Delivered',
      ScanType: 'DL',
      ScanDateTime: nextScanTime(),
    });
    stub.addScan(waybill(toReturn), {
      Scan: 'Pending',
      ScanType: 'UD',
      ScanDateTime: nextScanTime(),
      StatusCode: 'EOD-11',
      Instructions: 'Consignee Unavailable',
    });

    const first = await app.orders.sweep();
    expect(first.tracked.moved).toBe(1);
    await app.orders.idle();
    const read = async (orderId: string) =>
      (await call(app, 'GET', `/orders/order-id-details/${orderId}`, { token: owner })).json()
        .data as Order;
    const done = await read(delivered.orderId);
    expect(done.status).toBe('Delivered');
    expect(done.history?.at(-1)).toMatchObject({ event: 'delivered', by: 'courier' });
    const waiting = await read(returned.orderId);
    expect(waiting.status).toBe('Shipped');
    expect(waiting.shipment?.undelivered).toBe('Consignee Unavailable');
    expect(waiting.shipment?.scans.at(-1)?.status).toBe(
      'Delivery attempted: Consignee Unavailable',
    );

    // Back to the shop.
    stub.addScan(waybill(toReturn), {
      Scan: 'In Transit',
      ScanType: 'RT',
      ScanDateTime: nextScanTime(),
    });
    stub.addScan(waybill(toReturn), {
      Scan: 'RTO',
      ScanType: 'DL',
      ScanDateTime: nextScanTime(),
    });
    await dueNow();
    const second = await app.orders.sweep();
    expect(second.tracked.moved).toBe(1);
    await app.orders.idle();
    const back = await read(returned.orderId);
    expect(back.status).toBe('Returned to origin');
    expect(back.history?.at(-1)).toMatchObject({
      event: 'returned_to_origin',
      by: 'courier',
      note: 'Consignee Unavailable',
    });
    const mails = outbox(api.outboxDir);
    expect(
      mails.find((m) => m.subject === `Your order ${back.orderNumber} came back to us`),
    ).toBeDefined();
    const ownerMail = mails.find(
      (m) => m.subject === `Returned to origin: order ${back.orderNumber} came back undelivered`,
    );
    expect(ownerMail?.text).toContain('after a failed delivery: Consignee Unavailable');
  });

  it('asks about at most 50 waybills a question', async () => {
    // 110 parcels on their way, as booked: their orders written straight to the table.
    const buyer = await customer(api.db);
    const waybills: string[] = [];
    for (let i = 0; i < 110; i++) {
      const order = await insertOrderRow(api.db, buyer.user.id, 44_900, { status: 'Shipped' });
      const waybill = String(5_000_000_000_000 + i);
      waybills.push(waybill);
      stub.addScan(waybill, { Scan: 'Manifested', ScanType: 'UD' });
      await api.db.insert(shipments).values({
        orderId: order.id,
        courier: 'delhivery',
        reference: order.orderNumber,
        state: 'booked',
        waybill,
        weightGrams: 290,
        nextTrackAt: new Date(),
      });
    }
    await dueNow();
    const before = trackings().length;
    const swept = await app.orders.sweep();
    const asked = trackings()
      .slice(before)
      .map((r) => (r.query.get('waybill') ?? '').split(','));
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(asked.every((batch) => batch.length <= 50)).toBe(true);
    expect(asked.flat()).toEqual(expect.arrayContaining(waybills));
    expect(asked.flat()).toHaveLength(swept.tracked.asked);
    expect(swept.tracked.failed).toBe(0);
  });

  it('backs off on errors and unknown waybills, and pauses on the rate limit', async () => {
    const { orderId } = await paidOrder();
    const { trackingNumber } = (await ship(orderId)).json().data as Order;
    await dueNow();
    // Only this parcel is still on its way.
    await api.db.execute(
      sql`update shipments set next_track_at = null where order_id <> ${orderId}`,
    );
    stub.failNext('server-error', 1, '/api/v1/packages/json');
    const failed = await app.orders.sweep();
    expect(failed.tracked).toMatchObject({ asked: 1, failed: 1, moved: 0 });
    const after = await shipmentOf(orderId);
    expect(after).toMatchObject({ trackFailures: 1, lastScan: null });
    const wait = (after!.nextTrackAt!.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(backoffSeconds(1, 1800) - 5);
    expect(wait).toBeLessThanOrEqual(backoffSeconds(1, 1800) + 1);
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Shipped' });

    // A waybill Delhivery does not know keeps its last state and waits longer.
    stub.scans.delete(trackingNumber ?? '');
    await dueNow();
    const unknown = await app.orders.sweep();
    expect(unknown.tracked).toMatchObject({ asked: 1, failed: 1 });
    expect(await shipmentOf(orderId)).toMatchObject({
      trackFailures: 2,
      trackError: 'The courier does not know this waybill',
    });
    expect(backoffSeconds(2, 1800)).toBe(120);

    // A 429 pauses every question until its Retry-After.
    stub.addScan(trackingNumber ?? '', { Scan: 'Manifested', ScanType: 'UD' });
    stub.failNext('rate-limit', 1, '/api/v1/packages/json');
    await dueNow();
    expect((await app.orders.sweep()).tracked.failed).toBe(1);
    await dueNow();
    const before = trackings().length;
    expect((await app.orders.sweep()).tracked.asked).toBe(0);
    expect(trackings()).toHaveLength(before);
  });
});
