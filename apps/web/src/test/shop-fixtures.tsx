import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import type { Product, ProductVariant } from '@makhana/domain/product';
import { defaultShippingGrams } from '@makhana/domain/shipping';
import { unitSalePrice } from '@makhana/domain/unit-price';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppRouterProvider } from '../lib/router-provider';
import { type AppStore, createStore } from '../stores/store';

/** Test helpers for the shop pages: realistic catalogue fixtures, a stubbed API and a routed render. */

let sequence = 0;

/**
 * A weight as a test writes it: the unit sale price, and the shipping weight unless the test
 * gives one, are worked out as the server does.
 */
export type FixtureVariant = Omit<ProductVariant, 'unitSalePrice' | 'shippingWeight'> &
  Partial<Pick<ProductVariant, 'unitSalePrice' | 'shippingWeight'>>;

export function fixtureVariant(variant: FixtureVariant): ProductVariant {
  return {
    ...variant,
    shippingWeight: variant.shippingWeight ?? defaultShippingGrams(variant.weight),
    unitSalePrice: unitSalePrice(variant.price, variant.weight),
  };
}

/** What the demo's classic pack declares: a listed product has all of it. */
export const DECLARATIONS = {
  hsnCode: '2008',
  gstRate: 5,
  ingredients: 'Fox nuts (makhana, 90%), cold-pressed groundnut oil, sea salt.',
  allergens: 'Groundnut (peanut) oil.',
  nutrition: {
    energyKcal: 410,
    proteinG: 9,
    carbohydrateG: 70,
    sugarsG: 0.5,
    addedSugarsG: 0,
    fatG: 10,
    saturatedFatG: 1.8,
    transFatG: 0,
    sodiumMg: 450,
  },
  vegetarian: true,
  manufacturer: {
    name: 'Mithila Makhana Co.',
    address: 'Plot 14, Makhana Processing Cluster, Darbhanga, Bihar 846005',
  },
  packer: null,
} satisfies Partial<Product>;

export function makeProduct(
  overrides: Partial<Omit<Product, 'quantity'>> & { quantity?: FixtureVariant[] } = {},
): Product {
  sequence += 1;
  const quantity: ProductVariant[] = (
    overrides.quantity ?? [
      { weight: 100, price: 199, sku: `MM-CLS-100-${sequence}`, stock: 40, lowStockBelow: 5 },
      { weight: 250, price: 449, sku: `MM-CLS-250-${sequence}`, stock: 25, lowStockBelow: 5 },
    ]
  ).map(fixtureVariant);
  return {
    _id: `66f0c0ffee00000000000${String(sequence).padStart(3, '0')}`,
    name: 'Classic Roasted Makhana',
    description:
      'Hand-harvested fox nuts from the ponds of Mithila, slow-roasted in small batches.\nLight, crunchy and high in protein.',
    brand: 'Mithila Makhana Co.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    price: quantity[0]?.price ?? 199,
    variant: 'Classic',
    listed: true,
    inStock: true,
    images: ['/uploads/demo/products/classic-1.svg', '/uploads/demo/products/classic-2.svg'],
    shelfLife: 6,
    modelNumber: 'MM-CLS',
    countryOfOrigin: 'India',
    healthBenefits: 'High protein, gluten free, low calorie',
    containerType: 'Resealable pouch',
    dietaryPreference: 'Vegetarian',
    sku: 'MM-CLS',
    ...DECLARATIONS,
    rating: { average: 0, count: 0 },
    createdAt: '2025-05-01T10:00:00.000Z',
    updatedAt: '2025-05-01T10:00:00.000Z',
    ...overrides,
    quantity,
    // Each picture named as the product unless a test names them.
    imageAlts:
      overrides.imageAlts ??
      (overrides.images ?? ['', '']).map(() => overrides.name ?? 'Classic Roasted Makhana'),
  };
}

export const classic = makeProduct({
  _id: 'prod-classic',
  quantity: [
    { weight: 100, price: 199, sku: 'MM-CLS-100', stock: 40, lowStockBelow: 5 },
    { weight: 250, price: 449, sku: 'MM-CLS-250', stock: 3, lowStockBelow: 5 },
    { weight: 500, price: 849, sku: 'MM-CLS-500', stock: 0, lowStockBelow: 5 },
  ],
  price: 199,
  rating: { average: 4.26, count: 12 },
});

export const periPeri = makeProduct({
  _id: 'prod-peri-peri',
  name: 'Peri Peri Makhana',
  variant: 'Peri Peri',
  sku: 'MM-PPR',
  modelNumber: 'MM-PPR',
  images: ['/uploads/demo/products/peri-peri-1.svg', '/uploads/demo/products/peri-peri-2.svg'],
  quantity: [
    { weight: 200, price: 349, sku: 'MM-PPR-200', stock: 30, lowStockBelow: 5 },
    { weight: 500, price: 799, sku: 'MM-PPR-500', stock: 12, lowStockBelow: 5 },
  ],
  price: 349,
});

export const pinkSalt = makeProduct({
  _id: 'prod-pink-salt',
  name: 'Himalayan Pink Salt Makhana',
  variant: 'Himalayan Pink Salt',
  sku: 'MM-HPS',
  images: ['/uploads/demo/products/pink-salt-1.svg'],
  quantity: [{ weight: 250, price: 549, sku: 'MM-HPS-250', stock: 18, lowStockBelow: 5 }],
  price: 549,
});

export const caramel = makeProduct({
  _id: 'prod-caramel',
  name: 'Caramel Makhana',
  variant: 'Caramel',
  sku: 'MM-CRM',
  images: ['/uploads/demo/products/caramel-1.svg'],
  quantity: [{ weight: 100, price: 229, sku: 'MM-CRM-100', stock: 0, lowStockBelow: 5 }],
  price: 229,
});

export const catalogue: Product[] = [classic, periPeri, pinkSalt, caramel];

interface StubResponse {
  status?: number;
  body: unknown;
}

type Handler = (path: string, init: RequestInit | undefined) => StubResponse | undefined;

export function ok<T>(data: T, message = 'Success'): StubResponse {
  return { body: { statusCode: 200, data, message, success: true } };
}

/** A page of a list that grows, as the reviews answer it. */
export function okPage<T>(data: T[], meta: { page: number; limit: number; total: number }) {
  return { body: { statusCode: 200, data, message: 'Success', success: true, meta } };
}

export function fail(status: number, message: string): StubResponse {
  return { status, body: { statusCode: status, data: null, message, success: false, errors: [] } };
}

/** The catalogue API (products, and no reviews) as the server answers it; extra handlers run first. */
export function stubApi(products: Product[] = catalogue, ...handlers: Handler[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\/v1/, '');
    let answer: StubResponse | undefined;
    for (const handler of handlers) {
      answer = handler(path, init);
      if (answer) break;
    }
    if (!answer) {
      const byId = path.match(/^\/products\/getProductDetails\/(.+)$/);
      if (byId) {
        const found = products.find((p) => p._id === decodeURIComponent(byId[1] ?? ''));
        answer = found ? ok(found) : fail(404, 'Product not found');
      } else if (path === '/products/getProductDetails') {
        answer = ok(products);
      } else if (path.startsWith('/reviews/get-reviews/')) {
        // No reviews unless a test's handler says otherwise.
        const url = new URL(path, 'http://shop.test');
        const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
        const limit = Number(url.searchParams.get('limit') ?? 50);
        answer = products.some((p) => p._id === id)
          ? okPage([], { page: Number(url.searchParams.get('page') ?? 1), limit, total: 0 })
          : fail(404, 'Product not found');
      } else {
        answer = fail(404, 'Route not found');
      }
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Elsewhere() {
  return <p data-testid="location">elsewhere</p>;
}

/** Renders routes in a memory router with a real store; every other path shows its own address. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    store = createStore(),
  }: { initialEntries?: (string | { pathname: string; state: unknown })[]; store?: AppStore } = {},
) {
  const router = createMemoryRouter([...routes, { path: '*', Component: Elsewhere }], {
    initialEntries,
  });
  const view = render(
    <Provider store={store}>
      <AppRouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

/** Who sells, as an owner saved it: a Bihar GSTIN whose check character adds up. */
export const SHOP_IDENTITY: ShopIdentity = {
  legalName: 'Mithila Makhana Private Limited',
  tradeName: 'Mithila Makhana Co.',
  address: { street: 'Plot 14', city: 'Darbhanga', state: 'Bihar', pincode: '846005' },
  gstin: '10AABCU9603R1Z2',
  fssaiLicence: '10423999000123',
  consumerCare: {
    name: 'Consumer Care Cell',
    address: 'Plot 14, Darbhanga, Bihar 846005',
    phone: '9876543210',
    email: 'care@mithilamakhana.in',
  },
  grievanceOfficer: {
    name: 'Sunita Jha',
    designation: 'Grievance Officer',
    phone: '9876543211',
    email: 'grievance@example.in',
  },
};
