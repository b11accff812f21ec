import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../../config/config';
import { orders, products, stockReservations } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  cartLine,
  countRows,
  customer,
  expireNow,
  insertProduct,
  orderPayload,
  orderRow,
  orderWithPayment,
  placeOrder,
  reservationStatuses,
  shownStock as shownStockOf,
  signedPayment,
  stockOf,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', PENDING_ORDER_MINUTES: '15' },
  owner: true,
});

let classic250: TestVariant;
let classic500: TestVariant;
let mint100: TestVariant;
beforeEach(async () => {
  const classic = await insertProduct(api.db, {
    name: 'Classic Roasted Makhana',
    variants: [
      { weight: 250, price: 399, stock: 10 },
      { weight: 500, price: 749, stock: 3 },
    ],
  });
  classic250 = classic[0];
  classic500 = classic[1]!;
  [mint100] = await insertProduct(api.db, {
    name: 'Pudina Makhana',
    variants: [{ weight: 100, price: 199, stock: 2 }],
  });
  await forgetCachedReads(api.app);
});

const shownStock = (sku: string) => shownStockOf(api.app, sku);

describe('POST /orders/createOrder', () => {
  it('creates a pending order from database prices, holds its stock for 15 minutes', async () => {
    const { user, token } = await customer(api.db);
    expect(await shownStock(classic250.sku)).toBe(10);
    const before = Date.now();
    const response = await placeOrder(api.app, token, [
      cartLine(classic250, 2),
      cartLine(mint100, 1),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Order created successfully');
    expect(body.data).toMatchObject({
      user: user.id,
      items: [
        {
          product: classic250.productId,
          name: 'Classic Roasted Makhana',
          image: expect.stringMatching(/^\/uploads\/test-\d+\.svg$/),
          variantWeight: 250,
          quantity: 2,
          priceAtPurchase: 399,
        },
        { product: mint100.productId, name: 'Pudina Makhana', variantWeight: 100, quantity: 1 },
      ],
      subtotal: 997,
      shippingCost: 0,
      totalAmount: 997,
      currency: 'INR',
      shippingAddress: { ...ADDRESS, country: 'India' },
      paymentMethod: 'Prepaid',
      paymentStatus: 'pending',
      status: 'Pending',
      transactionId: null,
      needsRefund: false,
      paidAt: null,
      history: [],
    });
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.orderNumber).toMatch(/^MM-\d{6}-\d{4}$/);
    const expiresIn = new Date(body.data.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThan(16 * 60_000);

    // Held, not sold: the shelf is unchanged, the catalogue shows the free stock at once.
    expect(await reservationStatuses(api.db, body.data._id)).toEqual(['active', 'active']);
    expect(await stockOf(api.db, classic250.variantId)).toBe(10);
    expect(await shownStock(classic250.sku)).toBe(8);
    expect(await shownStock(mint100.sku)).toBe(1);
  });

  it('charges shipping under Rs 500 and numbers orders uniquely', async () => {
    const { token } = await customer(api.db);
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await placeOrder(api.app, token, [cartLine(mint100, 0 + 1)]);
      if (i < 2) {
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({ shippingCost: 50, totalAmount: 249 });
        numbers.add(response.json().data.orderNumber);
      } else {
        // Two units only: the third order finds none free.
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('Pudina Makhana 100g is out of stock.');
      }
    }
    expect(numbers.size).toBe(2);
  });

  it.each([
    [
      'a line price',
      (p: ReturnType<typeof orderPayload>) => ({ ...p, items: [{ ...p.items[0]!, price: 1 }] }),
      'items.0.price',
    ],
    [
      'the shipping cost',
      (p: ReturnType<typeof orderPayload>) => ({
        ...p,
        shippingCost: 0,
        totalAmount: p.totalAmount - 50,
      }),
      'shippingCost',
    ],
    [
      'the total',
      (p: ReturnType<typeof orderPayload>) => ({ ...p, totalAmount: 1 }),
      'totalAmount',
    ],
  ])(
    'refuses a tampered %s, creating nothing and holding nothing',
    async (_what, tamper, field) => {
      const { token } = await customer(api.db);
      const payload = tamper(orderPayload([cartLine(mint100, 1)]));
      const response = await call(api.app, 'POST', '/orders/createOrder', { token, body: payload });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        success: false,
        data: null,
        message: 'Prices have changed. Please review your cart.',
      });
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await countRows(api.db, orders)).toBe(0);
      expect(await countRows(api.db, stockReservations)).toBe(0);
      expect(await shownStock(mint100.sku)).toBe(2);
    },
  );

  it('refuses an order whose prices changed since the cart was filled', async () => {
    const { token } = await customer(api.db);
    const stale = { ...cartLine(classic500, 1), price: 699 };
    const response = await call(api.app, 'POST', '/orders/createOrder', {
      token,
      body: { ...orderPayload([stale]) },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([
      { field: 'items.0.price', message: 'The price of Classic Roasted Makhana 500g is now ₹749' },
      { field: 'totalAmount', message: 'The total is ₹749' },
    ]);
  });

  it('refuses an unserviceable pincode', async () => {
    const { token } = await customer(api.db);
    const response = await call(api.app, 'POST', '/orders/createOrder', {
      token,
      body: orderPayload([cartLine(mint100, 1)], { ...ADDRESS, pincode: '999999' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid, serviceable pincode.');
    expect(response.json().errors).toEqual([
      { field: 'shippingAddress.pincode', message: 'Not deliverable' },
    ]);
    expect(await countRows(api.db, orders)).toBe(0);
  });

  it('refuses more than the free stock, naming what is left', async () => {
    const { token } = await customer(api.db);
    const response = await placeOrder(api.app, token, [
      cartLine(mint100, 1),
      cartLine(classic500, 4),
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Only 3 left of Classic Roasted Makhana 500g. Please update your cart.',
    );
    expect(response.json().errors).toEqual([{ field: 'items.1.quantity', message: 'Only 3 left' }]);
    expect(await countRows(api.db, orders)).toBe(0);
    expect(await countRows(api.db, stockReservations)).toBe(0);
  });

  it('refuses a product the owner switched off', async () => {
    const { token } = await customer(api.db);
    await api.db.update(products).set({ inStock: false }).where(eq(products.id, mint100.productId));
    const response = await placeOrder(api.app, token, [cartLine(mint100, 1)]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Pudina Makhana 100g is out of stock.');
  });

  it('refuses lines that do not match the catalogue, and malformed carts', async () => {
    const { token } = await customer(api.db);
    const wrongWeight = { ...cartLine(classic250, 1), weight: 500 };
    const unknown = await placeOrder(api.app, token, [wrongWeight]);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().errors).toEqual([
      { field: 'items.0.sku', message: 'This item is no longer available' },
    ]);

    const cases: [unknown, string][] = [
      [{ ...orderPayload([cartLine(mint100, 1)]), items: [] }, 'items: Your cart is empty'],
      [orderPayload([{ ...cartLine(mint100, 11) }]), 'items.0.quantity: Quantity must be 1 to 10'],
      [orderPayload([{ ...cartLine(mint100, 0) }]), 'items.0.quantity: Quantity must be 1 to 10'],
      [
        orderPayload([cartLine(mint100, 1), cartLine(mint100, 1)]),
        'items.1.sku: Duplicate cart line',
      ],
      [
        { ...orderPayload([cartLine(mint100, 1)]), paymentMethod: 'COD' },
        'paymentMethod: Only Prepaid payment is accepted',
      ],
      [
        orderPayload([cartLine(mint100, 1)], { ...ADDRESS, email: 'nope' }),
        'shippingAddress.email: Valid email required',
      ],
      [
        orderPayload([cartLine(mint100, 1)], { ...ADDRESS, pincode: '8460' }),
        'shippingAddress.pincode: Enter 6-digit pincode',
      ],
      [
        orderPayload([cartLine(mint100, 1)], { ...ADDRESS, city: 'x'.repeat(101) }),
        'shippingAddress.city: Must be at most 100 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call(api.app, 'POST', '/orders/createOrder', { token, body });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => ({
      ...cartLine(mint100, 1),
      sku: `S${i}`,
    }));
    const big = await call(api.app, 'POST', '/orders/createOrder', {
      token,
      body: orderPayload(tooMany),
    });
    expect(big.json().message).toBe('items: An order has at most 50 lines');
    expect(await countRows(api.db, orders)).toBe(0);
  });

  it('needs a signed-in customer; an owner token is not one', async () => {
    const anonymous = await call(api.app, 'POST', '/orders/createOrder', {
      body: orderPayload([cartLine(mint100, 1)]),
    });
    expect(anonymous.statusCode).toBe(401);
    const login = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
    });
    const owner = await call(api.app, 'POST', '/orders/createOrder', {
      token: login.json().data.accessToken,
      body: orderPayload([cartLine(mint100, 1)]),
    });
    expect(owner.statusCode).toBe(401);
  });

  it('caps how many unpaid orders one customer may hold', async () => {
    const { token } = await customer(api.db);
    for (let i = 0; i < 5; i++) {
      expect((await placeOrder(api.app, token, [cartLine(classic250, 1)])).statusCode).toBe(200);
    }
    const sixth = await placeOrder(api.app, token, [cartLine(classic250, 1)]);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(
      'You have too many unpaid orders. Please complete or cancel one before placing another.',
    );
  });
});

describe('POST /orders/createOrder with an Idempotency-Key', () => {
  const placeWithKey = (token: string, key: string, lines = [cartLine(classic250, 2)]) =>
    call(api.app, 'POST', '/orders/createOrder', {
      token,
      body: orderPayload(lines),
      headers: { 'idempotency-key': key },
    });

  it('answers the same order to the same key, holding its stock once; a new key is a new order', async () => {
    const { token } = await customer(api.db);
    const first = await placeWithKey(token, 'place-order-0001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await placeWithKey(token, 'place-order-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(again.json().data.orderNumber).toBe(first.json().data.orderNumber);
    expect(await countRows(api.db, orders)).toBe(1);
    expect(await countRows(api.db, stockReservations)).toBe(1);
    expect(await shownStock(classic250.sku)).toBe(8);

    const other = await placeWithKey(token, 'place-order-0002');
    expect(other.json().data._id).not.toBe(first.json().data._id);
    expect(await shownStock(classic250.sku)).toBe(6);
  });

  it('makes one order of the same key sent twice at once', async () => {
    const { token } = await customer(api.db);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => placeWithKey(token, 'double-tap-0001')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().data._id)).size).toBe(1);
    expect(await countRows(api.db, orders)).toBe(1);
    expect(await shownStock(classic250.sku)).toBe(8);
  });

  it("keeps one customer's key to them, and a key for a day", async () => {
    const asha = await customer(api.db);
    const ravi = await customer(api.db);
    const hers = await placeWithKey(asha.token, 'shared-key-0001');
    const his = await placeWithKey(ravi.token, 'shared-key-0001');
    expect(his.statusCode).toBe(200);
    expect(his.json().data._id).not.toBe(hers.json().data._id);

    await api.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, hers.json().data._id));
    const dayLater = await placeWithKey(asha.token, 'shared-key-0001');
    expect(dayLater.statusCode).toBe(200);
    expect(dayLater.json().data._id).not.toBe(hers.json().data._id);
    expect(await countRows(api.db, orders)).toBe(3);
  });

  it('refuses a malformed key, naming the header, before anything is held', async () => {
    const { token } = await customer(api.db);
    for (const key of [
      'short',
      'has spaces in it',
      'x'.repeat(101),
      'ключ-ключ-ключ',
      'a'.repeat(20000),
    ]) {
      const refused = await placeWithKey(token, key);
      expect(refused.statusCode, key.slice(0, 20)).toBe(400);
      expect(refused.json().errors[0].field).toBe('idempotency-key');
    }
    expect(await countRows(api.db, orders)).toBe(0);
  });
});

describe('no stock hoarding: at most 10 units of one SKU held per customer', () => {
  let bulk: TestVariant;
  beforeEach(async () => {
    [bulk] = await insertProduct(api.db, {
      name: 'Bulk Makhana',
      variants: [{ weight: 250, price: 100, stock: 150 }],
    });
  });
  const HELD =
    'You can hold at most 10 of Bulk Makhana 250g at a time. Complete or wait for your pending orders.';

  /** Moves a customer's holds back past the 15-minute pending window. */
  async function ageHolds(orderId: string) {
    await api.db
      .update(stockReservations)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(stockReservations.orderId, orderId));
  }

  it('takes 10 units across orders and refuses the 11th, naming the product', async () => {
    const { token } = await customer(api.db);
    expect((await placeOrder(api.app, token, [cartLine(bulk, 6)])).statusCode).toBe(200);
    const over = await placeOrder(api.app, token, [cartLine(mint100, 1), cartLine(bulk, 5)]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(HELD);
    expect(over.json().errors).toEqual([{ field: 'items.1.quantity', message: 'At most 4 more' }]);
    expect((await placeOrder(api.app, token, [cartLine(bulk, 4)])).statusCode).toBe(200);

    const eleventh = await placeOrder(api.app, token, [cartLine(bulk, 1)]);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(HELD);
    expect(eleventh.json().errors).toEqual([
      { field: 'items.0.quantity', message: 'You hold the most allowed' },
    ]);
    expect(await countRows(api.db, orders)).toBe(2);

    // Other products, and other customers, are not held back by it.
    expect((await placeOrder(api.app, token, [cartLine(mint100, 1)])).statusCode).toBe(200);
    const other = await customer(api.db);
    expect((await placeOrder(api.app, other.token, [cartLine(bulk, 10)])).statusCode).toBe(200);
  });

  it('counts cancelled and expired holds within the pending window, not after it', async () => {
    const { token } = await customer(api.db);
    const first = (await placeOrder(api.app, token, [cartLine(bulk, 10)])).json().data._id;
    const cancelled = await call(api.app, 'POST', '/orders/mark-failed', {
      token,
      body: { orderId: first },
    });
    expect(cancelled.json().data.status).toBe('Cancelled');
    const again = await placeOrder(api.app, token, [cartLine(bulk, 1)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HELD);

    await ageHolds(first);
    const second = await placeOrder(api.app, token, [cartLine(bulk, 10)]);
    expect(second.statusCode).toBe(200);

    // An order left to expire holds its units for the window all the same.
    await expireNow(api.db, second.json().data._id);
    expect(await api.app.orders.sweep()).toMatchObject({ expired: 1 });
    expect((await placeOrder(api.app, token, [cartLine(bulk, 1)])).statusCode).toBe(409);
    await ageHolds(second.json().data._id);
    expect((await placeOrder(api.app, token, [cartLine(bulk, 1)])).statusCode).toBe(200);
  });

  it('does not count paid orders: bought is not held', async () => {
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(bulk, 10),
    ]);
    const paid = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_HoardTest00001'),
    });
    expect(paid.statusCode).toBe(200);
    expect(await reservationStatuses(api.db, orderId)).toEqual(['committed']);
    expect((await placeOrder(api.app, token, [cartLine(bulk, 10)])).statusCode).toBe(200);
  });
});

describe('POST /orders/mark-failed', () => {
  it("cancels the caller's pending order and releases its stock; refuses someone else's", async () => {
    const asha = await customer(api.db);
    const ravi = await customer(api.db);
    const created = await placeOrder(api.app, asha.token, [cartLine(mint100, 2)]);
    const orderId = created.json().data._id;
    expect(await shownStock(mint100.sku)).toBe(0);

    const stranger = await call(api.app, 'POST', '/orders/mark-failed', {
      token: ravi.token,
      body: { orderId },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Order not found');
    expect((await orderRow(api.db, orderId)).status).toBe('Pending');

    const response = await call(api.app, 'POST', '/orders/mark-failed', {
      token: asha.token,
      body: { orderId, totalAmount: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Order cancelled');
    expect(response.json().data).toMatchObject({
      _id: orderId,
      status: 'Cancelled',
      paymentStatus: 'failed',
    });
    expect(await reservationStatuses(api.db, orderId)).toEqual(['released']);
    expect(await shownStock(mint100.sku)).toBe(2);

    // Again: nothing more happens.
    const again = await call(api.app, 'POST', '/orders/mark-failed', {
      token: asha.token,
      body: { orderId },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('Cancelled');

    const malformed = await call(api.app, 'POST', '/orders/mark-failed', {
      token: asha.token,
      body: { orderId: 'nope' },
    });
    expect(malformed.statusCode).toBe(404);
    const missing = await call(api.app, 'POST', '/orders/mark-failed', {
      token: asha.token,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('orderId: orderId is required');
  });
});

describe('expiry', () => {
  it('expires unpaid orders past their time and releases their stock', async () => {
    const { token } = await customer(api.db);
    const late = (await placeOrder(api.app, token, [cartLine(classic500, 3)])).json().data._id;
    const fresh = (await placeOrder(api.app, token, [cartLine(mint100, 1)])).json().data._id;
    expect(await shownStock(classic500.sku)).toBe(0);

    await expireNow(api.db, late);
    // Free stock already ignores an expired hold, before any sweep.
    await forgetCachedReads(api.app);
    expect(await shownStock(classic500.sku)).toBe(3);

    expect(await api.app.orders.sweep()).toEqual({
      reconciled: { asked: 0, settled: 0 },
      expired: 1,
      retried: 0,
      tracked: { asked: 0, moved: 0, failed: 0 },
    });
    expect(await orderRow(api.db, late)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'failed',
    });
    expect(await reservationStatuses(api.db, late)).toEqual(['released']);
    expect((await orderRow(api.db, fresh)).status).toBe('Pending');
    expect(await reservationStatuses(api.db, fresh)).toEqual(['active']);
    expect(await api.app.orders.sweep()).toEqual({
      reconciled: { asked: 0, settled: 0 },
      expired: 0,
      retried: 0,
      tracked: { asked: 0, moved: 0, failed: 0 },
    });

    // Sweeps of several processes at once expire each order once.
    const more = [];
    for (let i = 0; i < 4; i++) {
      const id = (await placeOrder(api.app, token, [cartLine(classic250, 1)])).json().data._id;
      await expireNow(api.db, id);
      more.push(id);
    }
    const sweeps = await Promise.all([
      api.app.orders.sweep(),
      api.app.orders.sweep(),
      api.app.orders.sweep(),
    ]);
    expect(sweeps.reduce((sum, s) => sum + s.expired, 0)).toBe(4);
    for (const id of more) expect(await reservationStatuses(api.db, id)).toEqual(['released']);

    // An expired order cannot start a payment.
    const pay = await call(api.app, 'POST', '/orders/razorpayPayment', {
      token,
      body: { orderId: late },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(
      'This order has expired or was cancelled. Please place your order again.',
    );
  });
});

describe('reading orders', () => {
  it('lets a customer read only their own order; the owner reads any', async () => {
    const asha = await customer(api.db);
    const ravi = await customer(api.db);
    const orderId = (await placeOrder(api.app, asha.token, [cartLine(mint100, 1)])).json().data._id;

    const own = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: asha.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe('Order fetched successfully');
    expect(own.json().data).toMatchObject({ _id: orderId, status: 'Pending' });

    for (const url of [
      `/orders/order-id-details/${orderId}`,
      '/orders/order-id-details/not-an-id',
    ]) {
      const other = await call(api.app, 'GET', url, { token: ravi.token });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Order not found.');
    }
    const list = await call(api.app, 'GET', '/orders/orderDetails', { token: ravi.token });
    expect(list.json().data).toEqual([]);
    const anonymous = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`);
    expect(anonymous.statusCode).toBe(401);

    const login = await call(api.app, 'POST', '/admins/onlyAdminTo/login', {
      body: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
    });
    const owner = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, {
      token: login.json().data.accessToken,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data._id).toBe(orderId);
  });
});
