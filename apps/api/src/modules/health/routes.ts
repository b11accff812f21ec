import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { success } from '../../lib/envelope';
import { ServiceUnavailableError } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/health', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new ServiceUnavailableError('Database unavailable', [
        { field: 'database', message: 'down' },
      ]);
    }
    return success({ status: 'ok', database: 'up' }, 'Service is healthy');
  });
};
