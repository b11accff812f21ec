/**
 * India's 28 states and 8 union territories, as an address names them, each with its ISO 3166-2:IN
 * code (the one a pincode directory answers with). Alphabetical: the order a shopper looks in.
 */
export const INDIA_STATES = [
  { name: 'Andaman and Nicobar Islands', code: 'AN' },
  { name: 'Andhra Pradesh', code: 'AP' },
  { name: 'Arunachal Pradesh', code: 'AR' },
  { name: 'Assam', code: 'AS' },
  { name: 'Bihar', code: 'BR' },
  { name: 'Chandigarh', code: 'CH' },
  { name: 'Chhattisgarh', code: 'CT' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', code: 'DH' },
  { name: 'Delhi', code: 'DL' },
  { name: 'Goa', code: 'GA' },
  { name: 'Gujarat', code: 'GJ' },
  { name: 'Haryana', code: 'HR' },
  { name: 'Himachal Pradesh', code: 'HP' },
  { name: 'Jammu and Kashmir', code: 'JK' },
  { name: 'Jharkhand', code: 'JH' },
  { name: 'Karnataka', code: 'KA' },
  { name: 'Kerala', code: 'KL' },
  { name: 'Ladakh', code: 'LA' },
  { name: 'Lakshadweep', code: 'LD' },
  { name: 'Madhya Pradesh', code: 'MP' },
  { name: 'Maharashtra', code: 'MH' },
  { name: 'Manipur', code: 'MN' },
  { name: 'Meghalaya', code: 'ML' },
  { name: 'Mizoram', code: 'MZ' },
  { name: 'Nagaland', code: 'NL' },
  { name: 'Odisha', code: 'OD' },
  { name: 'Puducherry', code: 'PY' },
  { name: 'Punjab', code: 'PB' },
  { name: 'Rajasthan', code: 'RJ' },
  { name: 'Sikkim', code: 'SK' },
  { name: 'Tamil Nadu', code: 'TN' },
  { name: 'Telangana', code: 'TG' },
  { name: 'Tripura', code: 'TR' },
  { name: 'Uttar Pradesh', code: 'UP' },
  { name: 'Uttarakhand', code: 'UT' },
  { name: 'West Bengal', code: 'WB' },
] as const;

export type IndiaState = (typeof INDIA_STATES)[number]['name'];

/** Codes still in use elsewhere for the same places: older ISO codes and vehicle registrations. */
const OTHER_CODES: Record<string, IndiaState> = {
  OR: 'Odisha',
  TS: 'Telangana',
  UK: 'Uttarakhand',
  UA: 'Uttarakhand',
  CG: 'Chhattisgarh',
  DD: 'Dadra and Nagar Haveli and Daman and Diu',
  DN: 'Dadra and Nagar Haveli and Daman and Diu',
};

/** The state or union territory a code names, or null for a code that names none. */
export function stateOfCode(code: string): IndiaState | null {
  const wanted = code.trim().toUpperCase();
  return INDIA_STATES.find((state) => state.code === wanted)?.name ?? OTHER_CODES[wanted] ?? null;
}

/** A state as written (any case, spaces, "&" for "and"), as the list names it; null if none. */
export function stateNamed(text: string): IndiaState | null {
  const plain = (value: string) =>
    value.trim().toLowerCase().replaceAll('&', 'and').split(/\s+/).join(' ');
  const wanted = plain(text);
  return INDIA_STATES.find((state) => plain(state.name) === wanted)?.name ?? null;
}
