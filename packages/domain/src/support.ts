/**
 * Tickets: every contact message and complaint is one, with a number to follow it and a thread.
 * The promises here are the ones the grievance page makes (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4(5)): an answer within a day, a resolution within a month.
 */

/** `T-000123`, or with the owner's prefix `MM-T-000123`. */
export const TICKET_NUMBER = /^(?:[A-Z0-9]{1,4}-)?T-[0-9]{6,10}$/;
export const TICKET_NUMBER_MAX_LENGTH = 17;

export function isTicketNumber(value: string): boolean {
  return value.length <= TICKET_NUMBER_MAX_LENGTH && TICKET_NUMBER.test(value);
}

export const TICKET_STATUSES = ['Open', 'Answered', 'Resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_AUTHORS = ['customer', 'owner'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

/** How long a customer's word may wait for the owner's answer before the inbox marks it late. */
export const REPLY_DUE_HOURS = 24;
/** How long a ticket may stay unresolved before the inbox marks it late. */
export const RESOLUTION_DUE_DAYS = 30;
/** How long the link in a ticket's mails opens its thread without signing in. */
export const TICKET_LINK_DAYS = 30;

export const TICKET_PROMISE =
  'We reply within 24 hours on business days, and resolve every request within one month.';

/** Resolved wins; otherwise a ticket whose latest word is the customer's waits for an answer. */
export function ticketStatus(ticket: {
  resolvedAt: Date | string | null;
  awaitingReplySince: Date | string | null;
}): TicketStatus {
  if (ticket.resolvedAt) return 'Resolved';
  return ticket.awaitingReplySince ? 'Open' : 'Answered';
}

const HOUR = 3_600_000;

/** Late for an answer: unresolved, and the customer's word has waited more than a day. */
export function replyOverdue(
  ticket: { resolvedAt: Date | string | null; awaitingReplySince: Date | string | null },
  now: Date,
): boolean {
  if (ticket.resolvedAt || !ticket.awaitingReplySince) return false;
  return now.getTime() - new Date(ticket.awaitingReplySince).getTime() > REPLY_DUE_HOURS * HOUR;
}

/** Late for a resolution: unresolved more than a month after it was raised. */
export function resolutionOverdue(
  ticket: { resolvedAt: Date | string | null; createdAt: Date | string },
  now: Date,
): boolean {
  if (ticket.resolvedAt) return false;
  return now.getTime() - new Date(ticket.createdAt).getTime() > RESOLUTION_DUE_DAYS * 24 * HOUR;
}

/** The page a ticket's mails link to; the link's key rides in the fragment, which no server sees. */
export const ticketPagePath = (ticketNumber: string) =>
  `/support/ticket/${encodeURIComponent(ticketNumber)}`;

/** The key as the ticket page finds it in its address's fragment: `#key=...`. */
export function ticketKeyOfFragment(hash: string): string | null {
  if (hash.length > 200) return null;
  const match = /^#key=([0-9]{1,12}\.[A-Za-z0-9_-]{20,64})$/.exec(hash);
  return match?.[1] ?? null;
}
