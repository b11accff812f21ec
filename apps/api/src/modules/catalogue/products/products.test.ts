import type { Product } from '@makhana/domain/product';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, productVariants, reviews, stockReservations, users } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import { seedDemoCatalogue } from './demo-seed';
import { freeStock } from './service';

const api = useTestApp();

beforeEach(async () => {
  await seedDemoCatalogue(api.db);
  // These tests write to the database directly, so they tell the cache as every writer must.
  await forgetCachedReads(api.app);
});

async function getProducts(): Promise<Product[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: '/api/v1/products/getProductDetails',
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({
    statusCode: 200,
    success: true,
    message: 'Products fetched successfully',
  });
  return body.data;
}

async function variantId(sku: string): Promise<string> {
  const [row] = await api.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.sku, sku));
  if (!row) throw new Error(`no variant ${sku}`);
  return row.id;
}

async function pendingOrder(): Promise<string> {
  const [user] = await api.db
    .insert(users)
    .values({ email: `shopper-${Math.random()}@example.com`, firstName: 'Asha' })
    .returning();
  const [order] = await api.db
    .insert(orders)
    .values({
      orderNumber: `MM-TEST-${Math.random()}`,
      userId: user!.id,
      subtotalPaise: 17_900,
      shippingCostPaise: 5_000,
      totalAmountPaise: 22_900,
      shippingAddress: {
        firstName: 'Asha',
        lastName: 'Kumari',
        email: 'asha@example.com',
        phone: '9876543210',
        address: 'Lalbagh',
        city: 'Darbhanga',
        state: 'Bihar',
        pincode: '846004',
        country: 'India',
      },
    })
    .returning();
  return order!.id;
}

describe('GET /api/v1/products/getProductDetails', () => {
  it('lists the catalogue in the domain shape, prices in rupees', async () => {
    const list = await getProducts();
    expect(list).toHaveLength(9);
    const classic = list[0]!;
    expect(classic).toMatchObject({
      name: 'Classic Roasted Makhana',
      price: 99,
      variant: 'Classic Salted',
      inStock: true,
      brand: 'Mithila Makhana',
      countryOfOrigin: 'India',
      rating: { average: 0, count: 0 },
    });
    expect(classic.images).toEqual([
      expect.stringMatching(/^\/uploads\/demo\/products\/[0-9a-f]{32}-960\.webp$/),
      expect.stringMatching(/^\/uploads\/demo\/products\/[0-9a-f]{32}-960\.webp$/),
    ]);
    expect(classic._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(classic.quantity).toEqual([
      {
        weight: 50,
        price: 99,
        sku: 'MM-CLS-50',
        stock: 120,
        lowStockBelow: 5,
        shippingWeight: 90,
        unitSalePrice: { amount: 1.98, per: 'g' },
      },
      {
        weight: 100,
        price: 179,
        sku: 'MM-CLS-100',
        stock: 150,
        lowStockBelow: 5,
        shippingWeight: 140,
        unitSalePrice: { amount: 1.79, per: 'g' },
      },
      {
        weight: 250,
        price: 399,
        sku: 'MM-CLS-250',
        stock: 80,
        lowStockBelow: 5,
        shippingWeight: 290,
        unitSalePrice: { amount: 1.6, per: 'g' },
      },
      {
        weight: 500,
        price: 749,
        sku: 'MM-CLS-500',
        stock: 40,
        lowStockBelow: 5,
        shippingWeight: 540,
        unitSalePrice: { amount: 1.5, per: 'g' },
      },
    ]);
    expect(new Date(classic.createdAt).toISOString()).toBe(classic.createdAt);
  });

  it('shows free stock: shelf stock minus unexpired active reservations', async () => {
    const orderId = await pendingOrder();
    const v100 = await variantId('MM-CLS-100');
    const v50 = await variantId('MM-CLS-50');
    const soon = new Date(Date.now() + 15 * 60_000);
    const past = new Date(Date.now() - 60_000);
    await api.db.insert(stockReservations).values([
      { orderId, variantId: v100, quantity: 3, expiresAt: soon },
      { orderId, variantId: v100, quantity: 2, expiresAt: soon },
      { orderId, variantId: v100, quantity: 7, expiresAt: past }, // expired: holds nothing
      { orderId, variantId: v100, quantity: 9, expiresAt: soon, status: 'released' },
      { orderId, variantId: v100, quantity: 4, expiresAt: soon, status: 'committed' },
      { orderId, variantId: v50, quantity: 500, expiresAt: soon }, // more than the shelf: 0, not negative
    ]);
    await forgetCachedReads(api.app);
    const classic = (await getProducts()).find((p) => p.name === 'Classic Roasted Makhana')!;
    expect(classic.quantity.find((q) => q.weight === 100)?.stock).toBe(145);
    expect(classic.quantity.find((q) => q.weight === 50)?.stock).toBe(0);
    expect(classic.quantity.find((q) => q.weight === 250)?.stock).toBe(80);
  });

  it('aggregates ratings to one decimal', async () => {
    const list = await getProducts();
    const productId = list[1]!._id;
    const made = await api.db
      .insert(users)
      .values([1, 2, 3].map((n) => ({ email: `r${n}@example.com` })))
      .returning();
    await api.db.insert(reviews).values(
      [5, 4, 4].map((rating, i) => ({
        productId,
        userId: made[i]!.id,
        userName: `Reviewer ${i}`,
        rating,
        comment: 'Crunchy and fresh',
      })),
    );
    await forgetCachedReads(api.app);
    const after = await getProducts();
    expect(after[1]!.rating).toEqual({ average: 4.3, count: 3 });
    expect(after[0]!.rating).toEqual({ average: 0, count: 0 });
  });
});

describe('GET /api/v1/products/getProductDetails/:id', () => {
  it('answers one product for a deep link', async () => {
    const [first] = await getProducts();
    const response = await api.app.inject({
      url: `/api/v1/products/getProductDetails/${first!._id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, statusCode: 200, data: first });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['a NUL byte', '%00'],
    ['SQL', "1'%20or%20'1'='1"],
  ])('refuses %s with a 404 envelope', async (_label, id) => {
    const response = await api.app.inject({ url: `/api/v1/products/getProductDetails/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      data: null,
      message: 'Product not found',
      success: false,
      errors: [],
      requestId: response.headers['x-request-id'],
    });
  });
});

describe('freeStock', () => {
  it('never goes below zero', () => {
    expect(freeStock(10, null)).toBe(10);
    expect(freeStock(10, 4)).toBe(6);
    expect(freeStock(10, 12)).toBe(0);
  });
});

describe('the catalogue cache', () => {
  it('serves the cached list until a writer invalidates it', async () => {
    await getProducts();
    const sku = 'MM-CLS-50';
    await api.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.sku, sku));
    const stale = (await getProducts()).flatMap((p) => p.quantity).find((v) => v.sku === sku);
    expect(stale?.stock).not.toBe(3);
    await forgetCachedReads(api.app);
    const fresh = (await getProducts()).flatMap((p) => p.quantity).find((v) => v.sku === sku);
    expect(fresh?.stock).toBe(3);
  });
});
