/** India's time: UTC+05:30 all year, with no daylight saving, so a fixed offset reads it exactly. */

export const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `YYYY-MM-DDTHH:mm`: an instant's wall clock in India, as a date and time field holds it. */
export function indiaLocalTime(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}
