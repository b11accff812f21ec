import type { Order } from '@makhana/domain/orders';
import { describe, expect, it } from 'vitest';
import { paidOrder, pendingOrder } from '../../test/customer-fixtures';
import { formatGrowth, monthlyGrowth } from './growth';

const paid = (totalAmount: number, paidAt: string): Order => ({
  ...paidOrder,
  totalAmount,
  paidAt,
  createdAt: paidAt,
});

describe('monthlyGrowth: paid revenue this calendar month against last month', () => {
  const now = new Date('2025-06-20T12:00:00.000Z');

  it('compares the two months in percent, counting only paid orders', () => {
    const orders = [
      paid(1200, '2025-06-02T10:00:00.000Z'),
      paid(300, '2025-06-15T10:00:00.000Z'),
      paid(1000, '2025-05-31T10:00:00.000Z'),
      paid(900, '2025-04-10T10:00:00.000Z'),
      { ...pendingOrder, totalAmount: 5000, createdAt: '2025-06-03T10:00:00.000Z' },
      { ...paid(700, '2025-05-03T10:00:00.000Z'), paymentStatus: 'refunded' as const },
    ];
    expect(monthlyGrowth(orders, now)).toEqual({ thisMonth: 1500, lastMonth: 1000, percent: 50 });
    expect(formatGrowth(50)).toBe('+50%');
  });

  it("counts months in India's time zone", () => {
    // 31 May 20:00 UTC is already 1 June in India.
    const orders = [paid(400, '2025-05-31T20:00:00.000Z'), paid(800, '2025-05-10T10:00:00.000Z')];
    expect(monthlyGrowth(orders, now)).toMatchObject({ thisMonth: 400, lastMonth: 800 });
    expect(formatGrowth(monthlyGrowth(orders, now).percent)).toBe('−50%');
  });

  it("has no percentage without last month's revenue, and crosses the year", () => {
    expect(monthlyGrowth([paid(500, '2025-06-01T10:00:00.000Z')], now).percent).toBeNull();
    expect(formatGrowth(null)).toBe('—');
    const january = new Date('2026-01-15T10:00:00.000Z');
    expect(
      monthlyGrowth(
        [paid(300, '2026-01-05T10:00:00.000Z'), paid(200, '2025-12-20T10:00:00.000Z')],
        january,
      ),
    ).toEqual({ thisMonth: 300, lastMonth: 200, percent: 50 });
    expect(formatGrowth(100 / 3)).toBe('+33.3%');
    expect(formatGrowth(0)).toBe('0%');
  });
});
