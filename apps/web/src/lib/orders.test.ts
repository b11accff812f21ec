import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './orders';

describe('formatOrderDate', () => {
  it("uses India's calendar day, as the order number does", () => {
    // 20:00 UTC on 10 May is 01:30 on 11 May in India.
    expect(formatOrderDate('2025-05-10T20:00:00.000Z')).toBe('11 May 2025');
    expect(formatOrderDate('2025-05-10T09:30:00.000Z')).toBe('10 May 2025');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatOrderDate('not a date')).toBe('');
  });
});
