import type { User } from '@makhana/domain/account';
import { ownerGet, ownerThunk } from './owner-thunk';

/** GET /users/getUserDetails: every customer, for the owner only. */
export const fetchUserDetails = ownerThunk<User[]>(
  'auth/fetchUserDetails',
  (_, signal) => ownerGet<User[]>('/users/getUserDetails', signal),
  'owner',
);
