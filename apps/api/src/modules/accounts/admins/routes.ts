import {
  adminShape,
  adminSignInShape,
  ownerSessionShape,
  recoveryCodesShape,
  secondFactorSetupShape,
} from '@makhana/domain/contracts/accounts';
import { describeDevice } from '@makhana/domain/device';
import { confirmIdentitySchema, confirmSecondFactorSchema } from '@makhana/domain/second-factor';
import { adminLoginSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { NotFoundError } from '../../../lib/errors';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { answers } from '../../../plugins/route-contracts';
import { userAgentOf } from '../auth/plugin';
import { sessionRoutes } from '../auth/session-routes';
import { confirmSecondFactor, startSecondFactorSetup } from './second-factor';
import { getAdminView, proveIdentity, SignInLockedError, signInOwner } from './service';

export const adminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
}> = async (app, { db, config }) => {
  app.post(
    '/onlyAdminTo/login',
    {
      config: strictRateLimit(config.rateLimit),
      schema: {
        summary: 'Sign the owner in with e-mail, password and, once set up, the second factor',
        description:
          'With a second factor set up and no `otp`, a right password answers 401 with `data.needsOtp: true`. ' +
          'Repeated failures from one client make that client wait (429 with Retry-After); past a ceiling ' +
          'for the e-mail from all clients, an owner without a second factor waits too.',
        tags: ['accounts'],
        body: adminLoginSchema,
        response: answers(adminSignInShape, [401]),
      },
    },
    async (request, reply) => {
      const { email, password, otp } = request.body;
      const attempt = { email, password, otp, client: request.ip };
      const admin = await signInOwner(db, attempt, config.signInLockout).catch((error: unknown) => {
        if (error instanceof SignInLockedError) {
          reply.header('retry-after', error.retryAfterSeconds);
        }
        throw error;
      });
      const session = await app.auth.sessions.start(
        'owner',
        admin._id,
        userAgentOf(request),
        request.ip,
      );
      app.auth.setCookies(reply, 'owner', session);
      return success(
        { admin, ...app.auth.bodyTokens(request, session) },
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

  app.post(
    '/totp/setup',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary: "Start setting up the owner's second factor (TOTP)",
        description:
          'A new secret, counted once a code from it is confirmed. 409 when a second factor is set up already.',
        tags: ['accounts'],
        response: answers(secondFactorSetupShape, [409]),
      },
    },
    async (request) =>
      success(
        await startSecondFactorSetup(db, request.auth.subjectId),
        'Add this key to your authenticator app',
      ),
  );

  app.post(
    '/totp/confirm',
    {
      config: { realm: 'owner', ...strictRateLimit(config.rateLimit) },
      schema: {
        summary: "Confirm the owner's second factor with a code from the new secret",
        description: 'Answers the ten recovery codes, once; they are kept only as hashes.',
        tags: ['accounts'],
        body: confirmSecondFactorSchema,
        response: answers(recoveryCodesShape, [400, 409]),
      },
    },
    async (request) =>
      success(
        await confirmSecondFactor(db, request.auth.subjectId, request.body.otp),
        'Second factor set up',
      ),
  );

  app.post(
    '/confirm-identity',
    {
      config: { realm: 'owner', ...strictRateLimit(config.rateLimit) },
      schema: {
        summary: 'The owner proves who they are again, for the dangerous acts',
        description:
          'With a second factor set up, `otp`; without one, `password`. Opens refunds, erasure, the export and the second factor for 10 minutes in this session.',
        tags: ['accounts'],
        body: confirmIdentitySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      const attempt = { ...request.body, client: request.ip };
      await proveIdentity(db, request.auth.subjectId, attempt, config.signInLockout).catch(
        (error: unknown) => {
          if (error instanceof SignInLockedError) {
            reply.header('retry-after', error.retryAfterSeconds);
          }
          throw error;
        },
      );
      await app.auth.sessions.markProven(request.auth.sessionId);
      return success(null, 'Thank you: confirmed');
    },
  );

  app.get(
    '/sessions',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "The owner's live sessions, the most recently used first",
        tags: ['accounts'],
        response: answers(z.array(ownerSessionShape)),
      },
    },
    async (request) => {
      const sessions = await app.auth.sessions.ownerSessions(request.auth.subjectId);
      return success(
        sessions.map((session) => ({
          _id: session._id,
          device: describeDevice(session.userAgent),
          clientIp: session.clientIp,
          signedInAt: session.signedInAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          current: session._id === request.auth.sessionId,
        })),
        'Sessions fetched successfully',
      );
    },
  );

  app.post(
    '/sessions/revoke/:id',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Sign one of the owner's sessions out",
        tags: ['accounts'],
        params: z.object({ id: z.uuid({ error: 'id: not a session id' }) }),
        response: answers(z.null()),
      },
    },
    async (request) => {
      const { subjectId } = request.auth;
      const ended = await app.auth.sessions.revokeSessionOf('owner', subjectId, request.params.id);
      if (!ended) throw new NotFoundError('Session not found');
      return success(null, 'Session signed out');
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Sign out every session of the owner's but this one",
        tags: ['accounts'],
        response: answers(z.object({ ended: z.int() })),
      },
    },
    async (request) => {
      const { subjectId, sessionId } = request.auth;
      const ended = await app.auth.sessions.revokeOtherSessions('owner', subjectId, sessionId);
      return success({ ended }, 'Other sessions signed out');
    },
  );

  await app.register(sessionRoutes, {
    realm: 'owner',
    logoutPath: '/logoutAdmin',
    logoutMessage: 'Admin Logout successfully',
  });
};
