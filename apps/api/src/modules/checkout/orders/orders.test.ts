import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import type { Database } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { ADDRESS as SHIPPING_ADDRESS } from '../../../test/order-fixtures';
import { call, insertUser } from '../../../test/requests';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

const ADDRESS = { ...SHIPPING_ADDRESS, country: 'India' };

let seq = 0;
async function insertOrder(db: Database, userId: string, createdAt: Date) {
  seq += 1;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `MM-TEST-${seq}`,
      userId,
      subtotalPaise: 44_950,
      shippingCostPaise: 5_000,
      totalAmountPaise: 49_950,
      shippingAddress: ADDRESS,
      paymentStatus: 'completed',
      status: 'Confirmed',
      transactionId: `pay_test_${seq}`,
      createdAt,
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: 'product-1',
    name: 'Classic Roasted Makhana',
    image: '/uploads/demo/products/classic-roasted-1.svg',
    variantWeight: 250,
    sku: 'MM-CLASSIC-250',
    quantity: 2,
    priceAtPurchasePaise: 22_475,
  });
  return order!;
}

/** A customer session started the way sign-in starts one. */
async function customerToken(userId: string) {
  const { SessionService } = await import('../../accounts');
  const { DEV_AUTH_SECRET } = await import('../../../config/config');
  const sessions = new SessionService(api.db, {
    authSecret: DEV_AUTH_SECRET,
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
  });
  return (await sessions.start('customer', userId)).accessToken;
}

describe('GET /orders/orderDetails', () => {
  it('gives a customer only their own orders, newest first, as Orders in rupees', async () => {
    const asha = await insertUser(api.db);
    const ravi = await insertUser(api.db);
    const older = await insertOrder(api.db, asha.id, new Date('2025-05-01T10:00:00Z'));
    const newer = await insertOrder(api.db, asha.id, new Date('2025-05-03T10:00:00Z'));
    await insertOrder(api.db, ravi.id, new Date('2025-05-02T10:00:00Z'));

    const response = await call(api.app, 'GET', '/orders/orderDetails', {
      token: await customerToken(asha.id),
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
          product: 'product-1',
          name: 'Classic Roasted Makhana',
          image: '/uploads/demo/products/classic-roasted-1.svg',
          variantWeight: 250,
          quantity: 2,
          priceAtPurchase: 224.75,
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
      currency: 'INR',
      needsRefund: false,
      expiresAt: null,
      paidAt: null,
      refund: null,
      history: [],
    });

    const mine = await call(api.app, 'GET', '/users/getUser', {
      token: await customerToken(asha.id),
    });
    expect(mine.json().data.orders).toBe(2);
  });

  it('gives the owner every order, and nobody else any', async () => {
    const asha = await insertUser(api.db);
    const ravi = await insertUser(api.db);
    await insertOrder(api.db, asha.id, new Date('2025-05-01T10:00:00Z'));
    await insertOrder(api.db, ravi.id, new Date('2025-05-02T10:00:00Z'));

    const login = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
    });
    const ownerToken = login.json().data.accessToken;
    const all = await call(api.app, 'GET', '/orders/orderDetails', { token: ownerToken });
    expect(all.json().data.map((o: { user: string }) => o.user)).toEqual([ravi.id, asha.id]);
    const byCookie = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: { adminAccessToken: ownerToken },
    });
    expect(byCookie.json().data).toHaveLength(2);

    // The owner's Users table: each customer in the User shape, with their order count.
    const everyone = await call(api.app, 'GET', '/users/getUserDetails', { token: ownerToken });
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
    });

    const none = await call(api.app, 'GET', '/orders/orderDetails');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Not authenticated');
    const forged = await call(api.app, 'GET', '/orders/orderDetails', { token: 'x.y.z' });
    expect(forged.statusCode).toBe(401);

    const fresh = await insertUser(api.db);
    const empty = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: { accessToken: await customerToken(fresh.id) },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
  });

  it("answers the owner's screens as the owner only, when the browser holds both sessions", async () => {
    const asha = await insertUser(api.db);
    const ravi = await insertUser(api.db);
    await insertOrder(api.db, asha.id, new Date('2025-05-01T10:00:00Z'));
    await insertOrder(api.db, ravi.id, new Date('2025-05-02T10:00:00Z'));
    const login = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
    });
    const ownerToken = login.json().data.accessToken;
    const customerCookie = { accessToken: await customerToken(asha.id) };

    // The owner's access cookie has run out; the customer's has not.
    const ownerGone = await call(api.app, 'GET', '/orders/orderDetails', {
      cookies: customerCookie,
      headers: { 'x-auth-realm': 'owner' },
    });
    expect(ownerGone.statusCode).toBe(401);
    expect(ownerGone.json().data).toBeNull();

    const both = { ...customerCookie, adminAccessToken: ownerToken };
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
