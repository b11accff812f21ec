import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex signatures; anything malformed is simply unequal. */
export function sameSignature(expectedHex: string, givenHex: string): boolean {
  if (typeof givenHex !== 'string' || !/^[0-9a-f]+$/i.test(givenHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in Razorpay's form: a prefix and 14 letters and digits, e.g. `order_N3kX9f0aQe7LmP`. */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}
