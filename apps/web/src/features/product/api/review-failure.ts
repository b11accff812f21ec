import { ApiError, isApiCallError } from '../../../lib/api-client';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * What a failed review call shows: the server's message when it answered, the generic line when
 * the call never reached it.
 */
export function reviewFailure(error: unknown): string {
  if (error instanceof ApiError || isApiCallError(error)) {
    return error.status > 0 ? error.message || 'Server error' : SOMETHING_WENT_WRONG;
  }
  return error instanceof Error && error.message ? error.message : 'Server error';
}
