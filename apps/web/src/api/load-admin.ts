import { type Admin, ownerGet, ownerThunk } from './owner-thunk';

/** GET /admins/getAdmin: the signed-in owner; refused locally without an owner session. */
export const loadAdmin = ownerThunk<Admin>(
  'auth/loadAdmin',
  (_, signal) => ownerGet<Admin>('/admins/getAdmin', signal),
  'owner',
);
