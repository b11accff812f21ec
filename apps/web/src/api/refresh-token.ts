import { accountThunk, post } from './account-thunk';

/** POST /users/refresh-token: an empty body; the new tokens arrive as cookies only. */
export async function renewSession(): Promise<void> {
  await post<unknown>('/users/refresh-token');
}

/** Renews the session through the refresh cookie; the new tokens arrive as cookies only. */
export const refreshToken = accountThunk('auth/refreshToken', renewSession, true);
