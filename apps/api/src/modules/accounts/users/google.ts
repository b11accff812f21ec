import { timingSafeEqual } from 'node:crypto';
import { googleSignInStatusShape, userSignInShape } from '@makhana/domain/contracts/accounts';
import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import type { SignInErrorCode } from '@makhana/domain/sign-in-errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { UnauthorizedError } from '../../../lib/errors';
import { answers } from '../../../plugins/route-contracts';
import { userAgentOf } from '../auth/plugin';
import { issueGoogleLoginCode, newSecret, redeemGoogleLoginCode } from './google-codes';
import type { UserRouteDeps } from './routes';
import { findOrCreateGoogleUser, getUserView } from './service';

export const GOOGLE_LOGIN_INVALID = 'Google sign-in could not be completed. Please try again.';

const STATE_COOKIE = 'googleAuth';
const STATE_COOKIE_PATH = '/api/v1/users/auth/google';
const STATE_TTL_SECONDS = 600;
/**
 * A random value only the browser that started the sign-in holds: the hand-off code works only
 * with it, so a link carrying someone else's code signs nobody in. Its path covers both the
 * callback and `googleLogin`.
 */
export const BROWSER_COOKIE = 'googleBrowser';
const BROWSER_COOKIE_PATH = '/api/v1/users';

const stateCookieSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
});

/**
 * What Google appends to the callback. A query that does not fit reads as empty, which sends the
 * browser back to the login page as an interrupted sign-in: a redirect, never a 400 page.
 */
const callbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(512).optional().meta({ description: 'set when the customer cancelled' }),
  })
  .catch({});

const googleLoginBody = z.object({
  code: z
    .string({ error: 'Code is required' })
    .min(1, 'Code is required')
    .max(128, 'Code is too long'),
});

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The answers of a route that redirects the browser, whatever the outcome. */
const redirects = (description: string) => ({
  302: z.null().meta({ description }),
  default: apiFailureShape,
});

export const googleRoutes: FastifyPluginAsyncZod<UserRouteDeps> = async (app, deps) => {
  const { db, config, oidc } = deps;
  const redirectUri = `${config.publicUrl}/api/v1/users/auth/google/callback`;
  const browserCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    path: BROWSER_COOKIE_PATH,
  };
  /** Back to the login page with a fixed code (never text: a link must not put words there). */
  const toLogin = (reply: FastifyReply, error: SignInErrorCode) => {
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    reply.clearCookie(BROWSER_COOKIE, browserCookie);
    reply.header('cache-control', 'no-store');
    return reply.redirect(`/login?error=${error}`, 302);
  };

  app.get(
    '/auth/google/status',
    {
      schema: {
        summary: 'Whether Google sign-in is set up',
        description:
          'The login page shows the Google button as off, with the reason, when this is false.',
        tags: ['accounts'],
        response: answers(googleSignInStatusShape),
      },
    },
    async (_request, reply) => {
      // Set by the server's configuration at start; a few minutes in a cache cannot go stale.
      reply.header('cache-control', 'public, max-age=300');
      return success({ configured: oidc !== null }, 'Google sign-in status');
    },
  );

  app.get(
    '/auth/google',
    {
      schema: {
        summary: 'Start a Google sign-in',
        tags: ['accounts'],
        response: redirects(
          "To Google's consent page; to /login?error=google_unavailable when Google cannot be reached.",
        ),
      },
    },
    async (request, reply) => {
      if (!oidc) return toLogin(reply, 'google_unavailable');
      let started: Awaited<ReturnType<typeof oidc.authorizationRequest>>;
      try {
        started = await oidc.authorizationRequest(redirectUri);
      } catch (error) {
        request.log.error({ err: error }, 'google sign-in: discovery failed');
        return toLogin(reply, 'google_unavailable');
      }
      const { state, nonce, codeVerifier } = started;
      reply.setCookie(STATE_COOKIE, JSON.stringify({ state, nonce, codeVerifier }), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        path: STATE_COOKIE_PATH,
        maxAge: STATE_TTL_SECONDS,
      });
      reply.setCookie(BROWSER_COOKIE, newSecret(), { ...browserCookie, maxAge: STATE_TTL_SECONDS });
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        summary: 'Where Google sends the customer back',
        tags: ['accounts'],
        querystring: callbackQuery,
        response: redirects(
          "To the storefront's /google-login with a single-use code, or to /login?error=<code> naming what went wrong.",
        ),
      },
    },
    async (request, reply) => {
      if (!oidc) return toLogin(reply, 'google_unavailable');
      if (request.query.error) return toLogin(reply, 'google_cancelled');

      const raw = request.cookies[STATE_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      let saved: z.infer<typeof stateCookieSchema> | null = null;
      if (unsigned?.valid && unsigned.value) {
        try {
          const parsed = stateCookieSchema.safeParse(JSON.parse(unsigned.value));
          if (parsed.success) saved = parsed.data;
        } catch {
          saved = null;
        }
      }
      const browser = request.cookies[BROWSER_COOKIE];
      const { code, state } = request.query;
      if (!saved || !browser || !code || !state || !sameText(state, saved.state)) {
        return toLogin(reply, 'google_interrupted');
      }

      let profile: Awaited<ReturnType<typeof oidc.finish>>;
      try {
        profile = await oidc.finish(code, redirectUri, saved);
      } catch (error) {
        request.log.warn({ err: error }, 'google sign-in: code exchange or id_token refused');
        return toLogin(reply, 'google_failed');
      }
      if (!profile.emailVerified) return toLogin(reply, 'google_unverified');

      const outcome = await findOrCreateGoogleUser(db, {
        subject: profile.subject,
        email: profile.email,
        firstName: profile.givenName,
        lastName: profile.familyName,
      });
      if ('refused' in outcome) return toLogin(reply, outcome.refused);
      // Sessions opened before Google was attached were opened without it; from now on Google's
      // word also opens this account, so they start over.
      if (outcome.firstLink) await app.auth.sessions.revokeSubject('customer', outcome.user.id);

      // No session yet, and no token in the URL (URLs end up in logs, proxies and history): the
      // page exchanges this code, once, from this browser.
      const handOff = await issueGoogleLoginCode(db, outcome.user.id, browser);
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      reply.header('cache-control', 'no-store');
      const target = new URL(`${config.publicUrl}/google-login`);
      target.searchParams.set('code', handOff);
      return reply.redirect(target.toString(), 302);
    },
  );

  app.post(
    '/googleLogin',
    {
      schema: {
        summary: 'Exchange the Google hand-off code for a session',
        description:
          "The storefront's /google-login page sends the code the callback gave it; it works once, and only from the browser that started the sign-in.",
        tags: ['accounts'],
        body: googleLoginBody,
        response: answers(userSignInShape),
      },
    },
    async (request, reply) => {
      const { code } = request.body;
      const browser = request.cookies[BROWSER_COOKIE];
      const userId = browser ? await redeemGoogleLoginCode(db, code, browser) : null;
      if (!userId) throw new UnauthorizedError(GOOGLE_LOGIN_INVALID);
      const session = await app.auth.sessions.start('customer', userId, userAgentOf(request));
      app.auth.setCookies(reply, 'customer', session);
      reply.clearCookie(BROWSER_COOKIE, browserCookie);
      reply.header('cache-control', 'no-store');
      return success(
        { user: await getUserView(db, userId), ...app.auth.bodyTokens(request, session) },
        'User Login successfully',
      );
    },
  );
};
