import type { User } from '@makhana/domain/account';
import { apiRequest } from '../lib/api-client';
import { accountThunk } from './account-thunk';

/** GET /users/getUser: the signed-in customer. */
export function getUser(): Promise<User> {
  return apiRequest<User>('/users/getUser');
}

export const loadUser = accountThunk('auth/loadUser', getUser, true, true);
