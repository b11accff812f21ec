import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Order } from '@makhana/domain/orders';
import { indiaToday, SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SimulatedCourier } from '../../../adapters/courier/simulated-courier';
import { pickups, shipments } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  insertProduct,
  orderRow,
  outbox,
  ownerToken,
  simulatedOrder,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const STEP_SECONDS = 600;

const api = useTestApp({
  env: {
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    SHIPPING_PROVIDER: 'simulated',
    SIMULATED_COURIER_STEP_SECONDS: String(STEP_SECONDS),
  },
  owner: true,
});

const run = promisify(execFile);

function courier(): SimulatedCourier {
  return api.app.orders.context.courier as SimulatedCourier;
}

/** Lets the sweep ask about every parcel again, as if the tracking interval had passed. */
async function intervalPasses() {
  await api.db.execute(
    sql`update shipments set next_track_at = now() where next_track_at is not null`,
  );
}

async function ship(token: string | undefined, orderId: string) {
  return call(api.app, 'POST', `/orders/ship/${orderId}`, { token });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'slips-')), 'slips.pdf');
  writeFileSync(file, bytes);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

describe('shipping with the simulated courier', () => {
  it('is for the owner only', async () => {
    const { orderId, token } = await simulatedOrder(api);
    for (const caller of [undefined, token]) {
      expect((await ship(caller, orderId)).statusCode).toBe(401);
      const slips = await call(api.app, 'GET', `/orders/packing-slips?ids=${orderId}`, {
        token: caller,
      });
      expect(slips.statusCode).toBe(401);
      const pickup = await call(api.app, 'POST', '/orders/pickup', {
        token: caller,
        body: { date: indiaToday(), packages: 1 },
      });
      expect(pickup.statusCode).toBe(401);
    }
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    expect(await api.db.select().from(shipments)).toEqual([]);
  });

  it('books a paid order, ships it with the waybill, and a second call books nothing new', async () => {
    const { orderId, token } = await simulatedOrder(api, { quantity: 2 });
    const owner = await ownerToken(api.app);
    const courierInfo = await call(api.app, 'GET', '/orders/courier', { token: owner });
    expect(courierInfo.json().data).toEqual({ provider: 'simulated', name: 'Simulated courier' });

    const shipped = await ship(owner, orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json().data as Order;
    expect(order.status).toBe('Shipped');
    expect(order.trackingNumber).toMatch(/^\d{14}$/);
    expect(shipped.json().message).toBe(SHIPPING_MESSAGES.booked(order.trackingNumber ?? ''));
    expect(order.shipment).toEqual({
      courier: 'Simulated courier',
      waybill: order.trackingNumber,
      state: 'booked',
      failure: null,
      undelivered: null,
      trackedAt: null,
      scans: [],
    });
    // Two packs of 250 g, each with its packaging.
    const [row] = await api.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(row).toMatchObject({ weightGrams: 2 * (250 + 40), reference: order.orderNumber });

    const again = await ship(owner, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.trackingNumber).toBe(order.trackingNumber);
    expect((again.json().data as Order).history?.filter((m) => m.event === 'shipped')).toHaveLength(
      1,
    );

    await api.app.orders.idle();
    const mails = outbox(api.outboxDir).filter(
      (m) => m.to === ADDRESS.email && m.subject === `Your order ${order.orderNumber} has shipped`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Tracking number: ${order.trackingNumber}`);

    const theirs = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(theirs.json().data.shipment.waybill).toBe(order.trackingNumber);
  });

  it('refuses an order that is not paid and confirmed, and an unknown one', async () => {
    const owner = await ownerToken(api.app);
    const unpaid = await simulatedOrder(api, { paid: false });
    const refused = await ship(owner, unpaid.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.notToShip);
    expect(await api.db.select().from(shipments)).toEqual([]);
    for (const id of ['00000000-0000-4000-8000-00000000abcd', 'not-an-id']) {
      expect((await ship(owner, id)).statusCode).toBe(404);
    }
  });

  it('refuses a pincode the shop does not deliver to, and says why', async () => {
    const owner = await ownerToken(api.app);
    const { orderId } = await simulatedOrder(api);
    await api.db.execute(
      sql`update orders set shipping_address = jsonb_set(shipping_address, '{pincode}', '"999999"')
          where id = ${orderId}`,
    );
    const refused = await ship(owner, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The courier refused this order: Non serviceable pincode');
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
    const view = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: owner,
    });
    expect(view.json().data.shipment).toMatchObject({
      state: 'refused',
      failure: 'Non serviceable pincode',
      waybill: null,
    });
  });

  it('tracks the parcel on the clock: scans for the customer, then Delivered by the courier', async () => {
    const { orderId, token } = await simulatedOrder(api);
    const owner = await ownerToken(api.app);
    const { orderNumber } = (await ship(owner, orderId)).json().data as Order;

    // Two steps later: booked, picked up, in transit.
    courier().elapse(2 * STEP_SECONDS);
    const first = await api.app.orders.sweep();
    expect(first.tracked).toMatchObject({ asked: 1, moved: 0, failed: 0 });
    const read = async () =>
      (await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token })).json()
        .data as Order;
    const moving = await read();
    expect(moving.status).toBe('Shipped');
    expect(moving.shipment?.scans.map((s) => s.status)).toEqual([
      'Shipment booked',
      'Picked up',
      'In transit at Patna Hub',
    ]);
    expect(moving.shipment?.trackedAt).not.toBeNull();

    // Not asked again before its interval has passed, however often the sweep runs.
    courier().elapse(10 * STEP_SECONDS);
    expect((await api.app.orders.sweep()).tracked.asked).toBe(0);

    await intervalPasses();
    const last = await api.app.orders.sweep();
    expect(last.tracked).toMatchObject({ asked: 1, moved: 1 });
    const delivered = await read();
    expect(delivered.status).toBe('Delivered');
    expect(delivered.shipment?.scans.map((s) => s.status)).toEqual([
      'Shipment booked',
      'Picked up',
      'In transit at Patna Hub',
      'Out for delivery',
      'Delivered',
    ]);
    expect(delivered.history?.at(-1)).toMatchObject({
      event: 'delivered',
      by: 'courier',
      from: 'Shipped',
      to: 'Delivered',
      trackingNumber: delivered.trackingNumber,
    });
    // At its journey's end it is asked about no more.
    const [row] = await api.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(row).toMatchObject({ lastScan: 'delivered', nextTrackAt: null });
    await intervalPasses();
    expect((await api.app.orders.sweep()).tracked.asked).toBe(0);

    await api.app.orders.idle();
    const deliveredMails = outbox(api.outboxDir).filter(
      (m) => m.subject === `Your order ${orderNumber} was delivered`,
    );
    expect(deliveredMails).toHaveLength(1);
  });

  it('prints one PDF of packing slips for the orders booked, in the order asked', async () => {
    const owner = await ownerToken(api.app);
    const [variant] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 199, stock: 10 }],
    });
    await forgetCachedReads(api.app);
    const first = await simulatedOrder(api, { variant: variant!, quantity: 3 });
    const second = await simulatedOrder(api, { variant: variant! });
    const notBooked = await simulatedOrder(api, { variant: variant! });
    const waybills: string[] = [];
    for (const { orderId } of [first, second]) {
      waybills.push((await ship(owner, orderId)).json().data.trackingNumber);
    }

    const none = await call(api.app, 'GET', `/orders/packing-slips?ids=${notBooked.orderId}`, {
      token: owner,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(SHIPPING_MESSAGES.noSlips);
    expect(
      (await call(api.app, 'GET', '/orders/packing-slips?ids=', { token: owner })).statusCode,
    ).toBe(400);

    const ids = [second.orderId, notBooked.orderId, first.orderId].join(',');
    const slips = await call(api.app, 'GET', `/orders/packing-slips?ids=${ids}`, {
      token: owner,
    });
    expect(slips.statusCode, slips.body).toBe(200);
    expect(slips.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(slips.rawPayload);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(waybills[1]);
    expect(pages[1]).toContain(waybills[0]);
    expect(pages[1]).toContain(ADDRESS.pincode);
    expect(pages[1]).toContain('x 3');
  });

  it('asks for a pickup on a date from today up to a week ahead', async () => {
    const owner = await ownerToken(api.app);
    const today = indiaToday();
    const booked = await call(api.app, 'POST', '/orders/pickup', {
      token: owner,
      body: { date: today, packages: 4 },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { pickupId } = booked.json().data;
    expect(booked.json()).toMatchObject({
      data: { pickupId: expect.stringMatching(/^SIM-/), date: today, packages: 4 },
      message: SHIPPING_MESSAGES.pickupBooked(today, pickupId),
    });
    expect(await api.db.select().from(pickups)).toEqual([
      expect.objectContaining({ pickupDate: today, packages: 4, courierPickupId: pickupId }),
    ]);

    const cases: [object, string][] = [
      [{ date: '2020-01-01', packages: 1 }, `date: ${SHIPPING_MESSAGES.pickupDate}`],
      [
        { date: indiaToday(Date.now() + 9 * 86_400_000), packages: 1 },
        `date: ${SHIPPING_MESSAGES.pickupDate}`,
      ],
      [{ date: 'tomorrow', packages: 1 }, `date: ${SHIPPING_MESSAGES.pickupDate}`],
      [{ date: today, packages: 0 }, `packages: ${SHIPPING_MESSAGES.pickupPackages}`],
      [{ date: today, packages: 501 }, `packages: ${SHIPPING_MESSAGES.pickupPackages}`],
    ];
    for (const [body, message] of cases) {
      const response = await call(api.app, 'POST', '/orders/pickup', { token: owner, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await api.db.select().from(pickups)).toHaveLength(1);
  });

  it('with SHIPPING_PROVIDER=manual books nothing and says how to ship', async () => {
    const manual = await api.startApp({ env: { SHIPPING_PROVIDER: 'manual' } });
    const owner = await ownerToken(manual);
    const { orderId } = await simulatedOrder(api);
    const info = await call(manual, 'GET', '/orders/courier', { token: owner });
    expect(info.json().data).toEqual({ provider: 'manual', name: null });
    const refused = await call(manual, 'POST', `/orders/ship/${orderId}`, { token: owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.noCourier);
    expect(await orderRow(api.db, orderId)).toMatchObject({ status: 'Confirmed' });
  });
});
