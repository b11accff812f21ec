import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { success } from '../../lib/envelope';
import { AppError, UnauthorizedError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import type { UserRouteDeps } from './routes';
import { findOrCreateGoogleUser, getUserView } from './service';

export const GOOGLE_UNAVAILABLE =
  'Google sign-in is not available right now. Please use your e-mail.';
export const GOOGLE_INTERRUPTED = 'Google sign-in expired or was interrupted. Please try again.';
export const GOOGLE_CANCELLED =
  'Google sign-in was cancelled. Please try again or use your e-mail.';
export const GOOGLE_FAILED = 'Google sign-in failed. Please try again or use your e-mail.';
export const GOOGLE_UNVERIFIED =
  'Your Google e-mail address is not verified. Please sign in with your e-mail.';
export const GOOGLE_LOGIN_INVALID = 'Google sign-in could not be completed. Please try again.';

const STATE_COOKIE = 'googleAuth';
const STATE_COOKIE_PATH = '/api/v1/users/auth/google';
const STATE_TTL_SECONDS = 600;

const stateCookieSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
});

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

const googleLoginBody = z.object({
  accessToken: z
    .string({ error: 'Access token is required' })
    .min(1, 'Access token is required')
    .max(4096, 'Access token is too long'),
  refreshToken: z
    .string({ error: 'Refresh token is required' })
    .min(1, 'Refresh token is required')
    .max(200, 'Refresh token is too long'),
});

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const googleRoutes: FastifyPluginAsync<UserRouteDeps> = async (app, deps) => {
  const { db, config, auth, oidc } = deps;
  const redirectUri = `${config.publicUrl}/api/v1/users/auth/google/callback`;
  const toLogin = (reply: FastifyReply, message: string) => {
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    reply.header('cache-control', 'no-store');
    return reply.redirect(`/login?error=${encodeURIComponent(message)}`, 302);
  };

  app.get('/auth/google', async (request, reply) => {
    if (!oidc) return toLogin(reply, GOOGLE_UNAVAILABLE);
    let started: Awaited<ReturnType<typeof oidc.authorizationRequest>>;
    try {
      started = await oidc.authorizationRequest(redirectUri);
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in: discovery failed');
      return toLogin(reply, GOOGLE_UNAVAILABLE);
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
    reply.header('cache-control', 'no-store');
    return reply.redirect(started.url, 302);
  });

  app.get('/auth/google/callback', async (request, reply) => {
    if (!oidc) return toLogin(reply, GOOGLE_UNAVAILABLE);
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return toLogin(reply, GOOGLE_INTERRUPTED);
    if (query.data.error) return toLogin(reply, GOOGLE_CANCELLED);

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
    const { code, state } = query.data;
    if (!saved || !code || !state || !sameText(state, saved.state)) {
      return toLogin(reply, GOOGLE_INTERRUPTED);
    }

    let profile: Awaited<ReturnType<typeof oidc.finish>>;
    try {
      profile = await oidc.finish(code, redirectUri, saved);
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in: code exchange or id_token refused');
      return toLogin(reply, GOOGLE_FAILED);
    }
    if (!profile.emailVerified) return toLogin(reply, GOOGLE_UNVERIFIED);

    let userId: string;
    try {
      const user = await findOrCreateGoogleUser(db, {
        subject: profile.subject,
        email: profile.email,
        firstName: profile.givenName,
        lastName: profile.familyName,
      });
      userId = user.id;
    } catch (error) {
      if (error instanceof AppError) return toLogin(reply, error.message);
      throw error;
    }
    const session = await auth.sessions.start(
      'customer',
      userId,
      String(request.headers['user-agent'] ?? ''),
    );
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    reply.header('cache-control', 'no-store');
    const target = new URL(`${config.publicUrl}/google-login`);
    target.searchParams.set('accessToken', session.accessToken);
    target.searchParams.set('refreshToken', session.refreshToken);
    return reply.redirect(target.toString(), 302);
  });

  /** The storefront's /google-login screen hands the pair back: the session gets its cookies. */
  app.post('/googleLogin', async (request, reply) => {
    const { accessToken, refreshToken } = parseInput(googleLoginBody, request.body);
    let claims: Awaited<ReturnType<typeof auth.sessions.authenticate>>;
    try {
      claims = await auth.sessions.authenticate(accessToken, 'customer');
    } catch {
      throw new UnauthorizedError(GOOGLE_LOGIN_INVALID);
    }
    const live = await auth.sessions.findLive('customer', refreshToken);
    if (!live || live.familyId !== claims.sid || live.subjectId !== claims.sub) {
      throw new UnauthorizedError(GOOGLE_LOGIN_INVALID);
    }
    auth.setCookies(reply, 'customer', { accessToken, refreshToken });
    return success(
      { user: await getUserView(db, claims.sub), accessToken, refreshToken },
      'User Login successfully',
    );
  });
};
