import { apiFailureShape, apiSuccessShape } from '@makhana/domain/contracts/envelope';
import { gstReturnsQueryShape, gstReturnsShape } from '@makhana/domain/contracts/invoicing';
import { documentFileName } from '@makhana/domain/gst';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { success } from '../../lib/envelope';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { sendDownload } from '../../lib/file-answer';
import { isUuid } from '../../lib/ids';
import { answers } from '../../plugins/route-contracts';
import { creditNotesOf, type IssuedDocument, invoiceOf } from './issue';
import { renderDocumentPdf } from './pdf';
import { gstReturns, gstReturnsCsv } from './returns';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';
export const GST_RETURNS_READY = 'GST returns ready';
const CSV_PART_NEEDED = 'part: name the part of the returns to download: b2cs, hsn or documents';

export interface InvoiceRouteDeps {
  db: Database;
}

const pdfAnswer = {
  200: {
    description: 'The document as an A4 PDF',
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  },
  default: apiFailureShape,
};

const orderParams = z.object({ orderId: z.string() });

/** A paid order's tax documents as PDFs, for the order's customer or the owner. */
export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRouteDeps> = async (app, { db }) => {
  /**
   * The order, if the caller may read its documents: the owner any, a customer their own. Anyone
   * else learns only what a missing document says.
   */
  async function readable(request: FastifyRequest, orderId: string, missing: string) {
    if (!isUuid(orderId)) throw new NotFoundError(missing);
    const { realm, subjectId } = request.auth;
    if (realm === 'owner') return;
    const [mine] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, subjectId)));
    if (!mine) throw new NotFoundError(missing);
  }

  async function sendPdf(reply: FastifyReply, document: IssuedDocument) {
    const bytes = await renderDocumentPdf(document);
    const name = documentFileName(
      document.kind === 'invoice' ? 'invoice' : 'credit-note',
      document.number,
    );
    return sendDownload(reply, { contentType: 'application/pdf', name, body: bytes });
  }

  app.get(
    '/invoice/:orderId',
    {
      config: { realm: 'customerOrOwner' },
      schema: {
        summary: "A paid order's GST tax invoice, as a PDF",
        description:
          "For the order's customer or the owner; anyone else, and an order without an invoice yet, get a 404.",
        tags: ['invoicing'],
        params: orderParams,
        response: pdfAnswer,
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      await readable(request, orderId, INVOICE_NOT_FOUND);
      const invoice = await invoiceOf(db, orderId);
      if (!invoice) throw new NotFoundError(INVOICE_NOT_FOUND);
      return sendPdf(reply, invoice);
    },
  );

  app.get(
    '/credit-note/:orderId',
    {
      config: { realm: 'customerOrOwner' },
      schema: {
        summary: "One of a refunded order's credit notes, as a PDF",
        description:
          "`?n=1` is the first credit note of the order, `?n=2` the second; without it, the latest. For the order's customer or the owner.",
        tags: ['invoicing'],
        params: orderParams,
        querystring: z.object({
          n: z.coerce
            .number({ error: 'n must be a whole number from 1' })
            .int({ error: 'n must be a whole number from 1' })
            .min(1, { error: 'n must be a whole number from 1' })
            .max(1000, { error: 'n must be a whole number from 1' })
            .optional(),
        }),
        response: pdfAnswer,
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      await readable(request, orderId, CREDIT_NOTE_NOT_FOUND);
      const notes = await creditNotesOf(db, orderId);
      const note = request.query.n === undefined ? notes.at(-1) : notes[request.query.n - 1];
      if (!note) throw new NotFoundError(CREDIT_NOTE_NOT_FOUND);
      return sendPdf(reply, note);
    },
  );

  app.get(
    '/gst-returns',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "The month's GST returns (GSTR-1 of a B2C seller)",
        description:
          "B2C (small) by place of supply and rate, the HSN summary and the documents issued, from the tax documents issued in the month (India's time), credit notes subtracted. `?format=csv&part=b2cs|hsn|documents` downloads one part as CSV.",
        tags: ['invoicing'],
        querystring: gstReturnsQueryShape,
        response: {
          ...answers(gstReturnsShape),
          200: {
            description: 'The returns, or one part of them as CSV',
            content: {
              'application/json': { schema: apiSuccessShape(gstReturnsShape) },
              'text/csv': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { month, format, part } = request.query;
      if (format !== 'csv') return success(await gstReturns(db, month), GST_RETURNS_READY);
      if (!part) {
        throw new BadRequestError(CSV_PART_NEEDED, [
          { field: 'part', message: 'part must be b2cs, hsn or documents' },
        ]);
      }
      const returns = await gstReturns(db, month, part);
      return sendDownload(reply, {
        contentType: 'text/csv; charset=utf-8',
        name: `gst-${part}-${month}.csv`,
        body: gstReturnsCsv(returns, part),
      });
    },
  );
};
