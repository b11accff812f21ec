import { accountThunk, post } from './account-thunk';

/** POST /users/deleteAddress/{id}; answers the id so the state can drop it. */
export async function removeAddress(id: string): Promise<string> {
  await post<unknown>(`/users/deleteAddress/${encodeURIComponent(id)}`);
  return id;
}

export const deleteAddress = accountThunk('auth/deleteAddress', removeAddress);
