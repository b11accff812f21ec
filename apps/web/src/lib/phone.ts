/** A phone number as a dialable link: digits only, India's code before a ten-digit number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+91${digits}` : `+${digits}`}`;
}
