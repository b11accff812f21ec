import type { Product } from '@makhana/domain/product';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { LABEL_DECLARATIONS } from '../../../test/catalogue-fixtures';
import {
  cartLine,
  customer,
  expireNow,
  ownerToken,
  placeOrder,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { PRODUCTS_FETCHED } from './routes';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', RATE_LIMIT_ACCOUNT_MAX: '1000' },
  owner: true,
});

let owner: string;
beforeEach(async () => {
  owner = await ownerToken(api.app);
});

interface Made {
  name: string;
  variant: string;
  price: number;
  sku?: string;
  weights: { weight: number; stock: number; sku?: string }[];
  listed?: boolean;
  day: number;
}

/** Added through the owner's form, then dated `day` days into 2026 so newest-first is certain. */
async function make(made: Made): Promise<Product> {
  const response = await call(api.app, 'POST', '/products/addProduct', {
    token: owner,
    body: {
      name: made.name,
      brand: 'Mithila Makhana',
      categoryType: 'Snacks',
      packOfBox: 1,
      price: made.price,
      description: 'Roasted fox nuts.',
      shelfLife: 6,
      variant: made.variant,
      sku: made.sku ?? '',
      listed: made.listed ?? true,
      ...LABEL_DECLARATIONS,
      quantity: made.weights.map((w) => ({ ...w, price: made.price })),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const product: Product = response.json().data;
  await api.db
    .update(products)
    .set({ createdAt: new Date(Date.UTC(2026, 0, made.day)) })
    .where(eq(products.id, product._id));
  return product;
}

async function seed() {
  const classic = await make({
    name: 'Classic Roasted Makhana',
    variant: 'Classic Salted',
    price: 199,
    sku: 'CLS',
    weights: [
      { weight: 100, stock: 9 },
      { weight: 250, stock: 3 },
    ],
    day: 1,
  });
  const peri = await make({
    name: 'Peri Peri Makhana',
    variant: 'Peri Peri',
    price: 349,
    weights: [{ weight: 500, stock: 12, sku: 'PPR-500' }],
    day: 2,
  });
  const pink = await make({
    name: 'himalayan Pink Salt 100%',
    variant: 'Pink_Salt',
    price: 449,
    weights: [{ weight: 200, stock: 18 }],
    listed: false,
    day: 3,
  });
  const caramel = await make({
    name: 'Caramel Makhana',
    variant: 'Caramel',
    price: 299,
    weights: [{ weight: 100, stock: 0 }],
    day: 4,
  });
  return { classic, peri, pink, caramel };
}

const list = (query = '', token: string | null = owner) =>
  call(api.app, 'GET', `/products/owner-list${query}`, { token: token ?? undefined });

async function names(query = ''): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((p: Product) => p.name);
}

describe('GET /products/owner-list', () => {
  it('refuses a visitor and a customer', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    const { token } = await customer(api.db);
    expect([401, 403]).toContain((await list('', token)).statusCode);
  });

  it('pages the products newest first with meta, each as the shop builds it', async () => {
    const { classic, caramel } = await seed();
    const first = await list('?limit=3');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.message).toBe(PRODUCTS_FETCHED);
    expect(body.meta).toEqual({ page: 1, limit: 3, total: 4 });
    expect(body.data.map((p: Product) => p.name)).toEqual([
      'Caramel Makhana',
      'himalayan Pink Salt 100%',
      'Peri Peri Makhana',
    ]);
    const second = (await list('?limit=3&page=2')).json();
    expect(second.meta).toEqual({ page: 2, limit: 3, total: 4 });
    expect(second.data.map((p: Product) => p._id)).toEqual([classic._id]);
    expect((await list('?limit=3&page=3')).json().data).toEqual([]);

    // The same product the shop's own read gives, field for field.
    const shop = await call(api.app, 'GET', `/products/getProductDetails/${classic._id}`);
    expect(second.data[0]).toEqual({ ...shop.json().data, createdAt: second.data[0].createdAt });
    expect(second.data[0].quantity.map((v: { stock: number }) => v.stock)).toEqual([9, 3]);
    // Off sale and sold out are listed with their states.
    const all: Product[] = body.data;
    const pink = all.find((p) => p.name.startsWith('himalayan'));
    expect([pink?.listed, pink?.inStock]).toEqual([false, false]);
    const sold = all.find((p) => p._id === caramel._id);
    expect([sold?.listed, sold?.inStock]).toEqual([true, false]);
  });

  it('leaves deleted products out of the page and the total', async () => {
    const { peri } = await seed();
    const removed = await call(api.app, 'POST', `/products/deleteProduct/${peri._id}`, {
      token: owner,
    });
    expect(removed.statusCode).toBe(200);
    const body = (await list()).json();
    expect(body.meta.total).toBe(3);
    expect(body.data.map((p: Product) => p._id)).not.toContain(peri._id);
    expect(await names('?q=peri')).toEqual([]);
  });

  it('searches name, flavour and skus, case aside, with % and _ taken as text', async () => {
    await seed();
    expect(await names('?q=PERI%20peri%20mak')).toEqual(['Peri Peri Makhana']);
    expect(await names('?q=salted')).toEqual(['Classic Roasted Makhana']);
    expect(await names('?q=cls')).toEqual(['Classic Roasted Makhana']);
    expect(await names('?q=ppr-500')).toEqual(['Peri Peri Makhana']);
    // An assigned variant sku: made from the product's name and the weight.
    expect(await names('?q=CARAMEL-MAKHANA-100')).toEqual(['Caramel Makhana']);
    expect(await names('?q=100%25')).toEqual(['himalayan Pink Salt 100%']);
    expect(await names('?q=pink_salt')).toEqual(['himalayan Pink Salt 100%']);
    expect(await names('?q=pink%25salt')).toEqual([]);
    expect(await names('?q=peri_peri')).toEqual([]);
    const found = (await list('?q=makhana&limit=2')).json();
    expect(found.meta).toEqual({ page: 1, limit: 2, total: 3 });
  });

  it('sorts by name, price either way and the lowest stock', async () => {
    await seed();
    expect(await names('?sort=name')).toEqual([
      'Caramel Makhana',
      'Classic Roasted Makhana',
      'himalayan Pink Salt 100%',
      'Peri Peri Makhana',
    ]);
    expect(await names('?sort=price-asc')).toEqual([
      'Classic Roasted Makhana',
      'Caramel Makhana',
      'Peri Peri Makhana',
      'himalayan Pink Salt 100%',
    ]);
    expect((await names('?sort=price-desc'))[0]).toBe('himalayan Pink Salt 100%');
    expect(await names('?sort=stock-asc')).toEqual([
      'Caramel Makhana',
      'Classic Roasted Makhana',
      'Peri Peri Makhana',
      'himalayan Pink Salt 100%',
    ]);
    expect(await names('?sort=newest&q=makhana&limit=1&page=2')).toEqual(['Peri Peri Makhana']);
  });

  it('sorts by free stock: a pending order holds its units until it expires, no weight is none', async () => {
    const { peri } = await seed();
    const weight = peri.quantity[0]!;
    const buyer = await customer(api.db);
    const held = await placeOrder(api.app, buyer.token, [
      cartLine({ ...weight, productId: peri._id, variantId: '', name: peri.name }, 10),
    ]);
    expect(held.statusCode, held.body).toBe(200);
    await make({ name: 'Plain Makhana', variant: 'Plain', price: 149, weights: [], day: 5 });
    await make({
      name: 'Lotus Seeds',
      variant: 'Plain',
      price: 99,
      weights: [{ weight: 100, stock: 5 }],
      day: 6,
    });
    const lowestFirst = [
      'Plain Makhana',
      'Caramel Makhana',
      'Peri Peri Makhana',
      'Classic Roasted Makhana',
      'Lotus Seeds',
      'himalayan Pink Salt 100%',
    ];
    expect(await names('?sort=stock-asc')).toEqual(lowestFirst);
    // Peri Peri is fourth by its shelf alone, third once its held units are taken off.
    expect(await names('?sort=stock-asc&limit=1&page=3')).toEqual(['Peri Peri Makhana']);
    expect(await names('?sort=stock-asc&limit=2&page=2')).toEqual(lowestFirst.slice(2, 4));
    expect(await names('?sort=stock-asc&q=peri')).toEqual(['Peri Peri Makhana']);

    await expireNow(api.db, held.json().data._id);
    expect((await names('?sort=stock-asc')).slice(2)).toEqual([
      'Classic Roasted Makhana',
      'Lotus Seeds',
      'Peri Peri Makhana',
      'himalayan Pink Salt 100%',
    ]);
  });

  it("keeps the listed products with a weight below the owner's mark, held units taken off", async () => {
    const roomy = await make({
      name: 'Roomy',
      variant: 'Plain',
      price: 199,
      weights: [{ weight: 100, stock: 6 }],
      day: 1,
    });
    await make({
      name: 'Short',
      variant: 'Plain',
      price: 199,
      weights: [
        { weight: 100, stock: 40 },
        { weight: 250, stock: 4 },
      ],
      day: 2,
    });
    await make({
      name: 'Short but not listed',
      variant: 'Plain',
      price: 199,
      weights: [{ weight: 100, stock: 0 }],
      listed: false,
      day: 3,
    });
    expect(await names('?lowStock=true')).toEqual(['Short']);
    const buyer = await customer(api.db);
    const weight = roomy.quantity[0]!;
    const held = await placeOrder(api.app, buyer.token, [
      cartLine({ ...weight, productId: roomy._id, variantId: '', name: roomy.name }, 2),
    ]);
    expect(held.statusCode, held.body).toBe(200);
    // 6 on the shelf, 2 held: 4 free, below the mark of 5.
    expect(await names('?lowStock=true')).toEqual(['Short', 'Roomy']);
    const page = await call(api.app, 'GET', '/products/owner-list?lowStock=true&q=roomy', {
      token: owner,
    });
    expect(page.json().meta.total).toBe(1);
  });

  it('refuses a bad query with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sort=cheapest', 'sort'],
      ['?lowStock=yes', 'lowStock'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(new RegExp(`^${field}: `));
      expect(response.json().errors[0].field).toBe(field);
    }
  });
});
