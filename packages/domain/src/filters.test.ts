import { describe, expect, it } from 'vitest';
import {
  type CatalogueSort,
  catalogueCards,
  catalogueSearch,
  filterProducts,
  flavorOptions,
  matchesFilters,
  noFilters,
  priceInBand,
  readCatalogueQuery,
  weightOptions,
} from './filters';

const products = [
  { _id: 'a', price: 149, variant: 'Peri Peri', quantity: [{ weight: 100 }, { weight: 250 }] },
  { _id: 'b', price: 300, variant: 'Mint', quantity: [{ weight: 50 }, { weight: 100 }] },
  { _id: 'c', price: 301, variant: 'Peri Peri', quantity: [{ weight: 250 }] },
  { _id: 'd', price: 500, variant: 'Caramel', quantity: [{ weight: 500 }] },
  { _id: 'e', price: 501, variant: 'Plain', quantity: [{ weight: 500 }, { weight: 250 }] },
].map((p) => ({
  ...p,
  quantity: p.quantity.map((q) => ({ ...q, price: p.price, sku: '', stock: 1, lowStockBelow: 5 })),
  rating: { average: 0, count: 0 },
}));

const ids = (list: { _id: string }[]) => list.map((p) => p._id);

/** As the demo catalogue: the card price is the first weight's, the larger packs cost more. */
const classic = {
  _id: 'classic',
  price: 99,
  variant: 'Classic Salted',
  quantity: [
    { weight: 50, price: 99, sku: 'CLS-50', stock: 5, lowStockBelow: 5 },
    { weight: 100, price: 179, sku: 'CLS-100', stock: 5, lowStockBelow: 5 },
    { weight: 250, price: 399, sku: 'CLS-250', stock: 5, lowStockBelow: 5 },
    { weight: 500, price: 749, sku: 'CLS-500', stock: 5, lowStockBelow: 5 },
  ],
  rating: { average: 4.2, count: 10 },
};
const mint = {
  _id: 'mint',
  price: 289,
  variant: 'Mint',
  quantity: [
    { weight: 250, price: 289, sku: 'MNT-250', stock: 5, lowStockBelow: 5 },
    { weight: 50, price: 109, sku: 'MNT-50', stock: 5, lowStockBelow: 5 },
    { weight: 100, price: 199, sku: 'MNT-100', stock: 5, lowStockBelow: 5 },
  ],
  rating: { average: 4.8, count: 3 },
};
const caramel = {
  _id: 'caramel',
  price: 549,
  variant: 'Caramel',
  quantity: [
    { weight: 250, price: 549, sku: 'CRM-250', stock: 5, lowStockBelow: 5 },
    { weight: 500, price: 999, sku: 'CRM-500', stock: 5, lowStockBelow: 5 },
  ],
  rating: { average: 4.8, count: 9 },
};
const shelf = [classic, mint, caramel];

const cards = (filters: Partial<typeof noFilters>, sort: CatalogueSort = 'featured') =>
  catalogueCards(shelf, { ...noFilters, ...filters }, sort).map(
    (card) => `${card.product._id} ${card.weight}g ${card.price}`,
  );

describe('price bands', () => {
  it('includes both ends of each band', () => {
    expect(priceInBand(0, '0-300')).toBe(true);
    expect(priceInBand(300, '0-300')).toBe(true);
    expect(priceInBand(301, '0-300')).toBe(false);
    expect(priceInBand(301, '301-500')).toBe(true);
    expect(priceInBand(500, '301-500')).toBe(true);
    expect(priceInBand(501, '301-500')).toBe(false);
    expect(priceInBand(501, '501+')).toBe(true);
    expect(priceInBand(5000, '501+')).toBe(true);
    expect(priceInBand(500, '501+')).toBe(false);
  });
});

describe('filterProducts', () => {
  it('returns everything with no filter chosen', () => {
    expect(ids(filterProducts(products, noFilters))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('matches a weight any variant has', () => {
    expect(ids(filterProducts(products, { ...noFilters, weight: '250' }))).toEqual(['a', 'c', 'e']);
  });

  it('matches the flavour exactly', () => {
    expect(ids(filterProducts(products, { ...noFilters, flavor: 'Peri Peri' }))).toEqual([
      'a',
      'c',
    ]);
  });

  it('requires every chosen filter to match together', () => {
    const filters = { price: '301-500', weight: '250', flavor: 'Peri Peri' };
    expect(ids(filterProducts(products, filters))).toEqual(['c']);
    expect(filterProducts(products, { ...filters, flavor: 'Mint' })).toEqual([]);
  });

  it('lists distinct weights ascending and distinct flavours', () => {
    expect(weightOptions(products)).toEqual([50, 100, 250, 500]);
    expect(flavorOptions(products)).toEqual(['Peri Peri', 'Mint', 'Caramel', 'Plain']);
  });
});

describe('a chosen weight and a price band', () => {
  it("judge the band on the chosen weight's price, not the product's card price", () => {
    // Classic's card price is Rs 99, but its 250 g pack costs Rs 399.
    expect(matchesFilters(classic, { ...noFilters, weight: '250', price: '0-300' })).toBe(false);
    expect(matchesFilters(classic, { ...noFilters, weight: '250', price: '301-500' })).toBe(true);
    expect(cards({ weight: '250', price: '0-300' })).toEqual(['mint 250g 289']);
  });

  it('show the chosen weight and its price on every card', () => {
    expect(cards({ weight: '250' })).toEqual([
      'classic 250g 399',
      'mint 250g 289',
      'caramel 250g 549',
    ]);
    expect(cards({ weight: '500', price: '501+' })).toEqual([
      'classic 500g 749',
      'caramel 500g 999',
    ]);
  });

  it('without a weight, match a band when any weight is in it, showing the cheapest such weight', () => {
    expect(cards({ price: '301-500' })).toEqual(['classic 250g 399']);
    expect(cards({ price: '0-300' })).toEqual(['classic 50g 99', 'mint 50g 109']);
    expect(cards({ price: '501+' })).toEqual(['classic 500g 749', 'caramel 250g 549']);
    expect(matchesFilters(mint, { ...noFilters, price: '501+' })).toBe(false);
  });

  it('with neither, show the first weight and the card price, as everywhere else', () => {
    expect(cards({})).toEqual(['classic 50g 99', 'mint 250g 289', 'caramel 250g 549']);
  });
});

describe('sorting the catalogue', () => {
  it('keeps the catalogue order for featured', () => {
    expect(cards({}, 'featured').map((c) => c.split(' ')[0])).toEqual([
      'classic',
      'mint',
      'caramel',
    ]);
  });

  it('sorts by the price each card shows, both ways', () => {
    expect(cards({ weight: '250' }, 'price-asc')).toEqual([
      'mint 250g 289',
      'classic 250g 399',
      'caramel 250g 549',
    ]);
    expect(cards({ weight: '250' }, 'price-desc')).toEqual([
      'caramel 250g 549',
      'classic 250g 399',
      'mint 250g 289',
    ]);
  });

  it('sorts by the rating average, then by how many reviews it has', () => {
    expect(cards({}, 'rating').map((c) => c.split(' ')[0])).toEqual(['caramel', 'mint', 'classic']);
  });
});

describe('the catalogue address', () => {
  // The apps pass URLSearchParams; only its get() is read.
  const read = (query: Record<string, string>) =>
    readCatalogueQuery({ get: (name) => query[name] ?? null }, shelf);

  it('reads the filters and the sort from the query string', () => {
    expect(read({ weight: '250', price: '0-300', flavor: 'Mint', sort: 'price-desc' })).toEqual({
      filters: { weight: '250', price: '0-300', flavor: 'Mint' },
      sort: 'price-desc',
    });
    expect(read({})).toEqual({ filters: noFilters, sort: 'featured' });
  });

  it('falls back to All and featured for values the catalogue does not offer', () => {
    expect(read({ weight: '999', price: '0-9', flavor: 'Tomato', sort: 'cheapest' })).toEqual({
      filters: noFilters,
      sort: 'featured',
    });
    expect(read({ weight: '250.0', price: '' })).toEqual({
      filters: noFilters,
      sort: 'featured',
    });
  });

  it('writes one canonical query string, leaving out what is the default', () => {
    expect(catalogueSearch({ filters: noFilters, sort: 'featured' })).toBe('');
    expect(
      catalogueSearch({
        filters: { weight: '250', price: '0-300', flavor: 'Peri Peri' },
        sort: 'rating',
      }),
    ).toBe('?weight=250&flavor=Peri%20Peri&price=0-300&sort=rating');
    expect(catalogueSearch(read({ sort: 'rating', price: '501+', junk: '1' }))).toBe(
      '?price=501%2B&sort=rating',
    );
  });
});
