import { describe, expect, it } from 'vitest';
import { axisTicks, waitedFor } from './chart-scale';

describe('axisTicks', () => {
  it('rounds the top up to a step of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(axisTicks(1900)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(axisTicks(4000)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(axisTicks(4001)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(axisTicks(9000)).toEqual([0, 2500, 5000, 7500, 10000]);
    expect(axisTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
  });

  it('keeps a scale of rupees when little or nothing sold', () => {
    expect(axisTicks(0)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(99.5)).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('waitedFor', () => {
  const now = new Date('2026-11-15T12:00:00Z');
  it('counts hours within a day, then whole days', () => {
    expect(waitedFor('2026-11-15T11:30:00Z', now)).toBe('under an hour');
    expect(waitedFor('2026-11-15T11:00:00Z', now)).toBe('1 hour');
    expect(waitedFor('2026-11-14T12:30:00Z', now)).toBe('23 hours');
    expect(waitedFor('2026-11-14T12:00:00Z', now)).toBe('1 day');
    expect(waitedFor('2026-11-10T05:00:00Z', now)).toBe('5 days');
  });
});
