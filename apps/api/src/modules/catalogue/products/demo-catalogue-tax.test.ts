import { GST_RATES, splitInclusive, taxSale } from '@makhana/domain/gst';
import { rupeesToPaise } from '@makhana/domain/money';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from './demo-catalogue';

/** Every pack the demo shop sells, at every rate a product may carry, as an invoice line. */
const packs = DEMO_PRODUCTS.flatMap((product) =>
  product.weights.map((pack) => ({
    description: `${product.name} ${pack.weight} g`,
    hsnCode: product.hsnCode,
    pricePaise: rupeesToPaise(pack.price),
  })),
);

describe("the invoice's rounding on the demo catalogue's prices", () => {
  it('adds every line up to what it cost, halves equal, for 1 to 10 packs at every rate', () => {
    expect(packs.length).toBeGreaterThan(10);
    for (const pack of packs) {
      for (const rate of GST_RATES) {
        for (let quantity = 1; quantity <= 10; quantity++) {
          const inclusive = pack.pricePaise * quantity;
          const within = splitInclusive(inclusive, rate, 'CGST+SGST');
          expect(within.cgstPaise).toBe(within.sgstPaise);
          expect(within.taxablePaise + within.cgstPaise + within.sgstPaise).toBe(inclusive);
          const across = splitInclusive(inclusive, rate, 'IGST');
          expect(across.taxablePaise + across.igstPaise).toBe(inclusive);
        }
      }
    }
  });

  it('totals a whole cart of one of each pack with shipping to what it cost', () => {
    const lines = packs.map((pack) => ({
      description: pack.description,
      hsnCode: pack.hsnCode,
      quantity: 1,
      unitPricePaise: pack.pricePaise,
      gstRate: 5,
    }));
    const paid = packs.reduce((sum, pack) => sum + pack.pricePaise, 0) + 5_000;
    for (const taxType of ['CGST+SGST', 'IGST'] as const) {
      const sale = taxSale(lines, 5_000, taxType);
      expect(sale.totalPaise).toBe(paid);
      expect(sale.taxablePaise + sale.cgstPaise + sale.sgstPaise + sale.igstPaise).toBe(paid);
    }
  });
});
