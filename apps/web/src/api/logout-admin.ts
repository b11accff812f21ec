import { apiAnswer } from '../lib/api-client';
import { ownerThunk } from './owner-thunk';

/** POST /admins/logoutAdmin: the server ends the owner session and clears its cookies. */
export async function signOutOwner(): Promise<string> {
  const answer = await apiAnswer<null>('/admins/logoutAdmin', {
    method: 'POST',
    realm: 'owner',
    refreshOn401: false,
  });
  return answer.message;
}

/** Fulfils with the server's message, for the toast. */
export const logoutAdmin = ownerThunk('auth/logoutAdmin', signOutOwner, 'nothing');
