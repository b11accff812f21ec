/**
 * Code 128 (ISO/IEC 15417), the barcode couriers scan on a label, in code sets B (printable ASCII)
 * and C (pairs of digits). Set A adds only control characters, which a waybill or an order
 * number never holds.
 */

/** Longer texts make bars too thin to scan at a 4-inch label's width. */
const MAX_LENGTH = 48;

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/**
 * Each symbol's bar and space widths in modules, bar first, indexed by its value. The stop (106)
 * carries its two-module termination bar: 13 modules where every other symbol has 11.
 */
const PATTERNS = `
  212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212
  112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131
  311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321
  112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121
  313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111
  314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114
  122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212
  124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113
  114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112
`
  .trim()
  .split(/\s+/)
  .map((pattern) => [...pattern].map(Number));

export interface Code128 {
  /** the symbols' values: start, data (with any change of code set), check, stop */
  values: number[];
  /** the module widths to draw, bar first, then alternating space and bar */
  widths: number[];
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** How many digits follow one another from `from`. */
function digitsFrom(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end - from;
}

/**
 * The symbols of a text, changing to set C for runs of digits by the rules of ISO/IEC 15417's
 * annex E (A left out): a 14-digit waybill is 7 symbols instead of 14, so its bars can be wider.
 */
function dataValues(text: string): { start: number; data: number[] } {
  const lead = digitsFrom(text, 0);
  let inC = lead >= 4 || (lead === 2 && text.length === 2);
  const start = inC ? START_C : START_B;
  const data: number[] = [];
  let at = 0;
  while (at < text.length) {
    if (inC) {
      if (digitsFrom(text, at) >= 2) {
        data.push(Number(text.slice(at, at + 2)));
        at += 2;
      } else {
        data.push(CODE_B);
        inC = false;
      }
      continue;
    }
    const run = digitsFrom(text, at);
    if (run >= 4) {
      // An odd run leaves its first digit in set B, so the pairs come out even.
      if (run % 2 === 1) data.push(text.charCodeAt(at++) - 32);
      data.push(CODE_C);
      inC = true;
      continue;
    }
    data.push(text.charCodeAt(at++) - 32);
  }
  return { start, data };
}

/** A text as Code 128 symbols and the bar and space widths that draw them. */
export function encodeCode128(text: string): Code128 {
  if (text.length > MAX_LENGTH) {
    throw new RangeError(`Code 128 text is ${text.length} characters; at most ${MAX_LENGTH}`);
  }
  if (text.length === 0) throw new RangeError('Code 128 needs a text to encode');
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 32 || code > 126) {
      throw new RangeError(`Code 128 cannot encode ${JSON.stringify(text[at])} at position ${at}`);
    }
  }
  const { start, data } = dataValues(text);
  const check = data.reduce((sum, value, index) => sum + value * (index + 1), start) % 103;
  const values = [start, ...data, check, STOP];
  return { values, widths: values.flatMap((value) => PATTERNS[value]!) };
}
