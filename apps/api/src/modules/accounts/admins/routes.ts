import { adminShape, adminSignInShape } from '@makhana/domain/contracts/accounts';
import { adminLoginSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { answers } from '../../../plugins/route-contracts';
import { userAgentOf } from '../auth/plugin';
import { sessionRoutes } from '../auth/session-routes';
import { getAdminView, SignInLockedError, signInOwner } from './service';

export const adminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
}> = async (app, { db, config }) => {
  app.post(
    '/onlyAdminTo/login',
    {
      config: strictRateLimit(config.rateLimit),
      schema: {
        summary: 'Sign the owner in with e-mail and password',
        description:
          'Repeated failures lock the account for a while; a locked sign-in answers 429 with Retry-After.',
        tags: ['accounts'],
        body: adminLoginSchema,
        response: answers(adminSignInShape, [401]),
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = await signInOwner(db, email, password, config.signInLockout).catch(
        (error: unknown) => {
          if (error instanceof SignInLockedError) {
            reply.header('retry-after', error.retryAfterSeconds);
          }
          throw error;
        },
      );
      const session = await app.auth.sessions.start('owner', admin._id, userAgentOf(request));
      app.auth.setCookies(reply, 'owner', session);
      return success(
        { admin, accessToken: session.accessToken, refreshToken: session.refreshToken },
        'Admin login successfully',
      );
    },
  );

  app.get(
    '/getAdmin',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'The signed-in owner',
        tags: ['accounts'],
        response: answers(adminShape),
      },
    },
    async (request) =>
      success(await getAdminView(db, request.auth.subjectId), 'Admin fetched successfully'),
  );

  await app.register(sessionRoutes, {
    realm: 'owner',
    logoutPath: '/logoutAdmin',
    logoutMessage: 'Admin Logout successfully',
  });
};
