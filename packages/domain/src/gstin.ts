import type { IndiaState } from './india-states';

/**
 * The two-digit GST code of each state and union territory: the first two characters of every
 * GSTIN registered there, and the code a tax invoice prints beside the place of supply. Andhra
 * Pradesh's registrations from before its split keep 28, and Daman and Diu's keep 25 after its
 * merger; both are still valid.
 */
export const GST_STATE_CODES: Record<IndiaState, readonly string[]> = {
  'Jammu and Kashmir': ['01'],
  'Himachal Pradesh': ['02'],
  Punjab: ['03'],
  Chandigarh: ['04'],
  Uttarakhand: ['05'],
  Haryana: ['06'],
  Delhi: ['07'],
  Rajasthan: ['08'],
  'Uttar Pradesh': ['09'],
  Bihar: ['10'],
  Sikkim: ['11'],
  'Arunachal Pradesh': ['12'],
  Nagaland: ['13'],
  Manipur: ['14'],
  Mizoram: ['15'],
  Tripura: ['16'],
  Meghalaya: ['17'],
  Assam: ['18'],
  'West Bengal': ['19'],
  Jharkhand: ['20'],
  Odisha: ['21'],
  Chhattisgarh: ['22'],
  'Madhya Pradesh': ['23'],
  Gujarat: ['24'],
  'Dadra and Nagar Haveli and Daman and Diu': ['26', '25'],
  Maharashtra: ['27'],
  Karnataka: ['29'],
  Goa: ['30'],
  Lakshadweep: ['31'],
  Kerala: ['32'],
  'Tamil Nadu': ['33'],
  Puducherry: ['34'],
  'Andaman and Nicobar Islands': ['35'],
  Telangana: ['36'],
  'Andhra Pradesh': ['37', '28'],
  Ladakh: ['38'],
};

/** The code a state's invoices print (its current one). */
export function gstStateCode(state: IndiaState): string {
  return GST_STATE_CODES[state][0] as string;
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * State code, PAN (five letters, four digits, a letter), the registration's number within that
 * PAN, a 'Z', and the check character. Fixed length: checked before any pattern.
 */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const GSTIN_LENGTH = 15;

/**
 * The check character of a GSTIN's first 14: each character's value (0-9, then A-Z as 10-35) times
 * 1 and 2 alternately, each product's quotient and remainder by 36 summed; the check is what
 * brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARACTERS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36] as string;
}

export type GstinProblem = 'length' | 'shape' | 'check' | null;

/** What is wrong with a GSTIN (upper case, no spaces), or null when it is well made. */
export function gstinProblem(gstin: string): GstinProblem {
  if (gstin.length !== GSTIN_LENGTH) return 'length';
  if (!GSTIN_SHAPE.test(gstin)) return 'shape';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  return null;
}

/** Whether a GSTIN was registered in `state`: its first two digits are the state's GST code. */
export function gstinIsOfState(gstin: string, state: IndiaState): boolean {
  return GST_STATE_CODES[state].includes(gstin.slice(0, 2));
}

/** An FSSAI licence or registration number: 14 digits. */
export const FSSAI_NUMBER = /^\d{14}$/;
