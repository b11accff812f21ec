import { apiRequest } from '../lib/api-client';
import { type Admin, ownerThunk } from './owner-thunk';

/** POST /admins/onlyAdminTo/login: the owner cookies are set; the tokens in the body stay out. */
export async function signInOwner(credentials: {
  email: string;
  password: string;
}): Promise<Admin> {
  const { admin } = await apiRequest<{ admin: Admin }>('/admins/onlyAdminTo/login', {
    method: 'POST',
    body: credentials,
    realm: 'owner',
  });
  return admin;
}

export const loginAdmin = ownerThunk('auth/loginAdmin', signInOwner, 'nothing');
