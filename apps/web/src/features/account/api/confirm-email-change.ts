import type { User } from '@makhana/domain/account';
import { loginVerifySchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The code form: the same 6-digit rule as the sign-in code. */
export const emailCodeSchema = loginVerifySchema.pick({ otp: true });

export type EmailCodeInput = z.infer<typeof emailCodeSchema>;

/** Enters the code of the pending change; the server ends every other session of the account. */
export function confirmEmailChange(otp: EmailCodeInput['otp']): Promise<User> {
  const body: EmailCodeInput = { otp };
  return apiRequest<User>('/users/verifyEmailChange', { method: 'POST', body });
}
