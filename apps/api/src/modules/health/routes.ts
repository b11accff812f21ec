import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { success } from '../../lib/envelope';
import { ServiceUnavailableError } from '../../lib/errors';
import type { ShopRedis } from '../../lib/redis-client';
import { answers } from '../../plugins/route-contracts';

const state = z.enum(['up', 'down', 'off']);
const healthShape = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  redis: state.meta({
    description: '`off` without REDIS_URL; `down` while the shop runs on its per-process fallbacks',
  }),
  mail: state.meta({ description: '`off` when mail goes to the outbox folder (no SMTP_URL)' }),
});

export interface HealthDeps {
  db: Database;
  redis: ShopRedis | null;
  mailer: Mailer;
}

/** up, down or off: a service the shop can do without is reported, and never fails the check. */
function stateOf(answers: boolean | null): z.infer<typeof state> {
  if (answers === null) return 'off';
  return answers ? 'up' : 'down';
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (
  app,
  { db, redis, mailer },
) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and the services it uses answer',
        description:
          'A 503 only when the database is down (the shop cannot serve without it); Redis and the mail server are reported as `up`, `down` or `off`.',
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
      const mail = stateOf(await mailer.reachable());
      const cache = stateOf(redis ? redis.status === 'ready' && redis.circuitClosed : null);
      return success(
        { status: 'ok' as const, database: 'up' as const, redis: cache, mail },
        'Service is healthy',
      );
    },
  );
};
