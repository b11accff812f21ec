import { createAsyncThunk } from '@reduxjs/toolkit';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import { ApiError } from '../../../lib/api-client';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * What a failed review call shows: the server's message when it answered, the generic line when
 * the call never reached it.
 */
export function reviewFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message || 'Server error';
  if (error instanceof ApiError) return SOMETHING_WENT_WRONG;
  return error instanceof Error && error.message ? error.message : 'Server error';
}

type SignedInHolder = { auth: { isUserAuthenticated: boolean } };

/** A customer's review call: refused locally for a visitor, else the server's answer or refusal. */
export function customerReviewThunk<Result, Arg>(type: string, run: (arg: Arg) => Promise<Result>) {
  return createAsyncThunk<Result, Arg, { state: SignedInHolder; rejectValue: string }>(
    type,
    async (arg, { getState, rejectWithValue }) => {
      if (!getState().auth.isUserAuthenticated) return rejectWithValue(NOT_AUTHENTICATED);
      try {
        return await run(arg);
      } catch (error) {
        return rejectWithValue(reviewFailure(error));
      }
    },
  );
}
