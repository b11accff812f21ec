import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import { orderExportQueryShape } from '@makhana/domain/contracts/owner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { sendDownload } from '../../../lib/file-answer';
import { exportFileName, orderExport } from './export';

/** The accountant's file: every line of the orders paid in a range of India's days. */
export const orderExportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/export',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary: 'The orders paid between two days as CSV, one line per order line',
        description:
          "`?from=` and `?to=` are India's calendar days (`YYYY-MM-DD`), both included, at most 366 days. Orders later refunded are included, with their status. Amounts in rupees with two decimals.",
        tags: ['checkout'],
        querystring: orderExportQueryShape,
        response: {
          200: {
            description:
              'A CSV file (RFC 4180, UTF-8 with a byte-order mark), sent as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          default: apiFailureShape,
        },
      },
    },
    async (request, reply) =>
      sendDownload(reply, {
        contentType: 'text/csv; charset=utf-8',
        name: exportFileName(request.query),
        // Streamed as it is written.
        body: orderExport(db, request.query),
      }),
  );
};
