import { describe, expect, it } from 'vitest';
import { formatNetQuantity, pricePer100g, unitSalePrice } from './unit-price';

describe('unitSalePrice', () => {
  it('is per gram below a kilogram, per kilogram from one, to the paisa', () => {
    expect(unitSalePrice(99, 50)).toEqual({ amount: 1.98, per: 'g' });
    expect(unitSalePrice(199, 100)).toEqual({ amount: 1.99, per: 'g' });
    expect(unitSalePrice(449, 250)).toEqual({ amount: 1.8, per: 'g' });
    expect(unitSalePrice(1499, 1000)).toEqual({ amount: 1499, per: 'kg' });
    expect(unitSalePrice(2799, 2000)).toEqual({ amount: 1399.5, per: 'kg' });
  });

  it('compares every pack per 100 g', () => {
    expect(pricePer100g(99, 50)).toBe(198);
    expect(pricePer100g(449, 250)).toBe(179.6);
    expect(pricePer100g(2799, 2000)).toBe(139.95);
  });

  it('prints the net quantity in grams, or kilograms from one', () => {
    expect(formatNetQuantity(50)).toBe('50 g');
    expect(formatNetQuantity(1000)).toBe('1 kg');
    expect(formatNetQuantity(1500)).toBe('1.5 kg');
  });
});
