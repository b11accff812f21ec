import type { User } from '@makhana/domain/account';
import type { loginEmailSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { accountThunk, post } from './account-thunk';

/** Plain login answers only the e-mail; the flag stays false until the code is verified. */
export type PendingUser = Pick<User, 'email'>;

export type LoginEmailInput = z.infer<typeof loginEmailSchema>;

/** POST /users/loginUser: mails a sign-in code. */
export function requestLoginCode(body: LoginEmailInput): Promise<{ user: PendingUser }> {
  return post<{ user: PendingUser }>('/users/loginUser', body);
}

export const loginUser = accountThunk('auth/loginUser', requestLoginCode);
