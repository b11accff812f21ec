import { ApiError } from '../../lib/api-client';

export const NETWORK_FAILURE = 'Something went wrong. Please try again.';

/** A refusal shows the server's message (or 'Server error'); anything else, the generic line. */
export function supportFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message || 'Server error';
  return NETWORK_FAILURE;
}
