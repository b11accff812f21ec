import { adminLoginSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { UnauthorizedError } from '../../../lib/errors';
import { maxLengths, parseInput } from '../../../lib/validation';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { SESSION_EXPIRED } from '../auth/tokens';
import { getAdminView, SignInLockedError, signInOwner } from './service';

const LOGIN_LIMITS = maxLengths({ email: 254, password: 200 });

export const adminRoutes: FastifyPluginAsync<{
  db: Database;
  config: Config;
}> = async (app, { db, config }) => {
  app.post(
    '/onlyAdminTo/login',
    { config: strictRateLimit(config.rateLimit) },
    async (request, reply) => {
      const { email, password } = parseInput(adminLoginSchema, request.body);
      parseInput(LOGIN_LIMITS, { email, password });
      const admin = await signInOwner(db, email, password, config.signInLockout).catch(
        (error: unknown) => {
          if (error instanceof SignInLockedError) {
            reply.header('retry-after', error.retryAfterSeconds);
          }
          throw error;
        },
      );
      const session = await app.auth.sessions.start(
        'owner',
        admin._id,
        String(request.headers['user-agent'] ?? ''),
      );
      app.auth.setCookies(reply, 'owner', session);
      return success(
        { admin, accessToken: session.accessToken, refreshToken: session.refreshToken },
        'Admin login successfully',
      );
    },
  );

  app.get('/getAdmin', { preHandler: app.auth.requireOwner }, async (request) => {
    return success(await getAdminView(db, request.auth.subjectId), 'Admin fetched successfully');
  });

  app.post('/refresh-token', async (request, reply) => {
    try {
      const token = app.auth.refreshTokenOf(request, 'owner');
      if (!token) throw new UnauthorizedError(SESSION_EXPIRED);
      const session = await app.auth.sessions.rotate(
        'owner',
        token,
        String(request.headers['user-agent'] ?? ''),
      );
      app.auth.setCookies(reply, 'owner', session);
      return success(
        { accessToken: session.accessToken, refreshToken: session.refreshToken },
        'Access token refreshed',
      );
    } catch (error) {
      if (error instanceof UnauthorizedError) app.auth.clearCookies(reply, 'owner');
      throw error;
    }
  });

  app.post('/logoutAdmin', async (request, reply) => {
    await app.auth.endSession(request, 'owner');
    app.auth.clearCookies(reply, 'owner');
    return success(null, 'Admin Logout successfully');
  });
};
