import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, apiRequest, errorMessage } from '../lib/api-client';
import type { Admin } from './owner-thunk';

export interface OwnerCredentials {
  email: string;
  password: string;
  /** the second factor, once the server has asked for it */
  otp?: string | undefined;
}

/** POST /admins/onlyAdminTo/login: the owner cookies are set; the tokens in the body stay out. */
export async function signInOwner(credentials: OwnerCredentials): Promise<Admin> {
  const { admin } = await apiRequest<{ admin: Admin }>('/admins/onlyAdminTo/login', {
    method: 'POST',
    body: credentials,
    realm: 'owner',
  });
  return admin;
}

/**
 * The owner's sign-in: the admin on success; on a refusal the server's message, and in its meta
 * whether the password was right and the second factor is wanted. A failure that is not the
 * server's answer (no status) is rethrown.
 */
export const loginAdmin = createAsyncThunk<
  Admin,
  OwnerCredentials,
  { rejectValue: string; rejectedMeta: { needsOtp: boolean } }
>('auth/loginAdmin', async (credentials, { rejectWithValue }) => {
  try {
    return await signInOwner(credentials);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) throw error;
    const needsOtp = error instanceof ApiError && error.data?.needsOtp === true;
    return rejectWithValue(errorMessage(error, ''), { needsOtp });
  }
});
