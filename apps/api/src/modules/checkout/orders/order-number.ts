import { randomInt } from 'node:crypto';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * A readable order number: `MM-` + the date in India (YYMMDD) + random digits, e.g.
 * `MM-261121-4821`. Uniqueness is the database's; the caller retries on a collision and asks for
 * more digits after a few.
 */
export function orderNumber(now: Date = new Date(), digits = 4): string {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const date = [ist.getUTCFullYear() % 100, ist.getUTCMonth() + 1, ist.getUTCDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
  const random = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  return `MM-${date}-${random}`;
}
