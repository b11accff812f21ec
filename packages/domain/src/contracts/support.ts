/** Tickets as the customer, the owner and a mail's link read them. */
import { z } from 'zod';
import { TICKET_AUTHORS, TICKET_STATUSES } from '../support';

export const ticketEntryShape = z
  .object({
    by: z.enum(TICKET_AUTHORS),
    message: z.string(),
    at: z.string(),
  })
  .meta({ id: 'TicketEntry', description: 'one message of a thread, oldest first' });
export type TicketEntry = z.infer<typeof ticketEntryShape>;

export const ticketSummaryShape = z
  .object({
    ticketNumber: z.string(),
    kind: z.enum(['contact', 'complaint']),
    subject: z
      .string()
      .meta({ description: "the complaint's issue type, or `Message` for the contact form" }),
    status: z.enum(TICKET_STATUSES),
    createdAt: z.string(),
    lastMessageAt: z.string(),
    order: z
      .object({ _id: z.string(), orderNumber: z.string() })
      .nullable()
      .meta({ description: 'the order a complaint names, when there is one' }),
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof ticketSummaryShape>;

export const ticketShape = ticketSummaryShape
  .extend({
    fromName: z.string(),
    orderReference: z
      .string()
      .nullable()
      .meta({ description: 'the order id or number the customer typed, complaints only' }),
    resolvedAt: z.string().nullable(),
    messages: z.array(ticketEntryShape),
  })
  .meta({ id: 'Ticket', description: 'a ticket and its whole thread' });
export type Ticket = z.infer<typeof ticketShape>;

export const ticketCreatedShape = z
  .object({ ticketNumber: z.string() })
  .meta({ id: 'TicketCreated', description: 'the number to follow the message by' });
