import type { User } from '@makhana/domain/account';
import { loginVerifySchema } from '@makhana/domain/validation';
import { apiRequest } from '../../lib/api-client';

export const EMAIL_UPDATED = 'Email updated successfully';

/** The code form: the same 6-digit rule as the sign-in code. */
export const emailCodeSchema = loginVerifySchema.pick({ otp: true });

/** What the server says after a code was mailed to `email`. */
export function codeSentMessage(email: string): string {
  return `We sent a code to ${email}. Enter it to change your e-mail.`;
}

/**
 * The address a profile save is waiting to confirm: the server keeps the e-mail until the code
 * mailed to the new one is entered, and names that address in `pendingEmail`.
 */
export function pendingEmailOf(saved: unknown): string | null {
  if (typeof saved !== 'object' || saved === null || !('pendingEmail' in saved)) return null;
  const { pendingEmail } = saved as { pendingEmail: unknown };
  return typeof pendingEmail === 'string' && pendingEmail !== '' ? pendingEmail : null;
}

/** Enters the code of the pending change; the server ends every other session of the account. */
export function confirmEmailChange(otp: string): Promise<User> {
  return apiRequest<User>('/users/verifyEmailChange', { method: 'POST', body: { otp } });
}

/** Asks for a new code by saving the profile again with the new address. */
export function resendEmailChangeCode(user: User, email: string): Promise<User> {
  return apiRequest<User>('/users/updateUserAccount', {
    method: 'POST',
    body: {
      firstName: user.firstName,
      lastName: user.lastName,
      gender: user.gender ?? null,
      email,
      phoneNumber: user.phoneNumber,
    },
  });
}
