/** How many steps the chart's value axis has above zero. */
export const AXIS_STEPS = 4;

/** The smallest axis top: a month with tiny sales (or none) still reads as rupees, not paise. */
const LEAST_TOP = 100;

/**
 * The value axis for bars up to `highest` rupees: zero and `AXIS_STEPS` round steps (1, 2, 2.5 or
 * 5 times a power of ten), the top at or above the highest bar.
 */
export function axisTicks(highest: number): number[] {
  const rough = Math.max(highest, LEAST_TOP) / AXIS_STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return Array.from({ length: AXIS_STEPS + 1 }, (_, i) => i * step);
}

const HOUR_MS = 60 * 60 * 1000;

/** How long an order has waited since `since`, as of `now`: "under an hour", "5 hours", "3 days". */
export function waitedFor(since: string, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / HOUR_MS));
  if (hours < 1) return 'under an hour';
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}
