import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, apiRequest, errorMessage } from '../lib/api-client';
import { NOT_AUTHENTICATED } from './account-thunk';

/** The signed-in owner as the API describes them. */
export interface Admin {
  _id: string;
  email: string;
  name: string;
  /** whether sign-in asks for a code from an authenticator app (decision 030) */
  secondFactor: boolean;
}

/** Who is signed in, read from the store without importing it (slices import these thunks). */
type SignedInHolder = { auth: { isAdminAuthenticated: boolean; isUserAuthenticated: boolean } };
type ThunkConfig = { state: SignedInHolder; rejectValue: string };

/** Which session a call needs: the owner's, or either the owner's or the customer's. */
type Needs = 'owner' | 'ownerOrCustomer' | 'nothing';

function refused(needs: Needs, auth: SignedInHolder['auth']): boolean {
  if (needs === 'owner') return !auth.isAdminAuthenticated;
  if (needs === 'ownerOrCustomer') return !auth.isAdminAuthenticated && !auth.isUserAuthenticated;
  return false;
}

/**
 * An owner call as a thunk: the payload on success, the server's message on failure, and a local
 * 'Not authenticated' refusal without the session the call needs. A failure that is not the
 * server's answer (no status) is rethrown, so a screen can tell the two apart.
 */
export function ownerThunk<Result, Arg = void>(
  type: string,
  run: (arg: Arg, signal: AbortSignal) => Promise<Result>,
  needs: Needs,
) {
  return createAsyncThunk<Result, Arg, ThunkConfig>(
    type,
    async (arg, { getState, rejectWithValue, signal }) => {
      if (refused(needs, getState().auth)) return rejectWithValue(NOT_AUTHENTICATED);
      try {
        return await run(arg, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) throw error;
        return rejectWithValue(errorMessage(error, ''));
      }
    },
  );
}

/** Owner calls renew the owner's session on a 401, never the customer's. */
export const ownerGet = <T>(path: string, signal?: AbortSignal) =>
  apiRequest<T>(path, { realm: 'owner', signal });
