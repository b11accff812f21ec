import type { Ticket, TicketSummary } from '@makhana/domain/contracts/support';
import { apiRequest } from '../lib/api-client';

/**
 * How a ticket is opened: as the owner, or as the customer, with the key of the mail's link when
 * the page came from one. The key goes in a header, never in an address; a refused key is not a
 * session that ran out, so no 401 here renews one.
 */
export interface TicketAccess {
  realm: 'customer' | 'owner';
  key?: string | null;
}

const accessOptions = ({ realm, key }: TicketAccess) => {
  const headers: Record<string, string> = key ? { 'X-Ticket-Key': key } : {};
  return { realm, refreshOn401: !key, headers };
};

const ticketPath = (action: 'ticket' | 'reply', ticketNumber: string) =>
  `/supports/${action}/${encodeURIComponent(ticketNumber)}`;

/** GET /supports/ticket/{ticketNumber}: the whole thread. */
export function getTicket(ticketNumber: string, access: TicketAccess): Promise<Ticket> {
  return apiRequest<Ticket>(ticketPath('ticket', ticketNumber), accessOptions(access));
}

/** POST /supports/reply/{ticketNumber}: a word on the thread; answers the thread as it now is. */
export function replyToTicket(
  ticketNumber: string,
  message: string,
  access: TicketAccess,
): Promise<Ticket> {
  return apiRequest<Ticket>(ticketPath('reply', ticketNumber), {
    method: 'POST',
    body: { message },
    ...accessOptions(access),
  });
}

/** GET /supports/tickets: the signed-in customer's support requests, newest first. */
export function getMyTickets(): Promise<TicketSummary[]> {
  return apiRequest<TicketSummary[]>('/supports/tickets');
}
