import { DECLARATION_MESSAGES } from '@makhana/domain/declarations';
import type { Product } from '@makhana/domain/product';
import { PACKAGING_GRAMS, SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import { MESSAGES, ON_SALE_DISAGREE } from '@makhana/domain/validation';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { products, productVariants, stockReservations } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import { LABEL_DECLARATIONS } from '../../../test/catalogue-fixtures';
import {
  cartLine,
  customer,
  orderWithPayment,
  ownerToken,
  placeOrder,
  signedPayment,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { seedDemoCatalogue } from './demo-seed';
import { SKU_TAKEN } from './owner-writes';
import { PRODUCT_ADDED, PRODUCT_DELETED, PRODUCT_UPDATED } from './routes';
import { PRODUCT_NOT_FOUND } from './service';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', RATE_LIMIT_ACCOUNT_MAX: '1000' },
  owner: true,
});

let owner: string;
beforeEach(async () => {
  owner = await ownerToken(api.app);
});

const FORM = {
  name: 'Peri Peri Makhana',
  brand: 'Mithila Makhana',
  categoryType: 'Snacks',
  packOfBox: 1,
  price: 149,
  description: 'Slow-roasted fox nuts with peri peri.',
  shelfLife: 6,
  variant: 'Peri Peri',
  ...LABEL_DECLARATIONS,
  quantity: [
    { weight: 100, price: 149, stock: 10 },
    { weight: 250, price: 329, sku: '', stock: 4 },
  ],
};

type Form = Record<string, unknown> & { quantity?: Record<string, unknown>[] };

// `null` calls as a visitor.
const as = (token: string | null | undefined) =>
  token === undefined ? owner : (token ?? undefined);
const add = (body: Form, token?: string | null) =>
  call(api.app, 'POST', '/products/addProduct', { token: as(token), body });
const update = (id: string, body: Form, token?: string | null) =>
  call(api.app, 'POST', `/products/updateProduct/${id}`, { token: as(token), body });
const remove = (id: string, token?: string | null) =>
  call(api.app, 'POST', `/products/deleteProduct/${id}`, { token: as(token) });

async function added(body: Form = FORM): Promise<Product> {
  const response = await add(body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(PRODUCT_ADDED);
  return response.json().data;
}

async function updated(id: string, body: Form): Promise<Product> {
  const response = await update(id, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(PRODUCT_UPDATED);
  return response.json().data;
}

async function shopList(): Promise<Product[]> {
  const response = await call(api.app, 'GET', '/products/getProductDetails');
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function productPage(id: string) {
  return call(api.app, 'GET', `/products/getProductDetails/${id}`);
}

async function variantRows(productId: string) {
  return api.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.weightGrams);
}

async function productCount(): Promise<number> {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(products);
  return Number(row?.n);
}

/** The product as the storefront's cart holds one weight of it. */
function lineOf(product: Product, weight: number): TestVariant {
  const v = product.quantity.find((q) => q.weight === weight)!;
  return {
    productId: product._id,
    variantId: '',
    name: product.name,
    sku: v.sku,
    weight,
    price: v.price,
  };
}

describe('who may write products', () => {
  it('refuses a visitor and a customer on every route, and changes nothing', async () => {
    const product = await added();
    const before = await productPage(product._id);
    const { token } = await customer(api.db);
    for (const who of [null, token]) {
      const answers = [
        await add({ ...FORM, name: 'Intruder' }, who),
        await update(product._id, { ...FORM, name: 'Intruder', price: 1 }, who),
        await remove(product._id, who),
      ];
      for (const response of answers) {
        expect([401, 403], response.body).toContain(response.statusCode);
        expect(response.json()).toMatchObject({ success: false, data: null });
      }
    }
    expect(await productCount()).toBe(1);
    expect((await productPage(product._id)).json().data).toEqual(before.json().data);
  });
});

describe('the product form rules', () => {
  it('requires name, brand, categoryType, packOfBox, price, description and shelfLife', async () => {
    const response = await add({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      ['name', 'brand', 'categoryType', 'packOfBox', 'price', 'description', 'shelfLife'].map(
        (field) => ({ field, message: MESSAGES.required }),
      ),
    );
    expect(response.json().message).toBe(`name: ${MESSAGES.required}`);
  });

  it('reads blank text as missing and says when a number is not one', async () => {
    const response = await add({
      ...FORM,
      name: '   ',
      packOfBox: 'two',
      price: '',
      shelfLife: 'six',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'name', message: MESSAGES.required },
      { field: 'packOfBox', message: 'Pack of box must be a number' },
      { field: 'price', message: MESSAGES.required },
      { field: 'shelfLife', message: 'Shelf life must be a number' },
    ]);
  });

  it('needs a weight and a price on each variant; sku and stock may be left out', async () => {
    const refused = await add({ ...FORM, quantity: [{ sku: 'X-1', stock: 3 }, { weight: 100 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'quantity.0.weight', message: 'Weight is required' },
      { field: 'quantity.0.price', message: 'Price is required' },
      { field: 'quantity.1.price', message: 'Price is required' },
    ]);

    const product = await added({ ...FORM, quantity: [{ weight: '50', price: '99' }] });
    expect(product.quantity).toEqual([
      {
        weight: 50,
        price: 99,
        sku: 'PERI-PERI-MAKHANA-50',
        stock: 0,
        lowStockBelow: 5,
        shippingWeight: 90,
        unitSalePrice: { amount: 1.98, per: 'g' },
      },
    ]);
  });

  it('refuses negative stock, fractional rupees, a weight twice and figures past the limits', async () => {
    const response = await add({
      ...FORM,
      price: 0,
      quantity: [
        { weight: 100, price: 9.5, stock: -1 },
        { weight: 250, price: 2_000_000, stock: 1 },
        { weight: 250, price: 10 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'price', message: 'Price is required' },
      { field: 'quantity.0.price', message: 'Price must be a whole number of rupees' },
      { field: 'quantity.0.stock', message: 'Stock cannot be negative' },
      { field: 'quantity.1.price', message: 'Price must be at most 1000000' },
    ]);
    const twice = await add({
      ...FORM,
      quantity: [
        { weight: 250, price: 10 },
        { weight: 250, price: 20 },
      ],
    });
    expect(twice.json().errors).toEqual([
      { field: 'quantity.1.weight', message: 'This weight is already listed' },
    ]);
    expect(await productCount()).toBe(0);
  });
});

describe('the declarations a listed product needs', () => {
  const {
    hsnCode: _h,
    ingredients: _i,
    allergens: _a,
    nutrition: _n,
    vegetarian: _v,
    manufacturer: _m,
    ...undeclared
  } = FORM;

  it('refuses to list a product without them, naming each missing one, and writes nothing', async () => {
    for (const onSale of [{ listed: true }, { inStock: true }, {}]) {
      const response = await add({ ...undeclared, ...onSale });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(
        [
          'hsnCode',
          'ingredients',
          'allergens',
          'nutrition',
          'vegetarian',
          'manufacturer.name',
          'manufacturer.address',
        ].map((field) => ({ field, message: DECLARATION_MESSAGES.missing })),
      );
    }
    expect(await shopList()).toEqual([]);
  });

  it('keeps a product off sale while they wait, then lists it once given', async () => {
    const draft = await added({ ...undeclared, listed: false });
    expect(draft).toMatchObject({
      listed: false,
      hsnCode: '',
      gstRate: 5,
      nutrition: null,
      vegetarian: null,
    });
    const refused = await call(api.app, 'POST', `/products/updateProduct/${draft._id}`, {
      token: owner,
      body: { ...undeclared, listed: true, ingredients: 'Fox nuts' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).not.toContain(
      'ingredients',
    );
    const listed = await call(api.app, 'POST', `/products/updateProduct/${draft._id}`, {
      token: owner,
      body: { ...FORM, listed: true, packer: { name: 'Koshi Packers', address: 'Purnia, Bihar' } },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({
      listed: true,
      ...LABEL_DECLARATIONS,
      packer: { name: 'Koshi Packers', address: 'Purnia, Bihar' },
    });
    // Every weight says what a gram of it costs.
    expect(
      listed.json().data.quantity.map((v: { unitSalePrice: unknown }) => v.unitSalePrice),
    ).toEqual([
      { amount: 1.49, per: 'g' },
      { amount: 1.32, per: 'g' },
    ]);
  });
});

describe('adding a product', () => {
  it('answers the product with every field, listed, and skus assigned where left empty', async () => {
    const product = await added({
      ...FORM,
      modelNumber: 'MM-PP-01',
      healthBenefits: 'Protein',
      containerType: 'Pouch',
      dietaryPreference: 'Vegetarian',
    });
    expect(product).toMatchObject({
      name: 'Peri Peri Makhana',
      brand: 'Mithila Makhana',
      categoryType: 'Snacks',
      packOfBox: 1,
      price: 149,
      variant: 'Peri Peri',
      listed: true,
      inStock: true,
      images: [],
      shelfLife: 6,
      modelNumber: 'MM-PP-01',
      countryOfOrigin: 'India',
      healthBenefits: 'Protein',
      containerType: 'Pouch',
      dietaryPreference: 'Vegetarian',
      sku: '',
      rating: { average: 0, count: 0 },
    });
    expect(product.quantity).toEqual([
      {
        weight: 100,
        price: 149,
        sku: 'PERI-PERI-MAKHANA-100',
        stock: 10,
        lowStockBelow: 5,
        shippingWeight: 140,
        unitSalePrice: { amount: 1.49, per: 'g' },
      },
      {
        weight: 250,
        price: 329,
        sku: 'PERI-PERI-MAKHANA-250',
        stock: 4,
        lowStockBelow: 5,
        shippingWeight: 290,
        unitSalePrice: { amount: 1.32, per: 'g' },
      },
    ]);
    // Paise inside.
    expect((await variantRows(product._id)).map((v) => v.pricePaise)).toEqual([14_900, 32_900]);
    // The shop sees it at once.
    expect((await shopList()).map((p) => p._id)).toEqual([product._id]);
    expect((await productPage(product._id)).json().data).toEqual(product);
  });

  it('builds an assigned sku from the product sku, and never repeats one', async () => {
    const first = await added({ ...FORM, sku: 'mm pp' });
    const second = await added({ ...FORM, sku: 'mm pp' });
    expect(first.quantity.map((v) => v.sku)).toEqual(['MM-PP-100', 'MM-PP-250']);
    expect(second.quantity.map((v) => v.sku)).toEqual(['MM-PP-100-2', 'MM-PP-250-2']);
  });

  it('refuses a sku another product uses, or one given twice, naming the field', async () => {
    await added({ ...FORM, quantity: [{ weight: 100, price: 149, sku: 'MM-PP-100' }] });
    const taken = await add({
      ...FORM,
      quantity: [
        { weight: 50, price: 99, sku: 'MM-PP-50' },
        { weight: 100, price: 149, sku: 'MM-PP-100' },
      ],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: `quantity.1.sku: ${SKU_TAKEN}`,
      errors: [{ field: 'quantity.1.sku', message: SKU_TAKEN }],
    });

    const twice = await add({
      ...FORM,
      quantity: [
        { weight: 50, price: 99, sku: 'MM-NEW' },
        { weight: 100, price: 149, sku: 'MM-NEW' },
      ],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual([{ field: 'quantity.1.sku', message: SKU_TAKEN }]);
    expect(await productCount()).toBe(1);
  });
});

describe('updating a product', () => {
  it('shows a new price on the product page and in the list at once', async () => {
    const product = await added();
    expect((await shopList())[0]!.price).toBe(149); // the list is cached from here on
    const changed = await updated(product._id, {
      ...FORM,
      price: 159,
      quantity: [
        { weight: 100, price: 159, stock: 10 },
        { weight: 250, price: 329, stock: 4 },
      ],
    });
    expect(changed.price).toBe(159);
    const [listed] = await shopList();
    expect(listed!.price).toBe(159);
    expect(listed!.quantity[0]).toMatchObject({ weight: 100, price: 159 });
    expect((await productPage(product._id)).json().data.quantity[0].price).toBe(159);
  });

  it('adds and removes weights in one body, keeping the rows of those that stay', async () => {
    const product = await added();
    const before = await variantRows(product._id);
    const changed = await updated(product._id, {
      ...FORM,
      quantity: [
        // kept by its sku, though its weight changes
        { weight: 200, price: 299, sku: 'PERI-PERI-MAKHANA-250', stock: 2 },
        // kept by its weight: the sku left empty keeps the one it had
        { weight: 100, price: 139, sku: '', stock: 8 },
        { weight: 500, price: 599, stock: 1 },
      ],
    });
    expect(changed.quantity).toEqual([
      {
        weight: 100,
        price: 139,
        sku: 'PERI-PERI-MAKHANA-100',
        stock: 8,
        lowStockBelow: 5,
        shippingWeight: 140,
        unitSalePrice: { amount: 1.39, per: 'g' },
      },
      {
        weight: 200,
        price: 299,
        sku: 'PERI-PERI-MAKHANA-250',
        stock: 2,
        lowStockBelow: 5,
        shippingWeight: 240,
        unitSalePrice: { amount: 1.5, per: 'g' },
      },
      {
        weight: 500,
        price: 599,
        sku: 'PERI-PERI-MAKHANA-500',
        stock: 1,
        lowStockBelow: 5,
        shippingWeight: 540,
        unitSalePrice: { amount: 1.2, per: 'g' },
      },
    ]);
    const after = await variantRows(product._id);
    expect(after.find((v) => v.weightGrams === 100)!.id).toBe(before[0]!.id);
    expect(after.find((v) => v.weightGrams === 200)!.id).toBe(before[1]!.id);

    // Two weights swap their skus' rows; the 500 g weight goes (no order points at it).
    const swapped = await updated(product._id, {
      ...FORM,
      quantity: [
        { weight: 200, price: 139, sku: 'PERI-PERI-MAKHANA-100' },
        { weight: 100, price: 299, sku: 'PERI-PERI-MAKHANA-250' },
      ],
    });
    expect(swapped.quantity.map((v) => [v.weight, v.sku])).toEqual([
      [100, 'PERI-PERI-MAKHANA-250'],
      [200, 'PERI-PERI-MAKHANA-100'],
    ]);
    const rows = await variantRows(product._id);
    expect(rows.map((v) => v.id).sort()).toEqual([before[0]!.id, before[1]!.id].sort());
  });

  it('renames a sku that matched by weight, and refuses one another product uses', async () => {
    const product = await added();
    const other = await added({ ...FORM, name: 'Other', sku: 'OTHER' });
    const [first] = await variantRows(product._id);
    const renamed = await updated(product._id, {
      ...FORM,
      quantity: [{ weight: 100, price: 149, sku: 'PP-NEW-100' }],
    });
    expect(renamed.quantity.map((v) => v.sku)).toEqual(['PP-NEW-100']);
    expect((await variantRows(product._id))[0]!.id).toBe(first!.id);

    const refused = await update(product._id, {
      ...FORM,
      quantity: [{ weight: 100, price: 149, sku: other.quantity[0]!.sku }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ field: 'quantity.0.sku', message: SKU_TAKEN }]);
    expect((await productPage(product._id)).json().data.quantity[0].sku).toBe('PP-NEW-100');
  });

  it('hides a removed weight that orders point at, and brings it back when added again', async () => {
    const product = await added();
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(lineOf(product, 250), 2),
    ]);
    const [, v250] = await variantRows(product._id);

    const without = await updated(product._id, {
      ...FORM,
      quantity: [{ weight: 100, price: 149, stock: 10 }],
    });
    expect(without.quantity.map((v) => v.weight)).toEqual([100]);
    const hidden = (await variantRows(product._id)).find((v) => v.id === v250!.id);
    expect(hidden?.removedAt).toBeInstanceOf(Date);
    // The pending order still holds its units, can be paid, and its line is as bought.
    const held = await api.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.orderId, orderId));
    expect(held.map((r) => [r.variantId, r.status])).toEqual([[v250!.id, 'active']]);
    const paid = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_HiddenWeight01'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(order.json().data.items[0]).toMatchObject({
      name: 'Peri Peri Makhana',
      variantWeight: 250,
      quantity: 2,
      priceAtPurchase: 329,
    });

    // The hidden weight cannot be bought.
    const refused = await placeOrder(api.app, token, [cartLine(lineOf(product, 250), 1)]);
    expect(refused.statusCode).toBe(409);

    const back = await updated(product._id, {
      ...FORM,
      quantity: [
        { weight: 100, price: 149, stock: 10 },
        { weight: 250, price: 349, stock: 3 },
      ],
    });
    expect(back.quantity[1]).toEqual({
      weight: 250,
      price: 349,
      sku: 'PERI-PERI-MAKHANA-250',
      stock: 3,
      lowStockBelow: 5,
      shippingWeight: 290,
      unitSalePrice: { amount: 1.4, per: 'g' },
    });
    expect((await variantRows(product._id)).map((v) => v.id)).toContain(v250!.id);
  });

  it("keeps each weight's low-stock mark: 5 unless set, kept when left out, never negative", async () => {
    const product = await added({
      ...FORM,
      quantity: [
        { weight: 100, price: 149, stock: 10, lowStockBelow: 12 },
        { weight: 250, price: 329, stock: 4 },
      ],
    });
    expect(product.quantity.map((v) => v.lowStockBelow)).toEqual([12, 5]);
    const kept = await updated(product._id, {
      ...FORM,
      quantity: [
        { weight: 100, price: 149, stock: 10 },
        { weight: 250, price: 329, stock: 4, lowStockBelow: '0' },
      ],
    });
    expect(kept.quantity.map((v) => v.lowStockBelow)).toEqual([12, 0]);
    const refused = await add({
      ...FORM,
      quantity: [
        { weight: 100, price: 149, lowStockBelow: -1 },
        { weight: 250, price: 329, lowStockBelow: 2.5 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'quantity.0.lowStockBelow', message: 'Low-stock mark cannot be negative' },
      { field: 'quantity.1.lowStockBelow', message: 'Low-stock mark must be a whole number' },
    ]);
  });

  it("keeps each weight's shipping weight: net plus packaging unless set, kept when left out, never below the net weight", async () => {
    const product = await added({
      ...FORM,
      quantity: [
        { weight: 100, price: 149, stock: 10, shippingWeight: '160' },
        { weight: 250, price: 329, stock: 4 },
      ],
    });
    expect(product.quantity.map((v) => v.shippingWeight)).toEqual([160, 250 + PACKAGING_GRAMS]);
    const kept = await updated(product._id, {
      ...FORM,
      quantity: [
        { weight: 100, price: 149, stock: 10, shippingWeight: '' },
        { weight: 250, price: 329, stock: 4, shippingWeight: 300 },
      ],
    });
    expect(kept.quantity.map((v) => v.shippingWeight)).toEqual([160, 300]);
    const refused = await add({
      ...FORM,
      quantity: [
        { weight: 100, price: 149, shippingWeight: 99 },
        { weight: 250, price: 329, shippingWeight: 30_001 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'quantity.0.shippingWeight', message: SHIPPING_MESSAGES.shippingWeight },
      { field: 'quantity.1.shippingWeight', message: 'Shipping weight must be at most 30000' },
    ]);
  });

  it('reads the stock the owner sets as units free to sell, over what pending orders hold', async () => {
    const product = await added();
    const { token } = await customer(api.db);
    await orderWithPayment(api.app, token, [cartLine(lineOf(product, 100), 3)]);
    expect((await productPage(product._id)).json().data.quantity[0].stock).toBe(7);
    const changed = await updated(product._id, { ...FORM, quantity: FORM.quantity });
    expect(changed.quantity[0]!.stock).toBe(10);
    expect((await variantRows(product._id))[0]!.stock).toBe(13);
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const product = await added();
    for (const id of ['00000000-0000-4000-8000-00000000abcd', 'not-a-uuid']) {
      const response = await update(id, FORM);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PRODUCT_NOT_FOUND);
    }
    await remove(product._id);
    expect((await update(product._id, FORM)).statusCode).toBe(404);
  });
});

describe('inStock follows the stock and the switch', () => {
  it('is false for the sold-out demo product, though it is listed', async () => {
    await seedDemoCatalogue(api.db);
    await forgetCachedReads(api.app);
    const tomato = (await shopList()).find((p) => p.name === 'Tangy Tomato Makhana')!;
    expect(tomato).toMatchObject({ listed: true, inStock: false });
    expect(tomato.quantity.every((v) => v.stock === 0)).toBe(true);
    expect((await shopList()).filter((p) => !p.inStock).map((p) => p.name)).toEqual([
      'Tangy Tomato Makhana',
    ]);
  });

  it('turns false when the last units go or the owner takes it off sale', async () => {
    const product = await added({ ...FORM, quantity: [{ weight: 100, price: 149, stock: 1 }] });
    expect(product).toMatchObject({ listed: true, inStock: true });

    const { token } = await customer(api.db);
    await orderWithPayment(api.app, token, [cartLine(lineOf(product, 100), 1)]);
    expect((await productPage(product._id)).json().data).toMatchObject({
      listed: true,
      inStock: false,
    });

    const restocked = await updated(product._id, {
      ...FORM,
      quantity: [{ weight: 100, price: 149, stock: 5 }],
    });
    expect(restocked).toMatchObject({ listed: true, inStock: true });

    const off = await updated(product._id, {
      ...FORM,
      listed: false,
      quantity: [{ weight: 100, price: 149, stock: 5 }],
    });
    expect(off).toMatchObject({ listed: false, inStock: false });
    expect((await shopList())[0]).toMatchObject({ listed: false, inStock: false });
    const refused = await placeOrder(api.app, token, [cartLine(lineOf(product, 100), 1)]);
    expect(refused.statusCode).toBe(409);

    const none = await updated(product._id, { ...FORM, quantity: [] });
    expect(none).toMatchObject({ listed: true, inStock: false, quantity: [] });
  });
});

describe("the seed spec's inStock, and fields the API does not know", () => {
  it('takes a product off sale with inStock: false, as listed: false does', async () => {
    const hidden = await added({ ...FORM, inStock: false });
    expect(hidden).toMatchObject({ listed: false, inStock: false });

    const product = await added({ ...FORM, name: 'Mint Makhana' });
    const off = await updated(product._id, { ...FORM, inStock: false });
    expect(off).toMatchObject({ listed: false, inStock: false });
    const [row] = await api.db.select().from(products).where(eq(products.id, product._id));
    expect(row?.inStock).toBe(false);

    const both = await updated(product._id, { ...FORM, inStock: true, listed: true });
    expect(both).toMatchObject({ listed: true, inStock: true });
  });

  it('refuses inStock and listed that disagree, naming inStock, and writes nothing', async () => {
    const product = await added();
    const before = (await productPage(product._id)).json().data;
    const answers = [
      await add({ ...FORM, name: 'Mint Makhana', inStock: false, listed: true }),
      await update(product._id, { ...FORM, name: 'Renamed', inStock: true, listed: false }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: `inStock: ${ON_SALE_DISAGREE}`,
        errors: [{ field: 'inStock', message: ON_SALE_DISAGREE }],
      });
    }
    expect((await add({ ...FORM, inStock: 'no' })).json().errors).toEqual([
      { field: 'inStock', message: 'inStock must be true or false' },
    ]);
    expect(await productCount()).toBe(1);
    expect((await productPage(product._id)).json().data).toEqual(before);
  });

  it('refuses a field it does not know, naming each, and writes nothing', async () => {
    const product = await added();
    const before = (await productPage(product._id)).json().data;
    const answers = [
      await add({ ...FORM, name: 'Mint Makhana', colour: 'green', size: 'L' }),
      await update(product._id, { ...FORM, name: 'Renamed', colour: 'green', size: 'L' }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        data: null,
        message: 'colour: Unknown field',
        errors: [
          { field: 'colour', message: 'Unknown field' },
          { field: 'size', message: 'Unknown field' },
        ],
      });
    }
    expect(await productCount()).toBe(1);
    expect((await productPage(product._id)).json().data).toEqual(before);
  });
});

describe('deleting a product', () => {
  it('hides it from the shop and checkout, and leaves its orders as they were', async () => {
    const product = await added();
    const kept = await added({ ...FORM, name: 'Kept', sku: 'KEPT' });
    const { token } = await customer(api.db);
    const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
      cartLine(lineOf(product, 100), 2),
    ]);
    const paid = await call(api.app, 'POST', '/orders/verifyPayment', {
      token,
      body: signedPayment(gatewayOrderId, 'pay_DeletedLater01'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // What the payment sets off (its invoice among it) is done before the order is read.
    await api.app.orders.idle();
    const before = (
      await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token })
    ).json().data;
    expect(before.items[0]).toMatchObject({
      name: 'Peri Peri Makhana',
      variantWeight: 100,
      quantity: 2,
      priceAtPurchase: 149,
    });
    expect((await shopList()).length).toBe(2); // cached

    const response = await remove(product._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: PRODUCT_DELETED,
      data: { _id: product._id },
    });

    expect((await shopList()).map((p) => p._id)).toEqual([kept._id]);
    const page = await productPage(product._id);
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(PRODUCT_NOT_FOUND);

    const refused = await placeOrder(api.app, token, [cartLine(lineOf(product, 250), 1)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { field: 'items.0.sku', message: 'This item is no longer available' },
    ]);

    const after = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
    expect(after.json().data).toEqual(before);
    const owners = await call(api.app, 'GET', '/orders/orderDetails', { token: owner });
    expect(owners.json().data[0].items).toEqual(before.items);

    // Once is enough.
    expect((await remove(product._id)).statusCode).toBe(404);
    expect((await remove('not-a-uuid')).statusCode).toBe(404);
  });

  it('hides a product without orders the same way, keeping its sku taken', async () => {
    const product = await added();
    expect((await remove(product._id)).statusCode).toBe(200);
    expect(await productCount()).toBe(1);
    expect(await shopList()).toEqual([]);
    const again = await added();
    expect(again.quantity.map((v) => v.sku)).toEqual([
      'PERI-PERI-MAKHANA-100-2',
      'PERI-PERI-MAKHANA-250-2',
    ]);
  });
});
