import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { complaintSchema, contactSchema } from '@makhana/domain/validation';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ImageRefusedError,
  REFUSAL_MESSAGES,
  reencodeDocument,
} from '../../adapters/images/image-pipeline';
import { renderMail } from '../../adapters/mail/template';
import { complaints, contactMessages } from '../../db/schema';
import { BadRequestError } from '../../lib/errors';
import { acknowledgeTicket, type TicketDeps, ticketNumberSql } from './tickets';

export const CONTACT_SENT_MESSAGE = 'Message sent successfully!';
export const COMPLAINT_SENT_MESSAGE = 'Complaint submitted successfully!';
export const INVOICE_REQUIRED_MESSAGE = 'Please attach your invoice as an image';
export const INVOICE_NOT_IMAGE_MESSAGE = 'The invoice must be a JPEG, PNG, WebP or GIF image';
export const INVOICE_MAX_BYTES = 5 * 1024 * 1024;
export const INVOICE_TOO_LARGE_MESSAGE = 'The invoice must be at most 5 MB';
export const INVOICE_UNREADABLE_MESSAGE = 'The invoice is not a readable picture';

export type ContactInput = z.output<typeof contactSchema>;
export type ComplaintInput = z.output<typeof complaintSchema>;

export interface SupportDeps extends TicketDeps {
  /** DATA_DIR/private: files that are never served, such as complaint invoices */
  privateDir: string;
  log: FastifyBaseLogger;
}

export interface ImageKind {
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  contentType: string;
}

const DOCUMENT_FORMAT = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' } as const;

/**
 * The invoice as it will be kept: decoded and written again in its format, its metadata (where a
 * phone photo was taken, by what) left behind; bytes that do not decode as a picture are refused.
 */
export async function cleanInvoice(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  try {
    return await reencodeDocument(bytes, DOCUMENT_FORMAT[kind.ext]);
  } catch (error) {
    if (!(error instanceof ImageRefusedError)) throw error;
    const message =
      error.reason === 'pixels' ? REFUSAL_MESSAGES.pixels : INVOICE_UNREADABLE_MESSAGE;
    throw invoiceError(message);
  }
}

/**
 * What the bytes really are, from their magic numbers; the declared mimetype and the file name are
 * the sender's word and are not trusted. SVG (script-capable text) is never an image here.
 */
export function sniffImage(bytes: Buffer): ImageKind | null {
  const starts = (hex: string, at = 0) =>
    bytes.length >= at + hex.length / 2 &&
    bytes.subarray(at, at + hex.length / 2).equals(Buffer.from(hex, 'hex'));
  if (starts('ffd8ff')) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (starts('89504e470d0a1a0a')) return { ext: 'png', contentType: 'image/png' };
  if (starts('52494646') && starts('57454250', 8))
    return { ext: 'webp', contentType: 'image/webp' };
  if (starts('47494638')) return { ext: 'gif', contentType: 'image/gif' };
  return null;
}

const invoiceError = (message: string) =>
  new BadRequestError(`invoice: ${message}`, [{ field: 'invoice', message }]);

/** The invoice as sent, checked: present, at most 5 MB and really an image. */
export function checkInvoice(bytes: Buffer | null): ImageKind {
  if (!bytes || bytes.length === 0) throw invoiceError(INVOICE_REQUIRED_MESSAGE);
  if (bytes.length > INVOICE_MAX_BYTES) throw invoiceError(INVOICE_TOO_LARGE_MESSAGE);
  const kind = sniffImage(bytes);
  if (!kind) throw invoiceError(INVOICE_NOT_IMAGE_MESSAGE);
  return kind;
}

/**
 * Stores the message as a new ticket, mails the owner, then acknowledges it to the shopper. The
 * row is written first and a failed mail is only logged: the message is never lost, the owner
 * still finds it in `contact_messages` (mailed_at stays null for the ones whose mail did not go
 * out), and the shopper still gets a 200 with the ticket's number.
 */
export async function submitContact(
  deps: SupportDeps,
  input: ContactInput,
): Promise<{ ticketNumber: string }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      fromName: input.from_name,
      replyTo: input.reply_to,
      phone: input.phone,
      message: input.message,
      ticketNumber: await ticketNumberSql(deps.db),
      awaitingReplySince: sql`now()`,
    })
    .returning({ id: contactMessages.id, ticketNumber: contactMessages.ticketNumber });
  if (!row) throw new Error('contact message was not stored');

  const content = renderMail({
    heading: 'New message from the contact form',
    paragraphs: [
      `From: ${input.from_name}`,
      `Email: ${input.reply_to}`,
      `Phone: ${input.phone}`,
      'Message:',
      input.message,
    ],
    footnote: 'Reply to this mail to answer the shopper directly.',
  });
  try {
    await deps.mailer.send({
      to: deps.ownerEmail,
      replyTo: input.reply_to,
      subject: `Contact message from ${oneLine(input.from_name)} (ticket ${row.ticketNumber})`,
      ...content,
    });
    await deps.db
      .update(contactMessages)
      .set({ mailedAt: new Date() })
      .where(eq(contactMessages.id, row.id));
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: row.id }, 'contact mail to the owner failed');
  }
  await acknowledgeTicket(deps, {
    ticketNumber: row.ticketNumber,
    fromName: input.from_name,
    replyTo: input.reply_to,
    what: 'message',
  });
  return { ticketNumber: row.ticketNumber };
}

export interface Invoice {
  bytes: Buffer;
  kind: ImageKind;
}

/**
 * Writes the invoice under DATA_DIR/private/complaints/<uuid>.<ext> (an invoice carries a
 * shopper's name and address, so it is never served), stores the complaint and mails the owner
 * with the invoice attached. As with contact messages, a failed mail is logged and the complaint
 * stays in `complaints` (mailed_at null) for the owner to find.
 */
export async function submitComplaint(
  deps: SupportDeps,
  input: ComplaintInput,
  invoice: Invoice,
  customerId: string | null,
): Promise<{ id: string; invoiceUrl: string; ticketNumber: string }> {
  const name = `${randomUUID()}.${invoice.kind.ext}`;
  const dir = path.join(deps.privateDir, 'complaints');
  await mkdir(dir, { recursive: true });
  // A temporary name first, so nobody ever reads half a file.
  const temporary = path.join(dir, `.${name}.tmp`);
  await writeFile(temporary, invoice.bytes);
  await rename(temporary, path.join(dir, name));
  const invoiceUrl = `complaints/${name}`;

  const [row] = await deps.db
    .insert(complaints)
    .values({
      fromName: input.from_name,
      replyTo: input.reply_to,
      orderId: input.order_id,
      issueType: input.issue_type,
      query: input.query,
      invoiceUrl,
      userId: customerId,
      ticketNumber: await ticketNumberSql(deps.db),
      awaitingReplySince: sql`now()`,
    })
    .returning({ id: complaints.id, ticketNumber: complaints.ticketNumber });
  if (!row) throw new Error('complaint was not stored');

  const content = renderMail({
    heading: 'New complaint',
    paragraphs: [
      `From: ${input.from_name}`,
      `Email: ${input.reply_to}`,
      `Order number: ${input.order_id}`,
      `Issue: ${input.issue_type}`,
      'Details:',
      input.query,
      `The invoice is attached (kept in the shop's private files as ${invoiceUrl}).`,
    ],
    footnote: 'Reply to this mail to answer the shopper directly.',
  });
  try {
    await deps.mailer.send({
      to: deps.ownerEmail,
      replyTo: input.reply_to,
      subject: `Complaint (${input.issue_type}) for order ${oneLine(input.order_id)} (ticket ${row.ticketNumber})`,
      ...content,
      attachments: [
        {
          filename: `invoice.${invoice.kind.ext}`,
          content: invoice.bytes,
          contentType: invoice.kind.contentType,
        },
      ],
    });
    await deps.db.update(complaints).set({ mailedAt: new Date() }).where(eq(complaints.id, row.id));
  } catch (error) {
    deps.log.error({ err: error, complaintId: row.id }, 'complaint mail to the owner failed');
  }
  await acknowledgeTicket(deps, {
    ticketNumber: row.ticketNumber,
    fromName: input.from_name,
    replyTo: input.reply_to,
    what: 'complaint',
  });
  return { id: row.id, invoiceUrl, ticketNumber: row.ticketNumber };
}

/** A subject line takes no line breaks and stays short. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, 80);
}
