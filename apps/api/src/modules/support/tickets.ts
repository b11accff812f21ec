/**
 * Tickets: every contact message and complaint is one. It has a number from one series over both
 * kinds, an acknowledgement mailed at once with a link to follow it, and a thread the owner and the
 * customer answer each other on. The link carries a key signed with the shop's secret that opens
 * that one thread for 30 days; a signed-in customer opens their own without it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ticket, TicketEntry, TicketSummary } from '@makhana/domain/contracts/support';
import {
  isTicketNumber,
  TICKET_LINK_DAYS,
  TICKET_PROMISE,
  type TicketAuthor,
  ticketPagePath,
  ticketStatus,
} from '@makhana/domain/support';
import { asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderMail } from '../../adapters/mail/template';
import type { Database, Executor } from '../../db/client';
import { complaints, contactMessages, orders, supportReplies, users } from '../../db/schema';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { ownerShopSettings } from '../shop';

export const TICKET_NOT_FOUND = 'Support request not found';
export const TICKET_LINK_EXPIRED =
  'This link has expired. Sign in to see your support requests, or write to us again.';
export const TICKETS_FETCHED = 'Support requests fetched successfully';
export const TICKET_FETCHED = 'Support request fetched successfully';
export const REPLY_SENT = 'Reply sent';

const DAY_SECONDS = 24 * 3600;

/**
 * The next ticket number, taken inside the insert that stores the message: the sequence never
 * hands one number out twice, whatever runs beside it. The owner's invoice prefix, when set, leads.
 */
export async function ticketNumberSql(db: Database): Promise<SQL> {
  const prefix = (await ownerShopSettings(db)).invoicePrefix;
  const lead = prefix ? `${prefix}-T-` : 'T-';
  return sql`${lead} || lpad(nextval('support_ticket_seq')::text, 6, '0')`;
}

/** The key a ticket's link carries: when it stops working, and a signature over that and the number. */
export function signTicketKey(secret: string, ticketNumber: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + TICKET_LINK_DAYS * DAY_SECONDS;
  return `${expires}.${signature(secret, ticketNumber, expires)}`;
}

function signature(secret: string, ticketNumber: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`support-ticket:${ticketNumber}:${expires}`)
    .digest('base64url');
}

/** Whether a key opens this ticket: `valid`, `expired` (signed by us, too old) or `invalid`. */
export function readTicketKey(
  secret: string,
  ticketNumber: string,
  key: string,
  now = new Date(),
): 'valid' | 'expired' | 'invalid' {
  if (key.length > 80) return 'invalid';
  const match = /^([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(key);
  if (!match?.[1] || !match[2]) return 'invalid';
  const expires = Number(match[1]);
  const expected = Buffer.from(signature(secret, ticketNumber, expires));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'valid' : 'expired';
}

/** A ticket's link, as its mails carry it: the key in the fragment, which no server receives. */
export const ticketLink = (publicUrl: string, ticketNumber: string, key: string) =>
  `${publicUrl}${ticketPagePath(ticketNumber)}#key=${key}`;

interface TicketRow {
  kind: 'contact' | 'complaint';
  id: string;
  ticketNumber: string;
  fromName: string;
  replyTo: string;
  userId: string | null;
  message: string;
  issueType: string | null;
  orderReference: string | null;
  resolvedAt: Date | null;
  awaitingReplySince: Date | null;
  createdAt: Date;
}

/** Both tables' tickets as one, with the columns a thread and a list need. */
function ticketRows(db: Executor, where: { contact?: SQL; complaint?: SQL }) {
  const contacts = db
    .select({
      kind: sql<'contact' | 'complaint'>`'contact'`.as('kind'),
      id: contactMessages.id,
      ticketNumber: contactMessages.ticketNumber,
      fromName: contactMessages.fromName,
      replyTo: contactMessages.replyTo,
      userId: sql<string | null>`null::text`.as('user_id'),
      message: contactMessages.message,
      issueType: sql<string | null>`null::text`.as('issue_type'),
      orderReference: sql<string | null>`null::text`.as('order_reference'),
      resolvedAt: contactMessages.resolvedAt,
      awaitingReplySince: contactMessages.awaitingReplySince,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(where.contact);
  const complaintRows = db
    .select({
      kind: sql<'contact' | 'complaint'>`'complaint'`.as('kind'),
      id: complaints.id,
      ticketNumber: complaints.ticketNumber,
      fromName: complaints.fromName,
      replyTo: complaints.replyTo,
      userId: sql<string | null>`${complaints.userId}`.as('user_id'),
      message: complaints.query,
      issueType: sql<string | null>`${complaints.issueType}`.as('issue_type'),
      orderReference: sql<string | null>`${complaints.orderId}`.as('order_reference'),
      resolvedAt: complaints.resolvedAt,
      awaitingReplySince: complaints.awaitingReplySince,
      createdAt: complaints.createdAt,
    })
    .from(complaints)
    .where(where.complaint);
  return unionAll(contacts, complaintRows);
}

async function findTicket(db: Executor, ticketNumber: string): Promise<TicketRow | null> {
  if (!isTicketNumber(ticketNumber)) return null;
  const [row] = await ticketRows(db, {
    contact: eq(contactMessages.ticketNumber, ticketNumber),
    complaint: eq(complaints.ticketNumber, ticketNumber),
  });
  return (row as TicketRow | undefined) ?? null;
}

/** The order a complaint's typed reference names (its id, or its number in any case), if any. */
async function orderNamed(
  db: Executor,
  reference: string | null,
): Promise<{ _id: string; orderNumber: string } | null> {
  const typed = reference?.trim();
  if (!typed) return null;
  const [order] = await db
    .select({ _id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(or(eq(orders.id, typed.toLowerCase()), eq(orders.orderNumber, typed.toUpperCase())))
    .limit(1);
  return order ?? null;
}

/** Who opens a thread: the owner, the ticket's customer, or a visitor holding its link's key. */
export type TicketReader = { as: 'owner' } | { as: 'customer'; userId: string } | { as: 'link' };

/**
 * The ticket, if this reader may open it. A customer's own tickets are those sent from their
 * account's address or, for complaints, linked to the account (the rule `messagesFrom` keeps).
 * Anyone else learns only that there is no such ticket; an expired key says so.
 */
async function openTicket(
  db: Executor,
  ticketNumber: string,
  reader: TicketReader,
  linkKey: { secret: string; key: string | null },
): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketNumber);
  if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND);
  if (reader.as === 'owner') return ticket;
  if (reader.as === 'customer' && (await customerOwns(db, reader.userId, ticket))) return ticket;
  if (linkKey.key) {
    const verdict = readTicketKey(linkKey.secret, ticket.ticketNumber, linkKey.key);
    if (verdict === 'valid') return ticket;
    if (verdict === 'expired') throw new UnauthorizedError(TICKET_LINK_EXPIRED);
  }
  throw new NotFoundError(TICKET_NOT_FOUND);
}

async function customerOwns(db: Executor, userId: string, ticket: TicketRow): Promise<boolean> {
  if (ticket.userId === userId) return true;
  if (!ticket.replyTo) return false;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.email.toLowerCase() === ticket.replyTo.toLowerCase();
}

const subjectOf = (ticket: Pick<TicketRow, 'issueType'>) => ticket.issueType ?? 'Message';

async function threadOf(db: Executor, ticket: TicketRow): Promise<Ticket> {
  const [replies, order] = await Promise.all([
    db
      .select({
        by: supportReplies.by,
        message: supportReplies.message,
        at: supportReplies.createdAt,
      })
      .from(supportReplies)
      .where(eq(supportReplies.ticketNumber, ticket.ticketNumber))
      .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id)),
    ticket.kind === 'complaint' ? orderNamed(db, ticket.orderReference) : null,
  ]);
  const messages: TicketEntry[] = [
    { by: 'customer', message: ticket.message, at: ticket.createdAt.toISOString() },
    ...replies.map((reply) => ({ ...reply, at: reply.at.toISOString() })),
  ];
  return {
    ticketNumber: ticket.ticketNumber,
    kind: ticket.kind,
    subject: subjectOf(ticket),
    status: ticketStatus(ticket),
    createdAt: ticket.createdAt.toISOString(),
    lastMessageAt: messages.at(-1)?.at ?? ticket.createdAt.toISOString(),
    order,
    fromName: ticket.fromName,
    orderReference: ticket.orderReference,
    resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
    messages,
  };
}

export interface TicketDeps {
  db: Database;
  mailer: Mailer;
  ownerEmail: string;
  publicUrl: string;
  secret: string;
  log: { error(details: object, message: string): void };
}

/** A ticket's whole thread, for whoever may open it. */
export async function readTicket(
  deps: Pick<TicketDeps, 'db' | 'secret'>,
  ticketNumber: string,
  reader: TicketReader,
  key: string | null,
): Promise<Ticket> {
  const ticket = await openTicket(deps.db, ticketNumber, reader, { secret: deps.secret, key });
  return threadOf(deps.db, ticket);
}

/** A signed-in customer's tickets, newest first, each with when its thread last moved. */
export async function customerTickets(db: Database, userId: string): Promise<TicketSummary[]> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return [];
  const email = user.email.toLowerCase();
  const rows = (await ticketRows(db, {
    contact: eq(sql`lower(${contactMessages.replyTo})`, email),
    complaint: or(eq(complaints.userId, userId), eq(sql`lower(${complaints.replyTo})`, email)),
  })
    .orderBy(desc(sql`created_at`))
    .limit(100)) as TicketRow[];
  if (rows.length === 0) return [];
  const lastReplies = await db
    .select({
      ticketNumber: supportReplies.ticketNumber,
      at: sql<Date>`max(${supportReplies.createdAt})`.mapWith(supportReplies.createdAt),
    })
    .from(supportReplies)
    .where(
      inArray(
        supportReplies.ticketNumber,
        rows.map((row) => row.ticketNumber),
      ),
    )
    .groupBy(supportReplies.ticketNumber);
  const lastReplyOf = new Map(lastReplies.map((reply) => [reply.ticketNumber, reply.at]));
  return Promise.all(
    rows.map(async (ticket) => ({
      ticketNumber: ticket.ticketNumber,
      kind: ticket.kind,
      subject: subjectOf(ticket),
      status: ticketStatus(ticket),
      createdAt: ticket.createdAt.toISOString(),
      lastMessageAt: (lastReplyOf.get(ticket.ticketNumber) ?? ticket.createdAt).toISOString(),
      order: ticket.kind === 'complaint' ? await orderNamed(db, ticket.orderReference) : null,
    })),
  );
}

const tableOf = (kind: TicketRow['kind']) => (kind === 'contact' ? contactMessages : complaints);

/**
 * Adds a word to the thread. The owner's answers it (and is mailed to the customer with the link);
 * the customer's sets it waiting for an answer again (reopening a resolved one) and is mailed to
 * the owner. The word is stored first: a mail that fails is logged, the thread keeps it.
 */
export async function replyToTicket(
  deps: TicketDeps,
  ticketNumber: string,
  reader: TicketReader,
  key: string | null,
  message: string,
): Promise<Ticket> {
  const by: TicketAuthor = reader.as === 'owner' ? 'owner' : 'customer';
  const { ticket, replyId } = await deps.db.transaction(async (tx) => {
    const found = await openTicket(tx, ticketNumber, reader, { secret: deps.secret, key });
    const table = tableOf(found.kind);
    const [reply] = await tx
      .insert(supportReplies)
      .values({ ticketNumber: found.ticketNumber, by, message })
      .returning({ id: supportReplies.id });
    await tx
      .update(table)
      .set(
        by === 'owner'
          ? { awaitingReplySince: null }
          : {
              awaitingReplySince: sql`coalesce(${table.awaitingReplySince}, now())`,
              resolvedAt: null,
            },
      )
      .where(eq(table.id, found.id));
    return { ticket: found, replyId: reply?.id };
  });
  const mailed = await mailReply(deps, ticket, by, message);
  if (mailed && replyId) {
    await deps.db
      .update(supportReplies)
      .set({ mailedAt: new Date() })
      .where(eq(supportReplies.id, replyId));
  }
  const fresh = await findTicket(deps.db, ticket.ticketNumber);
  return threadOf(deps.db, fresh ?? ticket);
}

async function mailReply(
  deps: TicketDeps,
  ticket: TicketRow,
  by: TicketAuthor,
  message: string,
): Promise<boolean> {
  // An erased customer's ticket keeps its thread but has no address left to write to.
  if (by === 'owner' && !ticket.replyTo) return false;
  const key = signTicketKey(deps.secret, ticket.ticketNumber);
  const mail =
    by === 'owner'
      ? {
          to: ticket.replyTo,
          subject: `Re: your ticket ${ticket.ticketNumber}`,
          ...renderMail({
            heading: `We have answered your ticket ${ticket.ticketNumber}`,
            paragraphs: [
              `Hello ${ticket.fromName},`,
              message,
              `To answer us, or to read the whole thread: ${ticketLink(deps.publicUrl, ticket.ticketNumber, key)}`,
            ],
            footnote: `The link works for ${TICKET_LINK_DAYS} days. Signed in, you also find this under My support requests.`,
          }),
        }
      : {
          to: deps.ownerEmail,
          replyTo: ticket.replyTo || undefined,
          subject: `${ticket.fromName} answered on ticket ${ticket.ticketNumber}`,
          ...renderMail({
            heading: `A new message on ticket ${ticket.ticketNumber}`,
            paragraphs: [
              `From: ${ticket.fromName}`,
              message,
              `Answer it from the owner area's Support tab: ${deps.publicUrl}/owner/admin/dashboard`,
            ],
          }),
        };
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    deps.log.error({ err: error, ticketNumber: ticket.ticketNumber }, 'ticket reply mail failed');
    return false;
  }
}

/**
 * The acknowledgement a new ticket gets at once: its number, the promise, and the link to follow
 * it. A failed mail is logged: the number was on the shopper's screen already.
 */
export async function acknowledgeTicket(
  deps: TicketDeps,
  ticket: { ticketNumber: string; fromName: string; replyTo: string; what: string },
): Promise<void> {
  const key = signTicketKey(deps.secret, ticket.ticketNumber);
  try {
    await deps.mailer.send({
      to: ticket.replyTo,
      subject: `We have your ${ticket.what}: ticket ${ticket.ticketNumber}`,
      ...renderMail({
        heading: `We have your ${ticket.what}`,
        paragraphs: [
          `Hello ${ticket.fromName}, thank you for writing to us. Your ticket number is`,
          TICKET_PROMISE,
          `Follow it, and answer us, here: ${ticketLink(deps.publicUrl, ticket.ticketNumber, key)}`,
        ],
        highlight: ticket.ticketNumber,
        footnote: `The link works for ${TICKET_LINK_DAYS} days. Signed in, you also find this under My support requests.`,
      }),
    });
  } catch (error) {
    deps.log.error(
      { err: error, ticketNumber: ticket.ticketNumber },
      'ticket acknowledgement mail failed',
    );
  }
}

/** The header the storefront sends a ticket link's key in, so that no address carries it. */
export const READ_TICKET_KEY_HEADER = 'x-ticket-key';
