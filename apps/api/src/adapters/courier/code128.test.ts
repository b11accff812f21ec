import { describe, expect, it } from 'vitest';
import { encodeCode128 } from './code128';

const START_B = [2, 1, 1, 2, 1, 4];
const STOP = [2, 3, 3, 1, 1, 1, 2];

const modules = (widths: number[]) => widths.reduce((sum, width) => sum + width, 0);

describe('Code 128', () => {
  it('encodes text in set B with its modulo-103 check', () => {
    // Wikipedia's worked example sums 878 after Start A (103) for a check of 54; Start B is
    // 104, one more, so the same data checks to 55.
    const { values, widths } = encodeCode128('PJJ123C');
    expect(values).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    expect(widths.slice(0, 6)).toEqual(START_B);
    expect(widths.slice(-7)).toEqual(STOP);
    expect(encodeCode128('abcdef').values.at(-2)).toBe(97);
  });

  it('encodes an all-digit text of even length in set C, two digits a symbol', () => {
    expect(encodeCode128('345678').values).toEqual([105, 34, 56, 78, 73, 106]);
    expect(encodeCode128('17649280000042').values).toEqual([105, 17, 64, 92, 80, 0, 0, 42, 7, 106]);
    expect(encodeCode128('42').values).toEqual([105, 42, 44, 106]);
  });

  it('changes code set for runs of digits and back for the rest', () => {
    // 13 digits: six pairs in set C, the last digit in set B.
    expect(encodeCode128('1234567890123').values).toEqual([
      105, 12, 34, 56, 78, 90, 12, 100, 19, 82, 106,
    ]);
    expect(encodeCode128('12345').values).toEqual([105, 12, 34, 100, 21, 54, 106]);
    expect(encodeCode128('MM-261128-0042').values).toEqual([
      104, 45, 45, 13, 99, 26, 11, 28, 100, 13, 99, 0, 42, 78, 106,
    ]);
    // An odd run within the text keeps its first digit in set B.
    expect(encodeCode128('A12345').values).toEqual([104, 33, 17, 99, 23, 45, 64, 106]);
    // Three digits are cheaper left in set B.
    expect(encodeCode128('123').values.slice(0, 4)).toEqual([104, 17, 18, 19]);
  });

  it('has 11 modules a symbol and 13 for the stop', () => {
    for (const text of ['PJJ123C', '17649280000042', 'MM-261128-0042', ' ~', 'x'.repeat(48)]) {
      const { values, widths } = encodeCode128(text);
      expect(modules(widths)).toBe(11 * (values.length - 1) + 13);
      expect(widths).toHaveLength(6 * (values.length - 1) + 7);
    }
  });

  it('draws every symbol with bars of an even and spaces of an odd number of modules', () => {
    // Code 128's own parity, which a wrong width in the table breaks. Every printable character
    // and every pair of digits: each symbol value this encoder can emit.
    const printable = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
    const pairs = Array.from({ length: 100 }, (_, index) => String(index).padStart(2, '0'));
    const texts = [printable.join('').match(/.{1,48}/g)!, pairs.join('').match(/.{1,48}/g)!];
    for (const text of texts.flat()) {
      const { values, widths } = encodeCode128(text);
      for (let symbol = 0; symbol < values.length - 1; symbol++) {
        const own = widths.slice(symbol * 6, symbol * 6 + 6);
        expect(modules(own)).toBe(11);
        expect((own[0]! + own[2]! + own[4]!) % 2).toBe(0);
      }
    }
  });

  it('refuses a text it cannot encode', () => {
    expect(() => encodeCode128('')).toThrow(RangeError);
    expect(() => encodeCode128('Darbhaṅgā')).toThrow('cannot encode "ṅ" at position 6');
    expect(() => encodeCode128('line\nbreak')).toThrow('cannot encode "\\n" at position 4');
    expect(() => encodeCode128('x'.repeat(49))).toThrow(/49 characters; at most 48/);
    // The length is checked first: a long text is not read character by character.
    expect(() => encodeCode128('\n'.repeat(100_000))).toThrow(/at most 48/);
  });
});
