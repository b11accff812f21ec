import { PINCODE_LENGTH } from '@makhana/domain/constants';

/** Digits only, at most six. */
export function cleanPincode(value: string): string {
  return value.replace(/\D/g, '').slice(0, PINCODE_LENGTH);
}

export function isValidPincode(value: string): boolean {
  return new RegExp(`^\\d{${PINCODE_LENGTH}}$`).test(value);
}
