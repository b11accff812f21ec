import type { User } from '@makhana/domain/account';
import { loginVerifySchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The code form: the same 6-digit rule as the sign-in code. */
export const emailCodeSchema = loginVerifySchema.pick({ otp: true });

export type EmailCodeInput = z.infer<typeof emailCodeSchema>;

/** The current address's code: approves the change, and a code goes to the new address. */
export function approveEmailChange(otp: EmailCodeInput['otp']): Promise<User> {
  const body: EmailCodeInput = { otp };
  return apiRequest<User>('/users/approveEmailChange', { method: 'POST', body });
}

/** The new address's code: makes the change; the server ends every other session of the account. */
export function confirmEmailChange(otp: EmailCodeInput['otp']): Promise<User> {
  const body: EmailCodeInput = { otp };
  return apiRequest<User>('/users/verifyEmailChange', { method: 'POST', body });
}
