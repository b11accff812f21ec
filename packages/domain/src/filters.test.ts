import { describe, expect, it } from 'vitest';
import { filterProducts, flavorOptions, noFilters, priceInBand, weightOptions } from './filters';

const products = [
  { _id: 'a', price: 149, variant: 'Peri Peri', quantity: [{ weight: 100 }, { weight: 250 }] },
  { _id: 'b', price: 300, variant: 'Mint', quantity: [{ weight: 50 }, { weight: 100 }] },
  { _id: 'c', price: 301, variant: 'Peri Peri', quantity: [{ weight: 250 }] },
  { _id: 'd', price: 500, variant: 'Caramel', quantity: [{ weight: 500 }] },
  { _id: 'e', price: 501, variant: 'Plain', quantity: [{ weight: 500 }, { weight: 250 }] },
].map((p) => ({
  ...p,
  quantity: p.quantity.map((q) => ({ ...q, price: 1, sku: '', stock: 1, lowStockBelow: 5 })),
}));

const ids = (list: { _id: string }[]) => list.map((p) => p._id);

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
