/** Money is integer paise inside the system and rupees at its edges. */

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** "₹1,250" in the Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return rupeeFormat.format(rupees);
}
