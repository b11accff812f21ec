import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

export const NETWORK_FAILURE = 'Something went wrong. Please try again.';

/** A refusal shows the server's message (or 'Server error'); anything else, the generic line. */
export function supportFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message || 'Server error';
  return NETWORK_FAILURE;
}

/** The second toast of a sent message: the number to follow it by, shown long enough to note. */
export function showTicketNumber(ticketNumber: string | undefined): void {
  if (!ticketNumber) return;
  toast.success(`Your ticket number is ${ticketNumber}. We have mailed you a link to follow it.`, {
    autoClose: 12_000,
  });
}
