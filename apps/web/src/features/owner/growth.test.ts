import { describe, expect, it } from 'vitest';
import { formatGrowth } from './growth';

describe('formatGrowth', () => {
  it('signs the percentage to one decimal, and has none without last month', () => {
    expect(formatGrowth(50)).toBe('+50%');
    expect(formatGrowth(-50)).toBe('−50%');
    expect(formatGrowth(100 / 3)).toBe('+33.3%');
    expect(formatGrowth(0)).toBe('0%');
    expect(formatGrowth(null)).toBe('—');
  });
});
