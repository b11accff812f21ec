/**
 * Buyers racing for the last units. On PostgreSQL (API_TEST_DB=postgres) the requests run at
 * once on a pool of several connections, so this proves the row locks of createOrder; on PGlite
 * (one connection) it only proves the arithmetic.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, stockReservations } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { usesPostgres } from '../../../test/database';
import {
  cartLine,
  countRows,
  customer,
  insertProduct,
  orderPayload,
  stockOf,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const BUYERS = 50;
const api = useTestApp({ poolSize: 12, env: { RATE_LIMIT_MAX: '100000' }, reset: false });

describe('the race for the last units', () => {
  it(`${BUYERS} buyers, 5 units: exactly 5 orders are created and paid, the rest refused at createOrder`, async () => {
    await api.database.reset();
    const [variant] = await insertProduct(api.db, {
      name: 'Caramel Makhana',
      variants: [{ weight: 250, price: 549, stock: 5 }],
    });
    const buyers: Awaited<ReturnType<typeof customer>>[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await customer(api.db));

    const started = performance.now();
    const results = await Promise.all(
      buyers.map((b) =>
        call(api.app, 'POST', '/orders/createOrder', {
          token: b.token,
          body: orderPayload([cartLine(variant!, 1)]),
        }),
      ),
    );
    const elapsed = performance.now() - started;
    console.info(
      `race: ${BUYERS} concurrent createOrder on ${api.database.kind} in ${elapsed.toFixed(0)} ms`,
    );

    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(BUYERS - 5);
    for (const r of lost) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('Caramel Makhana 250g is out of stock.');
    }
    expect(await countRows(api.db, orders)).toBe(5);
    expect(await countRows(api.db, stockReservations)).toBe(5);

    if (usesPostgres()) {
      // The pool really opened several connections: the requests overlapped in the database.
      const [row] = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database()`);
      expect(Number(row!.n)).toBeGreaterThan(1);
    }

    // The five winners pay, all at once.
    const winners = won.map((r) => ({
      orderId: r.json().data._id as string,
      token: buyers[results.indexOf(r)]!.token,
    }));
    await Promise.all(
      winners.map(async ({ orderId, token }) => {
        const start = await call(api.app, 'POST', '/orders/razorpayPayment', {
          token,
          body: { orderId },
        });
        expect(start.statusCode).toBe(200);
        const paid = await call(api.app, 'POST', '/payments/simulated/pay', {
          token,
          body: { razorpay_order_id: start.json().data.id },
        });
        expect(paid.statusCode).toBe(200);
        const verified = await call(api.app, 'POST', '/orders/verifyPayment', {
          token,
          body: paid.json().data,
        });
        expect(verified.statusCode).toBe(200);
        expect(verified.json().data.status).toBe('Confirmed');
      }),
    );
    expect(await stockOf(api.db, variant!.variantId)).toBe(0);
    const statuses = await api.db
      .select({ status: stockReservations.status })
      .from(stockReservations);
    expect(statuses.every((s) => s.status === 'committed')).toBe(true);
    await api.app.orders.idle();
  });

  it('locks variants in one order, so carts listing them in opposite orders never deadlock', async () => {
    await api.database.reset();
    const [a] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 199, stock: 10 }],
    });
    const [b] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 229, stock: 10 }],
    });
    const buyers: Awaited<ReturnType<typeof customer>>[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await customer(api.db));
    const results = await Promise.all(
      buyers.map((buyer, i) => {
        const lines =
          i % 2 === 0 ? [cartLine(a!, 1), cartLine(b!, 1)] : [cartLine(b!, 1), cartLine(a!, 1)];
        return call(api.app, 'POST', '/orders/createOrder', {
          token: buyer.token,
          body: orderPayload(lines),
        });
      }),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
  });
});
