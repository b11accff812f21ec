import { describe, expect, it } from 'vitest';
import { cleanPincode, isValidPincode } from './pincode';

describe('pincode helpers shared by the product page and checkout', () => {
  it('keeps at most six digits', () => {
    expect(cleanPincode('84a6-0 04')).toBe('846004');
    expect(cleanPincode('84600412')).toBe('846004');
    expect(isValidPincode('846004')).toBe(true);
    expect(isValidPincode('84600')).toBe(false);
  });
});
