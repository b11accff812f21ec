import type { User } from '@makhana/domain/account';
import type { registerSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { accountThunk, post } from './account-thunk';

/** What the API receives from the sign-up form: its fields without the terms box. */
export type RegisterFields = z.output<typeof registerSchema>;

/** POST /users/registerUser. */
export function register(body: RegisterFields): Promise<{ user: User }> {
  return post<{ user: User }>('/users/registerUser', body);
}

export const registerUser = accountThunk('auth/registerUser', register);
