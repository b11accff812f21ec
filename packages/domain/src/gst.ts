/**
 * GST on a sale, as the tax invoice shows it (CGST rule 46). Prices are GST-inclusive, so the tax
 * is taken out of what was paid, per line, and every line adds up to what it cost to the paisa.
 * The rounding rule, and why, is docs/decisions/036-gst-invoices.md.
 */
import { gstStateCode } from './gstin';
import { stateNamed } from './india-states';

export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

export type TaxType = 'CGST+SGST' | 'IGST';

/** A GST-inclusive amount split into its taxable value and its tax, in paise. */
export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** `numerator / denominator` rounded to the nearest whole, halves up; exact for whole inputs. */
function roundedRatio(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The tax inside `inclusivePaise` at `ratePercent`. Within the seller's state the half is computed
 * first (rounded to the paisa) and both CGST and SGST are that half, so they are always equal;
 * the taxable value is what is left. Across states the IGST is computed and the taxable value is
 * what is left. Either way taxable value plus tax is the inclusive amount exactly.
 */
export function splitInclusive(
  inclusivePaise: number,
  ratePercent: number,
  taxType: TaxType,
): TaxSplit {
  if (!Number.isInteger(inclusivePaise) || inclusivePaise < 0) {
    throw new RangeError(`an amount in whole paise, not ${inclusivePaise}`);
  }
  if (taxType === 'CGST+SGST') {
    const half = roundedRatio(inclusivePaise * ratePercent, 2 * (100 + ratePercent));
    return {
      taxablePaise: inclusivePaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: inclusivePaise,
    };
  }
  const igst = roundedRatio(inclusivePaise * ratePercent, 100 + ratePercent);
  return {
    taxablePaise: inclusivePaise - igst,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
    totalPaise: inclusivePaise,
  };
}

/** CGST and SGST when the goods are delivered in the seller's own state, IGST otherwise. */
export function taxTypeFor(sellerState: string, deliveryState: string): TaxType {
  const seller = stateNamed(sellerState);
  return seller !== null && seller === stateNamed(deliveryState) ? 'CGST+SGST' : 'IGST';
}

/** The place of supply an invoice prints: the delivery state as the list names it, and its code. */
export function placeOfSupply(deliveryState: string): { state: string; code: string } {
  const state = stateNamed(deliveryState);
  return state ? { state, code: gstStateCode(state) } : { state: deliveryState.trim(), code: '' };
}

/** One line of a sale as the invoice reads it: what was sold and what it cost, tax included. */
export interface SaleLine {
  description: string;
  hsnCode: string;
  quantity: number;
  /** the unit's price, GST included */
  unitPricePaise: number;
  gstRate: number;
  /**
   * A discount given at the sale and shown on the invoice, GST included: the line's value is
   * its units' price less this (CGST Act section 15(3)).
   */
  discountPaise?: number;
}

export interface InvoiceLine extends SaleLine, TaxSplit {}

export const SHIPPING_DESCRIPTION = 'Shipping';

/**
 * The principal supply of a sale: the line of the highest value (the first of equals). Shipping
 * charged with goods is part of a composite supply taxed at the principal supply's rate (CGST Act
 * section 8(a)), and the invoice names it under the principal line's HSN code.
 */
export function principalLine<T extends Pick<SaleLine, 'quantity' | 'unitPricePaise'>>(
  lines: T[],
): T | null {
  let best: T | null = null;
  for (const line of lines) {
    if (!best || line.quantity * line.unitPricePaise > best.quantity * best.unitPricePaise) {
      best = line;
    }
  }
  return best;
}

/** The invoice's figures: every line taxed, shipping as its own line, and the totals. */
export interface TaxedSale {
  taxType: TaxType;
  lines: InvoiceLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export function taxSale(lines: SaleLine[], shippingPaise: number, taxType: TaxType): TaxedSale {
  const taxed: InvoiceLine[] = lines.map((line) => ({
    ...line,
    ...splitInclusive(
      line.unitPricePaise * line.quantity - (line.discountPaise ?? 0),
      line.gstRate,
      taxType,
    ),
  }));
  const principal = principalLine(lines);
  if (shippingPaise > 0 && principal) {
    taxed.push({
      description: SHIPPING_DESCRIPTION,
      hsnCode: principal.hsnCode,
      quantity: 1,
      unitPricePaise: shippingPaise,
      gstRate: principal.gstRate,
      ...splitInclusive(shippingPaise, principal.gstRate, taxType),
    });
  }
  const sum = (pick: (line: InvoiceLine) => number) =>
    taxed.reduce((total, line) => total + pick(line), 0);
  return {
    taxType,
    lines: taxed,
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99: "Seven", "Thirty-Seven". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

/** 1 to 999: "Five Hundred Thirty-Seven". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** What a credit note gives back of one line of its invoice. */
export interface CreditedLine {
  /** the invoice line's place (shipping is its last line) */
  line: number;
  /** units given back; 0 for an amount off the price */
  quantity: number;
  amountPaise: number;
}

export const PRICE_REDUCTION = 'Price reduction';

/**
 * A credit note's figures (CGST Act section 34): each line given back at its invoice line's HSN
 * code and rate, its tax reversed from the amount given back as the invoice computed it from the
 * amount charged, so a refund of whole lines reverses their invoice lines exactly. An amount off
 * the price (no units) is a price reduction of that line.
 */
export function creditSale(
  invoiceLines: readonly InvoiceLine[],
  credited: readonly CreditedLine[],
  taxType: TaxType,
): TaxedSale {
  const lines: InvoiceLine[] = credited.map(({ line, quantity, amountPaise }) => {
    const source = invoiceLines[line];
    if (!source) throw new RangeError(`the invoice has no line ${line}`);
    return {
      description:
        quantity === 0 ? `${PRICE_REDUCTION}: ${source.description}` : source.description,
      hsnCode: source.hsnCode,
      quantity,
      unitPricePaise: quantity === 0 ? amountPaise : Math.round(amountPaise / quantity),
      gstRate: source.gstRate,
      ...splitInclusive(amountPaise, source.gstRate, taxType),
    };
  });
  const sum = (pick: (line: InvoiceLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxType,
    lines,
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

/** A whole number in words, by India's grouping: crore, lakh, thousand, hundred. */
export function indianNumberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`a whole number, not ${n}`);
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crores ? `${indianNumberInWords(crores)} Crore` : '',
    lakhs ? `${belowHundred(lakhs)} Lakh` : '',
    thousands ? `${belowHundred(thousands)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees Five Hundred Thirty-Seven Only", "Rupees Ninety-Nine and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest ? ` and ${belowHundred(rest)} Paise` : '';
  return `Rupees ${indianNumberInWords(rupees)}${paiseWords} Only`;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The financial year (1 April to 31 March, India's time) a moment falls in, e.g. `2026-27`. */
export function financialYearOf(moment: Date): string {
  const india = new Date(moment.getTime() + IST_OFFSET_MS);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** The longest document number CGST rule 46 allows. */
export const DOCUMENT_NUMBER_MAX = 16;

/**
 * A tax document's number: the prefix, the financial year's short form and the serial, e.g.
 * `MM/2627/000123`. The serial has six digits where they fit within 16 characters (fewer after a
 * long prefix) and grows past them rather than repeat; a number that cannot fit is an error.
 */
export function documentNumber(prefix: string, financialYear: string, serial: number): string {
  const [start, end] = financialYear.split('-');
  const base = `${prefix ? `${prefix}/` : ''}${start?.slice(2)}${end}/`;
  const width = Math.max(1, Math.min(6, DOCUMENT_NUMBER_MAX - base.length));
  const number = `${base}${String(serial).padStart(width, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX) {
    throw new RangeError(`${number} is longer than ${DOCUMENT_NUMBER_MAX} characters`);
  }
  return number;
}

/** The file name a document downloads as: `invoice-MM-2627-000123.pdf`. */
export const documentFileName = (kind: 'invoice' | 'credit-note', number: string) =>
  `${kind}-${number.replace(/\//g, '-')}.pdf`;

/** `YYYY-MM`, a month of the calendar. */
export const MONTH = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

/** The instants a month covers in India's time: from 00:00 IST of its first day to the next's. */
export function monthInstants(month: string): { start: Date; end: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, number - 1, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(year, number, 1) - IST_OFFSET_MS),
  };
}
