import path from 'node:path';
import multipart from '@fastify/multipart';
import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import {
  resolveSupportBodyShape,
  supportInboxQueryShape,
  supportMessageShape,
} from '@makhana/domain/contracts/owner';
import {
  ticketCreatedShape,
  ticketShape,
  ticketSummaryShape,
} from '@makhana/domain/contracts/support';
import { complaintSchema, contactSchema, ticketReplySchema } from '@makhana/domain/validation';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { page, success } from '../../lib/envelope';
import { AppError, BadRequestError, UnauthorizedError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { strictRateLimit } from '../../plugins/rate-limit';
import { answers, pageAnswers } from '../../plugins/route-contracts';
import { SESSION_EXPIRED } from '../accounts';
import { listInbox, openInvoice, resolveMessage } from './inbox';
import {
  COMPLAINT_SENT_MESSAGE,
  CONTACT_SENT_MESSAGE,
  checkInvoice,
  cleanInvoice,
  INVOICE_MAX_BYTES,
  INVOICE_REQUIRED_MESSAGE,
  INVOICE_TOO_LARGE_MESSAGE,
  type SupportDeps,
  submitComplaint,
  submitContact,
} from './service';
import {
  customerTickets,
  READ_TICKET_KEY_HEADER,
  REPLY_SENT,
  readTicket,
  replyToTicket,
  TICKET_FETCHED,
  TICKETS_FETCHED,
  type TicketReader,
} from './tickets';

export interface SupportRouteDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

export const INBOX_FETCHED = 'Messages fetched successfully';
export const MESSAGE_RESOLVED = 'Marked as resolved';
export const MESSAGE_REOPENED = 'Marked as open';

// Not checked as a uuid here: any other id answers the same 404 as a missing message.
const messageParams = z.object({ id: z.string() });

const COMPLAINT_FIELDS = new Set(['from_name', 'reply_to', 'order_id', 'issue_type', 'query']);

const invoiceError = (statusCode: number, message: string) =>
  new AppError(statusCode, `invoice: ${message}`, [{ field: 'invoice', message }]);

const MALFORMED_FORM = 'Malformed multipart form';

/**
 * The complaint's text fields and its invoice bytes, read from a multipart body within limits.
 * Whatever the parser throws on the caller's bytes (no boundary, a cut-off body) is their error:
 * a 4xx, never a 500.
 */
async function readComplaint(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; invoice: Buffer | null }> {
  if (!request.isMultipart()) throw invoiceError(400, INVOICE_REQUIRED_MESSAGE);
  try {
    return await readParts(request);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new BadRequestError(`body: ${MALFORMED_FORM}`, [
      { field: 'body', message: MALFORMED_FORM },
    ]);
  }
}

async function readParts(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; invoice: Buffer | null }> {
  const fields: Record<string, string> = {};
  let invoice: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'invoice') {
        part.file.resume();
        throw new BadRequestError(`${part.fieldname}: Unexpected file`, [
          { field: part.fieldname, message: 'Unexpected file' },
        ]);
      }
      try {
        invoice = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw invoiceError(413, INVOICE_TOO_LARGE_MESSAGE);
        }
        throw error;
      }
    } else if (COMPLAINT_FIELDS.has(part.fieldname)) {
      if (part.valueTruncated) {
        throw new AppError(413, `${part.fieldname}: Too long`, [
          { field: part.fieldname, message: 'Too long' },
        ]);
      }
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, invoice };
}

/** The complaint form as the API document shows it; the handler reads it part by part. */
const complaintForm = complaintSchema.extend({
  invoice: z.string().meta({
    format: 'binary',
    description: 'the invoice: a PDF, JPEG or PNG file of at most 5 MB',
  }),
});

/**
 * The multipart body is streamed in the handler, within limits, so there is nothing parsed for a
 * schema to check before it: the form's schema documents the route, the handler validates.
 */
const formReadByHandler: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/** The contact form and the complaint form: public writes, each mailed to the owner (OWNER_EMAIL). */
export const supportRoutes: FastifyPluginAsyncZod<SupportRouteDeps> = async (app, deps) => {
  const { db, config, mailer } = deps;
  const strict = strictRateLimit(config.rateLimit);
  const service: SupportDeps = {
    db,
    mailer,
    ownerEmail: config.mail.ownerEmail,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    privateDir: path.join(config.dataDir, 'private'),
    log: app.log,
  };
  // Multipart is parsed in this scope only: the rest of the API takes JSON.
  await app.register(multipart, {
    limits: { files: 1, fileSize: INVOICE_MAX_BYTES, fields: 10, fieldSize: 10 * 1024, parts: 11 },
  });

  app.post(
    '/contact-us',
    {
      config: strict,
      schema: {
        summary: 'Send the contact form to the owner',
        tags: ['support'],
        body: contactSchema,
        response: answers(ticketCreatedShape),
      },
    },
    async (request) => {
      const ticket = await submitContact(service, request.body);
      return success(ticket, CONTACT_SENT_MESSAGE);
    },
  );

  app.post(
    '/raise-complaint',
    {
      config: strict,
      validatorCompiler: formReadByHandler,
      schema: {
        summary: 'Send a complaint with its invoice to the owner',
        tags: ['support'],
        consumes: ['multipart/form-data'],
        body: complaintForm,
        response: answers(ticketCreatedShape),
      },
    },
    async (request) => {
      const { fields, invoice } = await readComplaint(request);
      if (Object.values(fields).some((value) => value.includes('\u0000'))) {
        throw new BadRequestError('body: Text may not contain NUL characters', [
          { field: 'body', message: 'Text may not contain NUL characters' },
        ]);
      }
      const input = parseInput(complaintSchema, fields);
      const kind = checkInvoice(invoice);
      const bytes = await cleanInvoice(invoice as Buffer, kind);
      const customer = await app.auth.signedIn(request);
      const { ticketNumber } = await submitComplaint(
        service,
        input,
        { bytes, kind },
        customer?.realm === 'customer' ? customer.subjectId : null,
      );
      return success({ ticketNumber }, COMPLAINT_SENT_MESSAGE);
    },
  );

  /** Who opens a thread: the owner, the signed-in customer, else a visitor with the link's key. */
  /**
   * Who asks. A session that ran out answers 401, so the page renews it and asks again, rather
   * than reading as a visitor's and getting "not found"; with a link's key the thread opens
   * without one, so the key's holder is never sent to sign in.
   */
  async function readerOf(request: FastifyRequest, key: string | null): Promise<TicketReader> {
    const signedIn = await app.auth.signedIn(request);
    if (signedIn?.realm === 'owner') return { as: 'owner' };
    if (signedIn?.realm === 'customer') return { as: 'customer', userId: signedIn.subjectId };
    const presented = (['customer', 'owner'] as const).some((realm) =>
      app.auth.accessTokenOf(request, realm),
    );
    if (presented && !key) throw new UnauthorizedError(SESSION_EXPIRED);
    return { as: 'link' };
  }
  /** The link's key: the `X-Ticket-Key` header the storefront sends, or `?token=`. */
  const keyOf = (request: FastifyRequest & { query: { token?: string } }) => {
    const header = request.headers[READ_TICKET_KEY_HEADER];
    return (typeof header === 'string' ? header : request.query.token) ?? null;
  };
  const ticketParams = z.object({ ticketNumber: z.string().max(40) });
  const ticketQuery = z.object({
    token: z.string().max(200).optional().meta({
      description:
        "the key a ticket's mail links with (also accepted as the `X-Ticket-Key` header, which keeps it out of addresses)",
    }),
  });

  app.get(
    '/tickets',
    {
      config: { realm: 'customer' },
      schema: {
        summary: "The signed-in customer's support requests, newest first",
        tags: ['support'],
        response: answers(z.array(ticketSummaryShape)),
      },
    },
    async (request) => success(await customerTickets(db, request.auth.subjectId), TICKETS_FETCHED),
  );

  app.get(
    '/ticket/:ticketNumber',
    {
      schema: {
        summary: "A ticket's thread",
        description:
          "For the ticket's customer, the owner, or anyone holding the key of the ticket's mail (30 days). Anyone else gets a 404.",
        tags: ['support'],
        params: ticketParams,
        querystring: ticketQuery,
        response: answers(ticketShape),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const key = keyOf(request);
      const reader = await readerOf(request, key);
      const ticket = await readTicket(service, request.params.ticketNumber, reader, key);
      return success(ticket, TICKET_FETCHED);
    },
  );

  app.post(
    '/reply/:ticketNumber',
    {
      config: strict,
      schema: {
        summary: "A word on a ticket's thread",
        description:
          "By the same three who may read it. The owner's answer is mailed to the customer and marks the ticket Answered; the customer's is mailed to the owner and opens it again.",
        tags: ['support'],
        params: ticketParams,
        querystring: ticketQuery,
        body: ticketReplySchema,
        response: answers(ticketShape),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const key = keyOf(request);
      const reader = await readerOf(request, key);
      const ticket = await replyToTicket(
        service,
        request.params.ticketNumber,
        reader,
        key,
        request.body.message,
      );
      return success(ticket, REPLY_SENT);
    },
  );

  app.get(
    '/inbox',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Contact messages and complaints together, newest first, a page at a time',
        description:
          '`?status=open|resolved` narrows; `?q=` searches names, e-mails, phone, text, issue and order reference.',
        tags: ['support'],
        querystring: supportInboxQueryShape,
        response: pageAnswers(supportMessageShape),
      },
    },
    async (request) => {
      const { messages, meta } = await listInbox(db, request.query);
      return page(messages, meta, INBOX_FETCHED);
    },
  );

  app.post(
    '/resolve/:id',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Mark a contact message or complaint resolved, or open again',
        tags: ['support'],
        params: messageParams,
        body: resolveSupportBodyShape,
        response: answers(supportMessageShape),
      },
    },
    async (request) => {
      const { resolved } = request.body;
      const message = await resolveMessage(db, request.params.id, resolved);
      return success(message, resolved ? MESSAGE_RESOLVED : MESSAGE_REOPENED);
    },
  );

  /** The invoice a complaint carried: owner-only, never cached, never sniffed into HTML. */
  app.get(
    '/invoice/:id',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "A complaint's invoice image",
        tags: ['support'],
        params: messageParams,
        response: {
          200: {
            description: 'The invoice as it was sent: a JPEG, PNG, WebP or GIF image',
            content: Object.fromEntries(
              ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].map((type) => [
                type,
                { schema: z.string().meta({ format: 'binary' }) },
              ]),
            ),
          },
          default: apiFailureShape,
        },
      },
    },
    async (request, reply) => {
      const invoice = await openInvoice(db, service.privateDir, request.params.id);
      // The schema documents the bytes as a binary string; Fastify sends a stream as it is.
      const bytes = invoice.stream as unknown as string;
      return reply
        .header('content-type', invoice.contentType)
        .header('content-length', String(invoice.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
