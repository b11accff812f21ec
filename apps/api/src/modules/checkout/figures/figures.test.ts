import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import { rupeesToPaise } from '@makhana/domain/money';
import type { PaymentStatus } from '@makhana/domain/order-state';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { complaints, contactMessages, products } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  cartLine,
  customer,
  insertOrderRow,
  insertProduct,
  orderWithPayment,
  ownerToken,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { indiaDay, indiaDayStart, indiaMonthStart, lastIndiaDays } from './india-calendar';
import { FIGURES_FETCHED } from './routes';
import { averageOrderPaise, growthPercent } from './service';

const api = useTestApp({ owner: true });

afterEach(() => {
  vi.useRealTimers();
});

/** The server's clock (and the owner's session) at `iso`; timers stay real for the database. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

async function figures(): Promise<DashboardFigures> {
  const response = await call(api.app, 'GET', '/admins/dashboard', {
    token: await ownerToken(api.app),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ success: true, message: FIGURES_FETCHED });
  return response.json().data;
}

/** An order row as the payment flow leaves it: paid (or not) for `rupees` at `paidAt`. */
async function orderPaid(
  userId: string,
  rupees: number,
  paidAt: string | null,
  paymentStatus: PaymentStatus = 'completed',
  needsRefund = false,
) {
  await insertOrderRow(api.db, userId, rupeesToPaise(rupees), {
    paymentStatus,
    status: paymentStatus === 'completed' && !needsRefund ? 'Confirmed' : 'Cancelled',
    needsRefund,
    paidAt: paidAt ? new Date(paidAt) : null,
  });
}

const day = (figures: DashboardFigures, date: string) =>
  figures.salesByDay.find((d) => d.date === date);

describe('GET /admins/dashboard', () => {
  it('refuses a visitor and a customer', async () => {
    const { token } = await customer(api.db);
    for (const response of [
      await call(api.app, 'GET', '/admins/dashboard'),
      await call(api.app, 'GET', '/admins/dashboard', { token }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, statusCode: 401 });
    }
  });

  it('counts paid orders, customers and the products on sale', async () => {
    const [makhana] = await insertProduct(api.db, {
      variants: [{ weight: 250, price: 449, stock: 20 }],
    });
    const [gone] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 199, stock: 20 }],
    });
    await api.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, gone.productId));
    await forgetCachedReads(api.app);
    const asha = await customer(api.db);
    const ravi = await customer(api.db);
    // A real checkout whose payment never came: pending.
    await orderWithPayment(api.app, asha.token, [cartLine(makhana, 2)]);

    clockAt('2026-11-15T06:30:00Z');
    // ₹500, of which ₹100 went back for a torn pouch: it kept ₹400.
    await insertOrderRow(api.db, asha.user.id, 50_000, {
      paidAt: new Date('2026-11-10T05:00:00Z'),
      refundedPaise: 10_000,
    });
    await orderPaid(ravi.user.id, 249.5, '2026-11-15T01:00:00Z');
    await orderPaid(ravi.user.id, 1000, '2026-11-12T05:00:00Z', 'refunded');
    await orderPaid(asha.user.id, 300, '2026-11-13T05:00:00Z', 'completed', true);
    await orderPaid(asha.user.id, 700, null, 'failed');

    const got = await figures();
    expect(got).toMatchObject({
      totalOrders: 2,
      totalUsers: 2,
      totalProducts: 1,
      revenue: 649.5,
      growth: null,
    });
    expect(got.salesByDay).toHaveLength(30);
    expect(got.salesByDay[0]!.date).toBe('2026-10-17');
    expect(got.salesByDay.at(-1)).toEqual({ date: '2026-11-15', orders: 1, revenue: 249.5 });
    expect(day(got, '2026-11-10')).toEqual({ date: '2026-11-10', orders: 1, revenue: 400 });
    expect(day(got, '2026-11-12')).toEqual({ date: '2026-11-12', orders: 0, revenue: 0 });
    expect(got.salesByDay.filter((d) => d.orders > 0)).toHaveLength(2);
  });

  it('says what to do today: orders to ship, open messages, products low on stock', async () => {
    await insertProduct(api.db, { variants: [{ weight: 250, price: 449, stock: 20 }] });
    await insertProduct(api.db, {
      variants: [
        { weight: 100, price: 199, stock: 30 },
        { weight: 250, price: 449, stock: 4 },
      ],
    });
    await insertProduct(api.db, {
      inStock: false,
      variants: [{ weight: 100, price: 199, stock: 0 }],
    });
    await api.db.insert(contactMessages).values([
      { fromName: 'Asha', replyTo: 'asha@example.com', phone: '9876543210', message: 'Hello' },
      {
        fromName: 'Ravi',
        replyTo: 'ravi@example.com',
        phone: '9876543211',
        message: 'Done',
        resolvedAt: new Date(),
      },
    ]);
    await api.db.insert(complaints).values({
      fromName: 'Meera',
      replyTo: 'meera@example.com',
      orderId: 'MM-1',
      issueType: 'Late Delivery',
      query: 'Where is it?',
    });
    const { user } = await customer(api.db);
    clockAt('2026-11-15T06:30:00Z');
    await orderPaid(user.id, 500, '2026-11-10T05:00:00Z');
    await orderPaid(user.id, 250, '2026-11-14T05:00:00Z');
    await insertOrderRow(api.db, user.id, 100_000, {
      status: 'Shipped',
      paidAt: new Date('2026-11-01T05:00:00Z'),
    });
    await insertOrderRow(api.db, user.id, 70_000, {
      status: 'Confirmed',
      paidAt: new Date('2026-10-20T05:00:00Z'),
    });
    await orderPaid(user.id, 300, '2026-11-13T05:00:00Z', 'completed', true);

    const got = await figures();
    expect(got).toMatchObject({
      toShip: 3,
      oldestToShipPaidAt: '2026-10-20T05:00:00.000Z',
      openSupport: 2,
      lowStockProducts: 1,
      monthOrders: 3,
      monthRevenue: 1750,
      averageOrderValue: 583.33,
    });
  });

  it("counts a month and a day as India's calendar has them", async () => {
    const { user } = await customer(api.db);
    clockAt('2026-11-20T10:00:00Z');
    // 00:30 on 1 November in India: November's.
    await orderPaid(user.id, 200, '2026-10-31T19:00:00Z');
    await orderPaid(user.id, 100, '2026-11-20T09:00:00Z');
    // 23:30 on 31 October in India: October's.
    await orderPaid(user.id, 400, '2026-10-31T18:00:00Z');
    // Either side of midnight on 22 October in India, the chart's first day.
    await orderPaid(user.id, 100, '2026-10-21T18:29:59Z');
    await orderPaid(user.id, 100, '2026-10-21T18:30:00Z');
    // The first minute of October in India, and the last one of September.
    await orderPaid(user.id, 200, '2026-09-30T18:30:00Z');
    await orderPaid(user.id, 5000, '2026-09-30T18:29:59Z');

    const got = await figures();
    expect(got.totalOrders).toBe(7);
    expect(got.revenue).toBe(6100);
    // November 300 against October 800.
    expect(got.growth).toBe(-62.5);
    expect(got.salesByDay[0]).toEqual({ date: '2026-10-22', orders: 1, revenue: 100 });
    expect(day(got, '2026-10-31')).toEqual({ date: '2026-10-31', orders: 1, revenue: 400 });
    expect(day(got, '2026-11-01')).toEqual({ date: '2026-11-01', orders: 1, revenue: 200 });
    expect(got.salesByDay.at(-1)).toEqual({ date: '2026-11-20', orders: 1, revenue: 100 });
    expect(got.salesByDay.reduce((sum, d) => sum + d.revenue, 0)).toBe(800);
  });

  it('shows thirty days of zeros, across a month, when nothing sold', async () => {
    // 01:30 on 11 March in India.
    clockAt('2026-03-10T20:00:00Z');
    const got = await figures();
    expect(got).toMatchObject({
      totalOrders: 0,
      totalUsers: 0,
      revenue: 0,
      growth: null,
      toShip: 0,
      oldestToShipPaidAt: null,
      openSupport: 0,
      lowStockProducts: 0,
      monthOrders: 0,
      monthRevenue: 0,
      averageOrderValue: null,
    });
    const expected = Array.from({ length: 30 }, (_, i) =>
      new Date(Date.UTC(2026, 1, 10 + i)).toISOString().slice(0, 10),
    );
    expect(got.salesByDay).toEqual(expected.map((date) => ({ date, orders: 0, revenue: 0 })));
    expect(expected[0]).toBe('2026-02-10');
    expect(expected.at(-1)).toBe('2026-03-11');
  });
});

describe('growth', () => {
  it('is the change in percent to one decimal, and null without last month', () => {
    expect(growthPercent(100_000, 30_000)).toBe(233.3);
    expect(growthPercent(0, 30_000)).toBe(-100);
    expect(growthPercent(30_000, 30_000)).toBe(0);
    expect(growthPercent(50_000, 0)).toBeNull();
  });
});

describe('average order value', () => {
  it("is this month's revenue over its sales, rounded to the paisa", () => {
    expect(averageOrderPaise(175_000, 3)).toBe(58_333);
    expect(averageOrderPaise(100, 2)).toBe(50);
    expect(averageOrderPaise(0, 0)).toBeNull();
  });
});

describe("India's calendar", () => {
  it('turns the day and the month at midnight in India', () => {
    expect(indiaDay(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10-31');
    expect(indiaDay(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11-01');
    expect(indiaMonthStart(new Date('2026-10-31T19:00:00Z')).toISOString()).toBe(
      '2026-10-31T18:30:00.000Z',
    );
    expect(indiaMonthStart(new Date('2026-01-05T00:00:00Z'), -1).toISOString()).toBe(
      '2025-11-30T18:30:00.000Z',
    );
    expect(indiaDayStart(new Date('2026-11-20T20:00:00Z')).toISOString()).toBe(
      '2026-11-20T18:30:00.000Z',
    );
    expect(lastIndiaDays(new Date('2026-01-01T00:00:00Z'), 3)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
    ]);
  });
});
