/** Days and months as the shop counts them: in India's time, which is UTC+05:30 all year. */
import { INDIA_OFFSET_MS } from '@makhana/domain/india-time';

const DAY_MS = 24 * 60 * 60_000;

/** The zone name the database groups by; it must agree with the offset above. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** `YYYY-MM-DD` of the day in India that `instant` falls on. */
export function indiaDay(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a calendar month begins in India; `monthsAhead` counts from `instant`'s month. */
export function indiaMonthStart(instant: Date, monthsAhead = 0): Date {
  const local = new Date(instant.getTime() + INDIA_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + monthsAhead, 1);
  return new Date(start - INDIA_OFFSET_MS);
}

/** The instant the day in India that `instant` falls on begins, moved by `daysAhead` days. */
export function indiaDayStart(instant: Date, daysAhead = 0): Date {
  const local = instant.getTime() + INDIA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) + daysAhead * DAY_MS - INDIA_OFFSET_MS);
}

/** The last `count` days in India up to and including `instant`'s day, oldest first. */
export function lastIndiaDays(instant: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => indiaDay(indiaDayStart(instant, i - count + 1)));
}
