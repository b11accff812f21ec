import { accountThunk, post } from './account-thunk';

/** POST /users/logoutUser: the server ends the session and clears its cookies. */
export async function logout(): Promise<void> {
  await post<unknown>('/users/logoutUser');
}

export const logoutUser = accountThunk('auth/logoutUser', logout);
