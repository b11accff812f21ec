import type { Order } from '@makhana/domain/orders';

// Months are counted in India's time zone, as the shop's order numbers and dates are.
const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
});

/** "2025-05" for a date, in India's time zone. */
function monthOf(date: Date): string {
  return monthFormat.format(date).slice(0, 7);
}

function previousMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

export interface Growth {
  thisMonth: number;
  lastMonth: number;
  /** this month's paid revenue against last month's, in percent; null when last month had none */
  percent: number | null;
}

/** Paid revenue (rupees) of this calendar month against last month's, from the orders loaded. */
export function monthlyGrowth(orders: Order[], now: Date = new Date()): Growth {
  const current = monthOf(now);
  const last = previousMonth(current);
  let thisMonth = 0;
  let lastMonth = 0;
  for (const order of orders) {
    if (order.paymentStatus !== 'completed') continue;
    const when = new Date(order.paidAt ?? order.createdAt);
    if (Number.isNaN(when.getTime())) continue;
    const month = monthOf(when);
    if (month === current) thisMonth += order.totalAmount;
    else if (month === last) lastMonth += order.totalAmount;
  }
  const percent = lastMonth > 0 ? ((thisMonth - lastMonth) / lastMonth) * 100 : null;
  return { thisMonth, lastMonth, percent };
}

/** "+12.5%", "−8%", "0%"; "—" without last month's revenue to compare with. */
export function formatGrowth(percent: number | null): string {
  if (percent === null) return '—';
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toLocaleString('en-IN')}%`;
}
