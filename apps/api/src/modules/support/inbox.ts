import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { API_BASE, type PageMeta } from '@makhana/domain/api';
import type { SupportInboxQuery, SupportMessage } from '@makhana/domain/contracts/owner';
import {
  REPLY_DUE_HOURS,
  RESOLUTION_DUE_DAYS,
  replyOverdue,
  resolutionOverdue,
  ticketStatus,
} from '@makhana/domain/support';
import { and, count, desc, eq, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { complaints, contactMessages, orders } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { containing, offsetOf } from '../../lib/search';

export const SUPPORT_MESSAGE_NOT_FOUND = 'Message not found';
export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Where the owner opens a complaint's invoice: the id names the complaint, never a file. */
export const invoiceUrlOf = (complaintId: string) => `${API_BASE}/supports/invoice/${complaintId}`;

/**
 * What the inbox narrows by, for one table: the search over its names, e-mails and text, the
 * open or resolved state, and one message by id.
 */
function narrowed(
  table: { resolvedAt: PgColumn; id: PgColumn },
  searched: PgColumn[],
  query: Partial<SupportInboxQuery> & { id?: string },
): SQL | undefined {
  const words = containing(query.q);
  return and(
    words ? or(...searched.map((column) => ilike(column, words))) : undefined,
    query.status === 'open' ? isNull(table.resolvedAt) : undefined,
    query.status === 'resolved' ? isNotNull(table.resolvedAt) : undefined,
    query.id ? eq(table.id, query.id) : undefined,
  );
}

/** The complaints that name an order: by its id or its number, as the customer typed either. */
function namingOrder(db: Database, orderId: string | undefined): SQL | undefined {
  if (orderId === undefined) return undefined;
  // An order's id is a uuid: anything else names no order, and is never sent to the database.
  if (!isUuid(orderId)) return sql`false`;
  const reference = sql`trim(${complaints.orderId})`;
  return or(
    eq(sql`lower(${reference})`, orderId.toLowerCase()),
    eq(
      sql`upper(${reference})`,
      sql`(${db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, orderId))})`,
    ),
  );
}

/**
 * The order a complaint names: the customer typed its id or its number (in any case). Orders
 * belong to checkout; this read crosses into its table in SQL because a lookup per complaint of
 * the page is the point. Built as a subquery so its columns are named with their table.
 */
function namedOrder(db: Database, column: PgColumn) {
  const reference = sql`trim(${complaints.orderId})`;
  return db
    .select({ picked: column })
    .from(orders)
    .where(
      or(eq(orders.id, sql`lower(${reference})`), eq(orders.orderNumber, sql`upper(${reference})`)),
    )
    .limit(1);
}

/**
 * Contact messages and complaints in one list, newest first: a union in SQL, so a page reads its
 * own rows whichever table they come from; the total is the two tables' counts.
 */
export async function listInbox(
  db: Database,
  query: SupportInboxQuery & { id?: string; from?: Sender },
): Promise<{ messages: SupportMessage[]; meta: PageMeta }> {
  const email = query.from?.email.toLowerCase();
  const contactWhere = and(
    // Only complaints name an order.
    query.order !== undefined ? sql`false` : undefined,
    email ? eq(sql`lower(${contactMessages.replyTo})`, email) : undefined,
    narrowed(
      contactMessages,
      [
        contactMessages.fromName,
        contactMessages.replyTo,
        contactMessages.phone,
        contactMessages.message,
        contactMessages.ticketNumber,
      ],
      query,
    ),
  );
  const complaintWhere = and(
    namingOrder(db, query.order),
    query.from && email
      ? or(eq(complaints.userId, query.from.userId), eq(sql`lower(${complaints.replyTo})`, email))
      : undefined,
    narrowed(
      complaints,
      [
        complaints.fromName,
        complaints.replyTo,
        complaints.query,
        complaints.issueType,
        complaints.orderId,
        complaints.ticketNumber,
      ],
      query,
    ),
  );
  const contacts = db
    .select({
      id: contactMessages.id,
      kind: sql<'contact' | 'complaint'>`'contact'`.as('kind'),
      fromName: contactMessages.fromName,
      replyTo: contactMessages.replyTo,
      phone: sql<string | null>`${contactMessages.phone}`.as('phone'),
      message: contactMessages.message,
      issueType: sql<string | null>`null::text`.as('issue_type'),
      orderReference: sql<string | null>`null::text`.as('order_reference'),
      orderId: sql<string | null>`null::text`.as('order_id'),
      orderNumber: sql<string | null>`null::text`.as('order_number'),
      hasInvoice: sql<boolean>`false`.as('has_invoice'),
      resolvedAt: contactMessages.resolvedAt,
      createdAt: contactMessages.createdAt,
      ticketNumber: contactMessages.ticketNumber,
      awaitingReplySince: contactMessages.awaitingReplySince,
    })
    .from(contactMessages)
    .where(contactWhere);
  const complaintRows = db
    .select({
      id: complaints.id,
      kind: sql<'contact' | 'complaint'>`'complaint'`.as('kind'),
      fromName: complaints.fromName,
      replyTo: complaints.replyTo,
      phone: sql<string | null>`null::text`.as('phone'),
      message: complaints.query,
      issueType: sql<string | null>`${complaints.issueType}`.as('issue_type'),
      orderReference: sql<string | null>`${complaints.orderId}`.as('order_reference'),
      orderId: sql<string | null>`(${namedOrder(db, orders.id)})`.as('order_id'),
      orderNumber: sql<string | null>`(${namedOrder(db, orders.orderNumber)})`.as('order_number'),
      hasInvoice: sql<boolean>`${complaints.invoiceUrl} is not null`.as('has_invoice'),
      resolvedAt: complaints.resolvedAt,
      createdAt: complaints.createdAt,
      ticketNumber: complaints.ticketNumber,
      awaitingReplySince: complaints.awaitingReplySince,
    })
    .from(complaints)
    .where(complaintWhere);
  const inbox = unionAll(contacts, complaintRows).as('inbox');
  const [rows, [contactCount], [complaintCount]] = await Promise.all([
    db
      .select()
      .from(inbox)
      // The id breaks ties between messages of the same instant, so pages never overlap.
      .orderBy(desc(inbox.createdAt), desc(inbox.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(contactMessages).where(contactWhere),
    db.select({ n: count() }).from(complaints).where(complaintWhere),
  ]);
  const now = new Date();
  const messages = rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    fromName: row.fromName,
    replyTo: row.replyTo,
    phone: row.phone,
    message: row.message,
    issueType: row.issueType,
    orderReference: row.orderReference,
    order:
      row.orderId && row.orderNumber ? { _id: row.orderId, orderNumber: row.orderNumber } : null,
    invoiceUrl: row.hasInvoice ? invoiceUrlOf(row.id) : null,
    resolved: row.resolvedAt !== null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ticketNumber: row.ticketNumber,
    status: ticketStatus(row),
    awaitingReplySince: row.awaitingReplySince?.toISOString() ?? null,
    replyOverdue: replyOverdue(row, now),
    resolutionOverdue: resolutionOverdue(row, now),
  }));
  const { page, limit } = query;
  const total = Number(contactCount?.n ?? 0) + Number(complaintCount?.n ?? 0);
  return { messages, meta: { page, limit, total } };
}

/**
 * A customer's messages: complaints linked to their account or sent from its e-mail, and contact
 * messages sent from it (the contact form is open to visitors, so those carry no account). The
 * same rule as erasing them (`forgetCustomerMessages`).
 */
export interface Sender {
  userId: string;
  email: string;
}

/** A customer's newest messages, for the owner's page of that customer. */
export async function messagesFrom(
  db: Database,
  sender: Sender,
  limit: number,
): Promise<SupportMessage[]> {
  const { messages } = await listInbox(db, { page: 1, limit, from: sender });
  return messages;
}

/**
 * The owner's dashboard figures of the inbox: tickets not resolved yet, those whose customer has
 * waited for an answer over a day, and those unresolved over a month.
 */
export async function supportFigures(
  db: Database,
  now = new Date(),
): Promise<{ open: number; replyOverdue: number; resolutionOverdue: number }> {
  const replyDue = new Date(now.getTime() - REPLY_DUE_HOURS * 3_600_000);
  const resolutionDue = new Date(now.getTime() - RESOLUTION_DUE_DAYS * 24 * 3_600_000);
  const figuresOf = async (table: typeof contactMessages | typeof complaints) => {
    const [row] = await db
      .select({
        open: count(),
        reply:
          sql<number>`count(*) filter (where ${lt(table.awaitingReplySince, replyDue)})`.mapWith(
            Number,
          ),
        resolution:
          sql<number>`count(*) filter (where ${lt(table.createdAt, resolutionDue)})`.mapWith(
            Number,
          ),
      })
      .from(table)
      .where(isNull(table.resolvedAt));
    return row ?? { open: 0, reply: 0, resolution: 0 };
  };
  const [contacts, complaintFigures] = await Promise.all([
    figuresOf(contactMessages),
    figuresOf(complaints),
  ]);
  return {
    open: contacts.open + complaintFigures.open,
    replyOverdue: contacts.reply + complaintFigures.reply,
    resolutionOverdue: contacts.resolution + complaintFigures.resolution,
  };
}

/** Marks a contact message or a complaint resolved, or open again; either kind, by its id. */
export async function resolveMessage(
  db: Database,
  id: string,
  resolved: boolean,
): Promise<SupportMessage> {
  if (!isUuid(id)) throw new NotFoundError(SUPPORT_MESSAGE_NOT_FOUND);
  // Resolving again keeps the first time it was resolved.
  const resolvedAt = (column: PgColumn) => (resolved ? sql`coalesce(${column}, now())` : null);
  const [contact] = await db
    .update(contactMessages)
    .set({ resolvedAt: resolvedAt(contactMessages.resolvedAt) })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!contact) {
    const [complaint] = await db
      .update(complaints)
      .set({ resolvedAt: resolvedAt(complaints.resolvedAt) })
      .where(eq(complaints.id, id))
      .returning({ id: complaints.id });
    if (!complaint) throw new NotFoundError(SUPPORT_MESSAGE_NOT_FOUND);
  }
  const { messages } = await listInbox(db, { id, page: 1, limit: 1 });
  if (!messages[0]) throw new NotFoundError(SUPPORT_MESSAGE_NOT_FOUND);
  return messages[0];
}

/** What submitComplaint writes, and nothing else: a stored path that is not this is never opened. */
export const STORED_INVOICE = /^complaints\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;
const INVOICE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

export interface InvoiceFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * A complaint's invoice, from DATA_DIR/private. The file is the one the complaint's row names;
 * the caller's id only picks the row, so no path is ever built from input.
 */
export async function openInvoice(
  db: Database,
  privateDir: string,
  complaintId: string,
): Promise<InvoiceFile> {
  if (!isUuid(complaintId)) throw new NotFoundError(INVOICE_NOT_FOUND);
  const [row] = await db
    .select({ invoiceUrl: complaints.invoiceUrl })
    .from(complaints)
    .where(eq(complaints.id, complaintId));
  const stored = row?.invoiceUrl;
  const match = stored && stored.length <= 60 ? STORED_INVOICE.exec(stored) : null;
  if (!stored || !match) throw new NotFoundError(INVOICE_NOT_FOUND);
  const file = path.join(privateDir, stored);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new NotFoundError(INVOICE_NOT_FOUND);
  const ext = match[1] as keyof typeof INVOICE_TYPES;
  return { stream: createReadStream(file), contentType: INVOICE_TYPES[ext], size: found.size };
}
