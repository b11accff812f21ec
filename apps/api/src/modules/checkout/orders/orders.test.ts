import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import {
  customerToken,
  insertOrderRow,
  ownerToken,
  ADDRESS as SHIPPING_ADDRESS,
} from '../../../test/order-fixtures';
import { call, insertUser } from '../../../test/requests';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

const ADDRESS = { ...SHIPPING_ADDRESS, country: 'India' };

let seq = 0;
async function insertOrder(db: Database, userId: string, createdAt: Date) {
  seq += 1;
  const order = await insertOrderRow(db, userId, 49_950, {
    subtotalPaise: 44_950,
    shippingCostPaise: 5_000,
    transactionId: `pay_test_${seq}`,
    createdAt,
  });
  await db.insert(orderItems).values({
    orderId: order.id,
    productId: 'product-1',
    name: 'Classic Roasted Makhana',
    image: '/uploads/demo/products/classic-roasted-1.svg',
    variantWeight: 250,
    sku: 'MM-CLASSIC-250',
    quantity: 2,
    priceAtPurchasePaise: 22_475,
  });
  return order;
}

describe('GET /orders/orderDetails', () => {
  it('gives a customer only their own orders, newest first, as Orders in rupees', async () => {
    const asha = await insertUser(api.db);
    const ravi = await insertUser(api.db);
    const older = await insertOrder(api.db, asha.id, new Date('2025-05-01T10:00:00Z'));
    const newer = await insertOrder(api.db, asha.id, new Date('2025-05-03T10:00:00Z'));
    await insertOrder(api.db, ravi.id, new Date('2025-05-02T10:00:00Z'));

    const response = await call(api.app, 'GET', '/orders/orderDetails', {
      token: await customerToken(api.db, asha.id),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.map((o: { _id: string }) => o._id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      _id: newer.id,
      orderNumber: newer.orderNumber,
      user: asha.id,
      items: [
        {
          _id: expect.any(String),
          product: 'product-1',
          name: 'Classic Roasted Makhana',
          image: '/uploads/demo/products/classic-roasted-1.svg',
          variantWeight: 250,
          quantity: 2,
          priceAtPurchase: 224.75,
          discount: 0,
        },
      ],
      shippingCost: 50,
      totalAmount: 499.5,
      shippingAddress: ADDRESS,
      paymentMethod: 'Prepaid',
      paymentStatus: 'completed',
      status: 'Confirmed',
      transactionId: newer.transactionId,
      trackingNumber: null,
      trackingUrl: null,
      createdAt: '2025-05-03T10:00:00.000Z',
      subtotal: 449.5,
      discount: null,
      currency: 'INR',
      needsRefund: false,
      expiresAt: null,
      paidAt: null,
      refundedAmount: 0,
      refunds: [],
      returns: [],
      extraPayments: [],
      shipment: null,
      invoice: null,
      creditNotes: [],
      history: [],
    });

    const mine = await call(api.app, 'GET', '/users/getUser', {
      token: await customerToken(api.db, asha.id),
    });
    expect(mine.json().data.orders).toBe(2);
  });

  it('gives the owner every order, and nobody else any', async () => {
    const asha = await insertUser(api.db);
    const ravi = await insertUser(api.db);
    await insertOrder(api.db, asha.id, new Date('2025-05-01T10:00:00Z'));
    await insertOrder(api.db, ravi.id, new Date('2025-05-02T10:00:00Z'));

    const owner = await ownerToken(api.app);
    const all = await call(api.app, 'GET', '/orders/orderDetails', { token: owner });
    expect(all.json().data.map((o: { user: string }) => o.user)).toEqual([ravi.id, asha.id]);
    const byCookie = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: { adminAccessToken: owner },
    });
    expect(byCookie.json().data).toHaveLength(2);

    // The owner's Users table: each customer as a Customer, with their orders and paid total.
    const everyone = await call(api.app, 'GET', '/users/getUserDetails', { token: owner });
    expect(everyone.statusCode).toBe(200);
    expect(everyone.json().message).toBe('Users fetched successfully');
    const byId = new Map(everyone.json().data.map((u: { _id: string }) => [u._id, u]));
    expect(byId.get(asha.id)).toEqual({
      _id: asha.id,
      firstName: 'Asha',
      lastName: 'Kumari',
      gender: null,
      email: asha.email,
      phoneNumber: '9876543210',
      address: [],
      orders: 1,
      totalSpent: 499.5,
      createdAt: asha.createdAt.toISOString(),
    });

    const none = await call(api.app, 'GET', '/orders/orderDetails');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Not authenticated');
    const forged = await call(api.app, 'GET', '/orders/orderDetails', { token: 'x.y.z' });
    expect(forged.statusCode).toBe(401);

    const fresh = await insertUser(api.db);
    const empty = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: { accessToken: await customerToken(api.db, fresh.id) },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
  });

  it("answers the owner's screens as the owner only, when the browser holds both sessions", async () => {
    const asha = await insertUser(api.db);
    const ravi = await insertUser(api.db);
    await insertOrder(api.db, asha.id, new Date('2025-05-01T10:00:00Z'));
    await insertOrder(api.db, ravi.id, new Date('2025-05-02T10:00:00Z'));
    const owner = await ownerToken(api.app);
    const customerCookie = { accessToken: await customerToken(api.db, asha.id) };

    // The owner's access cookie has run out; the customer's has not.
    const ownerGone = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: customerCookie,
      headers: { 'x-auth-realm': 'owner' },
    });
    expect(ownerGone.statusCode).toBe(401);
    expect(ownerGone.json().data).toBeNull();

    const both = { ...customerCookie, adminAccessToken: owner };
    const asOwner = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: both,
      headers: { 'x-auth-realm': 'owner' },
    });
    expect(asOwner.json().data).toHaveLength(2);
    const asCustomer = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: both,
      headers: { 'x-auth-realm': 'customer' },
    });
    expect(asCustomer.json().data.map((o: { user: string }) => o.user)).toEqual([asha.id]);
    // Unnamed, the owner's session comes first, as before.
    const unnamed = await call(api.app, 'GET', '/orders/orderDetails', { cookies: both });
    expect(unnamed.json().data).toHaveLength(2);
  });
});

describe('GET /orders/orderDetails for the owner: a page at a time', () => {
  async function ownerPage(token: string, query: string) {
    const response = await call(api.app, 'GET', `/orders/orderDetails${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { _id: string; orderNumber: string; items: unknown[] }[];
      meta: { page: number; limit: number; total: number };
    };
  }

  /** An order whose address names someone else, with the given states. */
  async function orderFor(
    userId: string,
    day: number,
    address: Partial<typeof ADDRESS>,
    states: Partial<typeof orders.$inferInsert> = {},
  ) {
    const order = await insertOrder(api.db, userId, new Date(Date.UTC(2025, 4, day, 10)));
    await api.db
      .update(orders)
      .set({ shippingAddress: { ...ADDRESS, ...address }, ...states })
      .where(eq(orders.id, order.id));
    return order;
  }

  it('pages every order newest first with its meta; the customer still gets their whole list', async () => {
    const asha = await insertUser(api.db);
    const made = [];
    for (let day = 1; day <= 5; day++) made.push(await orderFor(asha.id, day, {}));
    const newestFirst = made.map((o) => o.id).reverse();
    const token = await ownerToken(api.app);

    const first = await ownerPage(token, '?limit=2');
    expect(first.meta).toEqual({ page: 1, limit: 2, total: 5 });
    expect(first.data.map((o) => o._id)).toEqual(newestFirst.slice(0, 2));
    expect(first.data[0]?.items).toHaveLength(1);
    expect((await ownerPage(token, '?page=3&limit=2')).data.map((o) => o._id)).toEqual(
      newestFirst.slice(4),
    );
    expect(await ownerPage(token, '?page=4&limit=2')).toMatchObject({
      data: [],
      meta: { page: 4, limit: 2, total: 5 },
    });
    expect((await ownerPage(token, '')).meta).toEqual({ page: 1, limit: 50, total: 5 });

    const mine = await call(api.app, 'GET', '/orders/orderDetails?limit=2', {
      token: await customerToken(api.db, asha.id),
    });
    expect(mine.json().meta).toBeUndefined();
    expect(mine.json().data.map((o: { _id: string }) => o._id)).toEqual(newestFirst);
  });

  it('finds an order by its number, the name, e-mail or phone on its address, whatever the case', async () => {
    const user = await insertUser(api.db);
    const meera = await orderFor(user.id, 1, {
      firstName: 'Meera',
      lastName: 'Jha',
      email: 'meera.jha@example.com',
      phone: '9123456780',
    });
    const ravi = await orderFor(user.id, 2, {
      firstName: 'Ravi',
      lastName: 'Das',
      email: 'ravi_das@example.com',
      phone: '9988776655',
    });
    const token = await ownerToken(api.app);
    const found = async (q: string) =>
      (await ownerPage(token, `?q=${encodeURIComponent(q)}`)).data.map((o) => o._id);

    expect(await found(meera.orderNumber)).toEqual([meera.id]);
    expect(await found(meera.orderNumber.toLowerCase())).toEqual([meera.id]);
    expect(await found('MEERA.JHA@EXAMPLE.COM')).toEqual([meera.id]);
    expect(await found('meera jha')).toEqual([meera.id]);
    expect(await found('das')).toEqual([ravi.id]);
    expect(await found('99887')).toEqual([ravi.id]);
    // A LIKE wildcard is text: `_` matches the underscore only, `%` nothing here.
    expect(await found('ravi_')).toEqual([ravi.id]);
    expect(await found('a_d')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('')).toEqual([ravi.id, meera.id]);
    // A search's few matches are sorted after they are found: newest first all the same.
    expect(await found('example.com')).toEqual([ravi.id, meera.id]);
    expect((await ownerPage(token, '?q=jha')).meta.total).toBe(1);
  });

  it('narrows by status, payment status, the orders awaiting a refund and the paid ones', async () => {
    const user = await insertUser(api.db);
    const confirmed = await orderFor(user.id, 1, {});
    const shipped = await orderFor(user.id, 2, {}, { status: 'Shipped' });
    const toRefund = await orderFor(
      user.id,
      3,
      {},
      { status: 'Cancelled', needsRefund: true, transactionId: 'pay_refund_me' },
    );
    const failed = await orderFor(
      user.id,
      4,
      {},
      { status: 'Cancelled', paymentStatus: 'failed', transactionId: null },
    );
    const token = await ownerToken(api.app);
    const ids = async (query: string) => (await ownerPage(token, query)).data.map((o) => o._id);

    expect(await ids('?status=Shipped')).toEqual([shipped.id]);
    expect(await ids('?status=Cancelled')).toEqual([failed.id, toRefund.id]);
    expect(await ids('?paymentStatus=completed')).toEqual([toRefund.id, shipped.id, confirmed.id]);
    expect(await ids('?needsRefund=true')).toEqual([toRefund.id]);
    expect(await ids('?status=Cancelled&paymentStatus=failed')).toEqual([failed.id]);
    expect((await ownerPage(token, '?needsRefund=true')).meta.total).toBe(1);
    // Paid: a payment was captured, whether the order ships, waits for its refund or was refunded.
    const refunded = await orderFor(
      user.id,
      5,
      {},
      { status: 'Cancelled', paymentStatus: 'refunded', transactionId: 'pay_back' },
    );
    const waiting = await orderFor(
      user.id,
      6,
      {},
      { status: 'Pending', paymentStatus: 'pending', transactionId: null },
    );
    expect(await ids('?paid=true')).toEqual([refunded.id, toRefund.id, shipped.id, confirmed.id]);
    expect(await ids('?paid=false')).toEqual([waiting.id, failed.id]);
    expect(await ids('?paid=any')).toHaveLength(6);
    expect((await ownerPage(token, '?paid=false')).meta.total).toBe(2);
  });

  it("narrows to the orders to ship and to the sales, this month's in India", async () => {
    const user = await insertUser(api.db);
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    const toShip = await orderFor(user.id, 1, {}, { paidAt: new Date() });
    const oldSale = await orderFor(user.id, 2, {}, { status: 'Shipped', paidAt: longAgo });
    await orderFor(
      user.id,
      3,
      {},
      { status: 'Cancelled', needsRefund: true, transactionId: 'pay_no_stock', paidAt: new Date() },
    );
    await orderFor(user.id, 4, {}, { status: 'Pending', paymentStatus: 'pending', paidAt: null });
    await orderFor(
      user.id,
      5,
      {},
      { status: 'Cancelled', paymentStatus: 'refunded', paidAt: new Date() },
    );
    const token = await ownerToken(api.app);
    const ids = async (query: string) => (await ownerPage(token, query)).data.map((o) => o._id);

    expect(await ids('?toShip=true')).toEqual([toShip.id]);
    expect(await ids('?sales=all')).toEqual([oldSale.id, toShip.id]);
    expect(await ids('?sales=this-month')).toEqual([toShip.id]);
    expect((await ownerPage(token, '?sales=all')).meta.total).toBe(2);
  });

  it('refuses an unknown status, payment status, needsRefund or page, naming the field', async () => {
    const token = await ownerToken(api.app);
    for (const [query, field] of [
      ['?status=Lost', 'status'],
      ['?paymentStatus=paid', 'paymentStatus'],
      ['?needsRefund=false', 'needsRefund'],
      ['?paid=yes', 'paid'],
      ['?toShip=false', 'toShip'],
      ['?sales=today', 'sales'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await call(api.app, 'GET', `/orders/orderDetails${query}`, { token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].field, query).toBe(field);
      expect(response.json().message, query).toMatch(new RegExp(`^${field}: `));
    }
  });
});
