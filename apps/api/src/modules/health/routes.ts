import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { success } from '../../lib/envelope';
import { ServiceUnavailableError } from '../../lib/errors';
import { answers } from '../../plugins/route-contracts';

const healthShape = z.object({ status: z.literal('ok'), database: z.literal('up') });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        description: 'A 503 names the part that is down.',
        tags: ['operations'],
        response: answers(healthShape, [503]),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new ServiceUnavailableError('Database unavailable', [
          { field: 'database', message: 'down' },
        ]);
      }
      return success({ status: 'ok' as const, database: 'up' as const }, 'Service is healthy');
    },
  );
};
