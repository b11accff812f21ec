import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatRupees, paiseToRupees, rupeesToPaise } from './money';
import { isLowStock, isProductAvailable, lowestStock, roundRating } from './product';

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

  it('formats exactly as the en-IN currency format does, without loading it', () => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 2,
      minimumFractionDigits: 0,
    });
    const samples = [
      0,
      1,
      9,
      99,
      99.5,
      99.05,
      100,
      999,
      1000,
      1250,
      12345,
      99999.99,
      100000,
      1234567.89,
      10000000,
      123456789012,
      -1250,
      -0.4,
      0.001,
      449.1,
      0.1 + 0.2,
    ];
    for (const rupees of samples)
      expect(formatRupees(rupees), String(rupees)).toBe(intl.format(rupees));
  });

  it('groups whole numbers the Indian way', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const n of [0, 7, 999, 1000, 25000, 100000, 1234567, 98765432, -4321]) {
      expect(formatIndianNumber(n), String(n)).toBe(intl.format(n));
    }
  });
});

describe('product availability', () => {
  const variant = {
    weight: 100,
    price: 199,
    sku: 'X',
    stock: 0,
    lowStockBelow: 5,
    shippingWeight: 140,
    unitSalePrice: { amount: 1.99, per: 'g' as const },
  };
  it('needs the owner switch on and some free stock', () => {
    expect(
      isProductAvailable({
        inStock: true,
        quantity: [variant, { ...variant, stock: 3, lowStockBelow: 5 }],
      }),
    ).toBe(true);
    expect(isProductAvailable({ inStock: true, quantity: [variant] })).toBe(false);
    expect(
      isProductAvailable({
        inStock: false,
        quantity: [{ ...variant, stock: 3, lowStockBelow: 5 }],
      }),
    ).toBe(false);
    expect(isProductAvailable({ inStock: true, quantity: [] })).toBe(false);
  });

  it('reports the lowest stock across variants, or 0', () => {
    expect(
      lowestStock({
        quantity: [
          { ...variant, stock: 7, lowStockBelow: 5 },
          { ...variant, stock: 2, lowStockBelow: 5 },
        ],
      }),
    ).toBe(2);
    expect(lowestStock({ quantity: [] })).toBe(0);
  });

  it("marks a weight low when its free stock is below the owner's mark", () => {
    expect(isLowStock({ stock: 4, lowStockBelow: 5 })).toBe(true);
    expect(isLowStock({ stock: 5, lowStockBelow: 5 })).toBe(false);
    expect(isLowStock({ stock: 0, lowStockBelow: 0 })).toBe(false);
  });

  it('rounds the average rating to one decimal', () => {
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(0)).toBe(0);
  });
});
