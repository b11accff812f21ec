import type { User } from '@makhana/domain/account';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, apiRequest, errorMessage } from '../lib/api-client';

export const NOT_AUTHENTICATED = 'Not authenticated';

/**
 * The one part of the store these thunks read; named here rather than imported so that src/api
 * never imports src/stores (whose slices import these thunks).
 */
type SignedInHolder = { auth: { isUserAuthenticated: boolean } };
type ThunkConfig = { state: SignedInHolder; rejectValue: string };

/** What a sign-in keeps: the server's answer also carries tokens, which stay out of the store. */
export interface Session {
  user: User;
}

/**
 * An account call as a thunk: the payload on success, the server's (or transport's) message on
 * failure. `needsUser` refuses it locally for a visitor (docs/product.md#sessions).
 */
export function accountThunk<Result, Arg = void>(
  type: string,
  run: (arg: Arg) => Promise<Result>,
  needsUser = false,
  /**
   * A failure with no answer from the server (offline, or the page being left mid-call) is
   * rethrown rather than given as the rejection's value, so the session slice can tell it from a
   * refusal.
   */
  rethrowNoAnswer = false,
) {
  return createAsyncThunk<Result, Arg, ThunkConfig>(
    type,
    async (arg, { getState, rejectWithValue }) => {
      if (needsUser && !getState().auth.isUserAuthenticated) {
        return rejectWithValue(NOT_AUTHENTICATED);
      }
      try {
        return await run(arg);
      } catch (error) {
        if (rethrowNoAnswer && error instanceof ApiError && error.status === 0) throw error;
        return rejectWithValue(errorMessage(error));
      }
    },
  );
}

export const post = <T>(path: string, body?: unknown) =>
  apiRequest<T>(path, { method: 'POST', body });

// Only the user goes on: the tokens in the answer are for API clients; the browser has the cookies.
export function startSession({ user }: Session): Session {
  return { user };
}
