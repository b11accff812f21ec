/**
 * The owner's second factor (decision 030): a TOTP code from an authenticator app (RFC 6238, six
 * digits every 30 seconds) or one of ten single-use recovery codes. The words and the shape of
 * what the owner types, shared by the owner's forms and the API.
 */
import { z } from 'zod';

export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  needed: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  wrong: 'That code is not right. Enter the code your app shows now, or an unused recovery code.',
  confirmWrong: 'That code is not right. Enter the 6-digit code your app shows now.',
  alreadySet: 'A second factor is already set up.',
  proveWithCode: 'Confirm it is you: enter the code from your authenticator app.',
  proveWithPassword: 'Confirm it is you: enter your password.',
  wrongPassword: 'That password is not right.',
  noSetup: 'Start the set-up first: no second factor is waiting to be confirmed.',
} as const;

/** A recovery code's letters: lower case, no 0/o, 1/l/i, so it reads back without doubt. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Long enough for a recovery code typed with its dash and a space or two. */
const OTP_MAX = 24;

/** What the owner typed as the second factor: spaces and dashes dropped, lower case. */
export function normalizedSecondFactor(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

/** A TOTP code: exactly six digits once normalized; anything else is taken as a recovery code. */
export function isTotpCode(normalized: string): boolean {
  return /^\d{6}$/.test(normalized);
}

export const secondFactorSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.needed })
  .max(OTP_MAX, SECOND_FACTOR_MESSAGES.wrong)
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.needed);

/** The set-up's confirmation: a code from the new secret, six digits. */
export const confirmSecondFactorSchema = z.object({
  otp: z
    .string({ error: SECOND_FACTOR_MESSAGES.needed })
    .max(OTP_MAX, SECOND_FACTOR_MESSAGES.confirmWrong)
    .trim()
    .regex(/^\d{6}$/, SECOND_FACTOR_MESSAGES.confirmWrong),
});

/** What the owner gives to prove it is them again: the second factor, or the password without one. */
export const confirmIdentitySchema = z.object({
  otp: secondFactorSchema.optional(),
  password: z.string().max(200, SECOND_FACTOR_MESSAGES.wrongPassword).optional(),
});
