import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money';
import { isProductAvailable, lowestStock, roundRating } from './product';

describe('money', () => {
  it('converts rupees and paise without float drift', () => {
    expect(rupeesToPaise(199)).toBe(19900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(44900)).toBe(449);
  });

  it('formats in Indian digit grouping with the rupee sign', () => {
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(199)).toBe('₹199');
  });
});

describe('product availability', () => {
  const variant = { weight: 100, price: 199, sku: 'X', stock: 0 };
  it('needs the owner switch on and some free stock', () => {
    expect(
      isProductAvailable({ inStock: true, quantity: [variant, { ...variant, stock: 3 }] }),
    ).toBe(true);
    expect(isProductAvailable({ inStock: true, quantity: [variant] })).toBe(false);
    expect(isProductAvailable({ inStock: false, quantity: [{ ...variant, stock: 3 }] })).toBe(
      false,
    );
    expect(isProductAvailable({ inStock: true, quantity: [] })).toBe(false);
  });

  it('reports the lowest stock across variants, or 0', () => {
    expect(
      lowestStock({
        quantity: [
          { ...variant, stock: 7 },
          { ...variant, stock: 2 },
        ],
      }),
    ).toBe(2);
    expect(lowestStock({ quantity: [] })).toBe(0);
  });

  it('rounds the average rating to one decimal', () => {
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(0)).toBe(0);
  });
});
