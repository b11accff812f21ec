import { refreshTokenBodyShape, sessionTokensShape } from '@makhana/domain/contracts/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import type { Realm } from './tokens';

const WHO = { customer: 'a customer', owner: 'the owner' } as const satisfies Record<Realm, string>;

/**
 * `POST /refresh-token` and the realm's logout, the same two calls for the customer and the owner:
 * both read the refresh token from the body, else the realm's cookie.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{
  realm: Realm;
  logoutPath: string;
  logoutMessage: string;
}> = async (app, { realm, logoutPath, logoutMessage }) => {
  app.post(
    '/refresh-token',
    {
      schema: {
        summary: `Renew ${WHO[realm]}'s session`,
        description:
          'Replaces the refresh token (from the body, else the cookie) with a new pair; a 401 also clears the cookies.',
        tags: ['accounts'],
        body: refreshTokenBodyShape,
        response: answers(sessionTokensShape, [401, 403]),
      },
    },
    async (request, reply) =>
      success(await app.auth.renew(request, reply, realm), 'Access token refreshed'),
  );

  app.post(
    logoutPath,
    {
      schema: {
        summary: `End ${WHO[realm]}'s session`,
        description:
          'Ends the session a bearer token, the body refresh token or the cookies name, and clears the cookies.',
        tags: ['accounts'],
        body: refreshTokenBodyShape,
        response: answers(z.null(), [403]),
      },
    },
    async (request, reply) => {
      await app.auth.endSession(request, realm);
      app.auth.clearCookies(reply, realm);
      return success(null, logoutMessage);
    },
  );
};
