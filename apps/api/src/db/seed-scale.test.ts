import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ShopNotEmptyError, SMALL_SCALE, seedScale } from '../../scripts/seed-scale';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { orders, users } from './schema';

// `npm run seed:scale --small`: the loader of the scale data runs on every test database, so it
// keeps up with the schema.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const now = new Date('2026-11-22T06:00:00Z');

it('loads products, customers and a mix of orders, and refuses a second load unless forced', async () => {
  const { db } = database;
  const counts = await seedScale(db, SMALL_SCALE, { now });
  expect(counts).toMatchObject({
    products: 50,
    customers: 100,
    orders: 200,
    reviews: 40,
    contactMessages: 10,
  });
  expect(counts.orderItems).toBeGreaterThanOrEqual(200);
  expect(counts.orderItems).toBeLessThanOrEqual(600);
  expect(counts.complaints).toBeGreaterThan(0);

  const [paid] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.paymentStatus, 'completed'));
  expect(paid?.n).toBeGreaterThan(100);
  const [failed] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.paymentStatus, 'failed'));
  expect(failed?.n).toBeGreaterThan(0);
  const [paidWithoutDate] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'completed'), isNull(orders.paidAt)));
  expect(paidWithoutDate?.n).toBe(0);
  const [paidLater] = await db.select({ n: count() }).from(orders).where(gt(orders.paidAt, now));
  expect(paidLater?.n).toBe(0);

  await expect(seedScale(db, SMALL_SCALE, { now })).rejects.toBeInstanceOf(ShopNotEmptyError);
  const again = await seedScale(db, SMALL_SCALE, { now, force: true });
  expect(again.orders).toBe(400);
  const [customers] = await db.select({ n: count() }).from(users);
  expect(customers?.n).toBe(200);
});
