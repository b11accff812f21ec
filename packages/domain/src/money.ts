/** Money is integer paise inside the system and rupees at its edges. */

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * A whole number in the Indian digit grouping: the last three digits, then pairs ("12,34,567").
 * Written out rather than asked of `Intl.NumberFormat('en-IN')`, whose first use loads the
 * locale's data: on a phone that was most of the storefront's start-up script time.
 */
export function formatIndianNumber(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const sign = value < 0 && digits !== '0' ? '-' : '';
  if (digits.length <= 3) return `${sign}${digits}`;
  const groups = [digits.slice(-3)];
  let rest = digits.slice(0, -3);
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) groups.unshift(rest);
  return `${sign}${groups.join(',')}`;
}

/** "₹1,250", "₹99.5", "₹12,34,567.89": the Indian digit grouping, up to two decimals, none when whole. */
export function formatRupees(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const sign = rupees < 0 && paise > 0 ? '-' : '';
  const fraction = paise % 100;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
  return `${sign}₹${formatIndianNumber(Math.floor(paise / 100))}${decimals}`;
}

/**
 * An amount of paise spread over parts in proportion to their weights, to the paisa: each share
 * rounded down, the paise that rounding leaves given one each to the parts with the largest
 * remainders (the first of equals). The shares add up to the amount exactly; a part of no weight
 * gets none. Amounts and weights are whole paise, small enough that their product stays exact.
 */
export function spreadPaise(amountPaise: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amountPaise <= 0) return weights.map(() => 0);
  const shares = weights.map((weight, index) => {
    const paise = Math.floor((amountPaise * weight) / total);
    return { index, paise, remainder: amountPaise * weight - paise * total };
  });
  let spare = amountPaise - shares.reduce((sum, share) => sum + share.paise, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (spare === 0) break;
    share.paise += 1;
    spare -= 1;
  }
  return shares.map((share) => share.paise);
}
