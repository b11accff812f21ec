import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import { documentFileName } from '@makhana/domain/gst';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { invoiceOf } from './issue';
import { renderDocumentPdf } from './pdf';

export const INVOICE_NOT_FOUND = 'Invoice not found';

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

/** A paid order's tax invoice as a PDF, for the order's customer or the owner. */
export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRouteDeps> = async (app, { db }) => {
  app.get(
    '/invoice/:orderId',
    {
      config: { realm: 'customerOrOwner' },
      schema: {
        summary: "A paid order's GST tax invoice, as a PDF",
        description:
          "For the order's customer or the owner; anyone else, and an order without an invoice yet, get a 404.",
        tags: ['invoicing'],
        params: z.object({ orderId: z.string() }),
        response: pdfAnswer,
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const { realm, subjectId } = request.auth;
      if (!isUuid(orderId)) throw new NotFoundError(INVOICE_NOT_FOUND);
      if (realm === 'customer') {
        const [mine] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, subjectId)));
        if (!mine) throw new NotFoundError(INVOICE_NOT_FOUND);
      }
      const invoice = await invoiceOf(db, orderId);
      if (!invoice) throw new NotFoundError(INVOICE_NOT_FOUND);
      const bytes = await renderDocumentPdf(invoice);
      const name = documentFileName('invoice', invoice.number);
      // The schema documents the bytes as a binary string; Fastify sends a Buffer as it is.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes as unknown as string);
    },
  );
};
