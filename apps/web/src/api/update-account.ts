import type { User } from '@makhana/domain/account';
import type { profileSchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { accountThunk, post } from './account-thunk';

/** What the API receives from the profile form: an unset gender is sent as null. */
export type ProfileFields = z.output<typeof profileSchema>;

/** POST /users/updateUserAccount: answers the saved profile (a new e-mail waits for its code). */
export function saveAccount(body: ProfileFields): Promise<User> {
  return post<User>('/users/updateUserAccount', body);
}

export const updateAccount = accountThunk('auth/updateAccount', saveAccount);
