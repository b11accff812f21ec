import { describe, expect, it } from 'vitest';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinIsOfState,
  gstinProblem,
  gstStateCode,
} from './gstin';
import { INDIA_STATES } from './india-states';

describe('gstinProblem', () => {
  it('accepts GSTINs whose check character is right', () => {
    // Published examples of real registrations: Maharashtra, Tamil Nadu.
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('33AAACH7409R1Z8')).toBeNull();
    expect(gstinCheckCharacter('10AABCU9603R1Z')).toBe('2');
    expect(gstinProblem('10AABCU9603R1Z2')).toBeNull();
  });

  it('names what is wrong: the length, the shape, or the check character', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('length');
    expect(gstinProblem('27AAPFU0939F1ZVX')).toBe('length');
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('shape');
    expect(gstinProblem('2XAAPFU0939F1ZV')).toBe('shape');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('shape');
    // One character changed, or two swapped: the check character no longer fits.
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
    expect(gstinProblem('27AAPFU0938F1ZV')).toBe('check');
    expect(gstinProblem('72AAPFU0939F1ZV')).toBe('check');
  });
});

describe('the GST state codes', () => {
  it('give every state and union territory a code, each code to one place', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual(INDIA_STATES.map((s) => s.name).sort());
    const codes = Object.values(GST_STATE_CODES).flat();
    expect(new Set(codes).size).toBe(codes.length);
    expect(gstStateCode('Bihar')).toBe('10');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
  });

  it('match a GSTIN to the state it was registered in', () => {
    expect(gstinIsOfState('10AABCU9603R1Z2', 'Bihar')).toBe(true);
    expect(gstinIsOfState('27AAPFU0939F1ZV', 'Bihar')).toBe(false);
    expect(gstinIsOfState('28AAAAA0000A1Z5', 'Andhra Pradesh')).toBe(true);
  });
});
