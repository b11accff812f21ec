import { describe, expect, it } from 'vitest';
import {
  creditSale,
  documentFileName,
  documentNumber,
  financialYearOf,
  indianNumberInWords,
  placeOfSupply,
  rupeesInWords,
  splitInclusive,
  taxSale,
  taxTypeFor,
} from './gst';

describe('the tax inside a GST-inclusive price', () => {
  it('splits ₹149 at 5% within Bihar into equal halves', () => {
    // 14900 × 5 / 210 = 354.76 → 355 paise each; taxable 14900 − 2 × 355 = 14190.
    expect(splitInclusive(14_900, 5, 'CGST+SGST')).toEqual({
      taxablePaise: 14_190,
      cgstPaise: 355,
      sgstPaise: 355,
      igstPaise: 0,
      totalPaise: 14_900,
    });
  });

  it('takes IGST out of ₹149 at 5% delivered to Delhi', () => {
    // 14900 × 5 / 105 = 709.52 → 710 paise; taxable 14190.
    expect(splitInclusive(14_900, 5, 'IGST')).toEqual({
      taxablePaise: 14_190,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 710,
      totalPaise: 14_900,
    });
  });

  it('rounds each half, not the whole tax, so CGST always equals SGST', () => {
    // ₹99.99 at 18%: 9999 × 18 / 236 = 762.63 → 763 each; the whole, 1525.25, would round to
    // 1525, which no two equal halves make.
    expect(splitInclusive(9_999, 18, 'CGST+SGST')).toMatchObject({
      taxablePaise: 8_473,
      cgstPaise: 763,
      sgstPaise: 763,
    });
    expect(splitInclusive(9_999, 18, 'IGST')).toMatchObject({
      taxablePaise: 8_474,
      igstPaise: 1_525,
    });
  });

  it('takes nothing at 0% and refuses a fraction of a paisa', () => {
    expect(splitInclusive(5_000, 0, 'CGST+SGST')).toMatchObject({
      taxablePaise: 5_000,
      cgstPaise: 0,
    });
    expect(() => splitInclusive(10.5, 5, 'IGST')).toThrow(RangeError);
  });

  it('adds up on random amounts at every rate, and stays within a paisa of the exact tax', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    // Checked without an assertion per amount, so 80,000 splits take milliseconds; any amount
    // that breaks a rule is kept and shown.
    const broken: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const inclusive = Math.floor(random() * 5_000_000);
      for (const rate of [0, 5, 18, 40]) {
        const exact = (inclusive * rate) / (100 + rate);
        const intra = splitInclusive(inclusive, rate, 'CGST+SGST');
        const inter = splitInclusive(inclusive, rate, 'IGST');
        if (
          intra.taxablePaise + intra.cgstPaise + intra.sgstPaise !== inclusive ||
          intra.cgstPaise !== intra.sgstPaise ||
          Math.abs(intra.cgstPaise + intra.sgstPaise - exact) > 1 ||
          inter.taxablePaise + inter.igstPaise !== inclusive ||
          Math.abs(inter.igstPaise - exact) > 0.5
        ) {
          broken.push(`${inclusive} at ${rate}%`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('a sale taxed line by line', () => {
  const pouch = {
    description: 'Roasted Makhana 100 g',
    hsnCode: '2008',
    quantity: 2,
    unitPricePaise: 14_900,
    gstRate: 5,
  };
  const tin = {
    description: 'Makhana Tin 500 g',
    hsnCode: '08019',
    quantity: 1,
    unitPricePaise: 39_900,
    gstRate: 5,
  };

  it('taxes shipping as its own line under the principal line, and adds up to what was paid', () => {
    // 2 × ₹149 = ₹298 and ₹399: the tin is the principal supply; shipping ₹49 takes its HSN.
    const sale = taxSale([pouch, tin], 4_900, 'CGST+SGST');
    expect(sale.lines.map((line) => [line.description, line.hsnCode, line.totalPaise])).toEqual([
      ['Roasted Makhana 100 g', '2008', 29_800],
      ['Makhana Tin 500 g', '08019', 39_900],
      ['Shipping', '08019', 4_900],
    ]);
    // 29800: half 709.52 → 710, taxable 28380. 39900: half 950 → taxable 38000.
    // 4900: half 116.67 → 117, taxable 4666.
    expect(sale).toMatchObject({
      taxablePaise: 28_380 + 38_000 + 4_666,
      cgstPaise: 710 + 950 + 117,
      sgstPaise: 710 + 950 + 117,
      igstPaise: 0,
      totalPaise: 29_800 + 39_900 + 4_900,
    });
  });

  it('taxes shipping at the rate of the line of the highest value when rates differ', () => {
    const gift = {
      description: 'Gift box',
      hsnCode: '4819',
      quantity: 1,
      unitPricePaise: 50_000,
      gstRate: 18,
    };
    const sale = taxSale([{ ...pouch, quantity: 1 }, gift], 5_000, 'IGST');
    const shipping = sale.lines.at(-1);
    expect(shipping).toMatchObject({ description: 'Shipping', hsnCode: '4819', gstRate: 18 });
    // 5000 × 18 / 118 = 762.71 → 763.
    expect(shipping).toMatchObject({ igstPaise: 763, taxablePaise: 4_237 });
    expect(sale.totalPaise).toBe(14_900 + 50_000 + 5_000);
  });

  it('has no shipping line when shipping was free', () => {
    expect(taxSale([tin, { ...tin, description: 'Another' }], 0, 'IGST').lines).toHaveLength(2);
  });
});

describe('a credit note of some lines', () => {
  const sale = taxSale(
    [
      {
        description: 'Pouch 100 g',
        hsnCode: '2008',
        quantity: 3,
        unitPricePaise: 14_900,
        gstRate: 5,
      },
      {
        description: 'Tin 500 g',
        hsnCode: '08019',
        quantity: 1,
        unitPricePaise: 39_900,
        gstRate: 18,
      },
    ],
    4_900,
    'IGST',
  );

  it('reverses whole lines exactly as the invoice charged them', () => {
    const all = sale.lines.map((line, index) => ({
      line: index,
      quantity: line.quantity,
      amountPaise: line.totalPaise,
    }));
    expect(creditSale(sale.lines, all, 'IGST')).toEqual(sale);
  });

  it('gives back chosen units at the line rate, and an amount off as a price reduction', () => {
    const note = creditSale(
      sale.lines,
      [
        { line: 0, quantity: 1, amountPaise: 14_900 },
        { line: 1, quantity: 0, amountPaise: 5_000 },
      ],
      'IGST',
    );
    expect(note.totalPaise).toBe(19_900);
    expect(note.lines.map((line) => [line.description, line.quantity, line.gstRate])).toEqual([
      ['Pouch 100 g', 1, 5],
      ['Price reduction: Tin 500 g', 0, 18],
    ]);
    // ₹50 at 18 % inclusive: 5,000 × 18 / 118 = 762.7 paise of IGST
    expect(note.lines[1]?.igstPaise).toBe(763);
    expect(note.taxablePaise + note.igstPaise).toBe(19_900);
    expect(() =>
      creditSale(sale.lines, [{ line: 9, quantity: 1, amountPaise: 1 }], 'IGST'),
    ).toThrow(RangeError);
  });
});

describe('where the supply is and which tax it bears', () => {
  it('is CGST+SGST from Bihar to Bihar, in any spelling, and IGST to Delhi', () => {
    expect(taxTypeFor('Bihar', ' bihar ')).toBe('CGST+SGST');
    expect(taxTypeFor('Bihar', 'Delhi')).toBe('IGST');
    expect(taxTypeFor('Jammu & Kashmir', 'Jammu and Kashmir')).toBe('CGST+SGST');
    expect(placeOfSupply('delhi')).toEqual({ state: 'Delhi', code: '07' });
    expect(placeOfSupply('Bihar')).toEqual({ state: 'Bihar', code: '10' });
  });
});

describe('the amount in words', () => {
  it('reads rupees by India’s grouping, with paise when there are any', () => {
    expect(rupeesInWords(53_700)).toBe('Rupees Five Hundred Thirty-Seven Only');
    expect(rupeesInWords(53_750)).toBe('Rupees Five Hundred Thirty-Seven and Fifty Paise Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(indianNumberInWords(100_000)).toBe('One Lakh');
    expect(indianNumberInWords(1_05_011)).toBe('One Lakh Five Thousand Eleven');
    expect(indianNumberInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    );
    expect(indianNumberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(indianNumberInWords(20)).toBe('Twenty');
  });
});

describe('the financial year and the document number', () => {
  it('turns at midnight of 1 April in India, not in UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-01-15T00:00:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers within 16 characters, six serial digits where they fit', () => {
    expect(documentNumber('MM', '2026-27', 123)).toBe('MM/2627/000123');
    expect(documentNumber('MMC', '2026-27', 7)).toBe('MMC/2627/000007');
    expect(documentNumber('ABCD', '2026-27', 1)).toBe('ABCD/2627/000001');
    // A four-character prefix with the credit note's C leaves room for five digits.
    expect(documentNumber('ABCDC', '2026-27', 7)).toBe('ABCDC/2627/00007');
    expect(documentNumber('MM', '2026-27', 12_345_678)).toBe('MM/2627/12345678');
    expect(documentNumber('', '2026-27', 5)).toBe('2627/000005');
    expect(() => documentNumber('ABCDEF', '2026-27', 123_456)).toThrow(RangeError);
    expect(documentFileName('invoice', 'MM/2627/000123')).toBe('invoice-MM-2627-000123.pdf');
  });
});
