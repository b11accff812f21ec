import type { CookieSerializeOptions } from '@fastify/cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { SessionService, type TokenPair } from './service';
import { ACCESS_TOKEN_EXPIRED, type AccessClaims, NOT_AUTHENTICATED, type Realm } from './tokens';

export const COOKIE_NAMES = {
  customer: { access: 'accessToken', refresh: 'refreshToken' },
  owner: { access: 'adminAccessToken', refresh: 'adminRefreshToken' },
} as const satisfies Record<Realm, { access: string; refresh: string }>;

export const ORIGIN_NOT_ALLOWED = 'Request origin not allowed';

export interface AuthContext {
  realm: Realm;
  subjectId: string;
  sessionId: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const contexts = new WeakMap<FastifyRequest, AuthContext>();

/** The signed-in subject a guard found for this request. */
export function authOf(request: FastifyRequest): AuthContext {
  const context = contexts.get(request);
  if (!context) throw new UnauthorizedError(NOT_AUTHENTICATED);
  return context;
}

export interface AuthKit {
  sessions: SessionService;
  requireCustomer: preHandlerAsyncHookHandler;
  requireOwner: preHandlerAsyncHookHandler;
  /** either realm; a bearer token decides, else the owner cookie, then the customer cookie */
  requireCustomerOrOwner: preHandlerAsyncHookHandler;
  setCookies(reply: FastifyReply, realm: Realm, tokens: TokenPair): void;
  clearCookies(reply: FastifyReply, realm: Realm): void;
  /** the refresh token of a request: body `refreshToken`, else the realm's cookie (Origin-checked) */
  refreshTokenOf(request: FastifyRequest, realm: Realm): string | null;
  /** the access token of a request (bearer, else cookie), without verifying it */
  accessTokenOf(request: FastifyRequest, realm: Realm): string | null;
  /**
   * Revokes the session a logout names: by its refresh token (body or cookie), else by the `sid`
   * of its access token, which may have expired but must carry our signature.
   */
  endSession(request: FastifyRequest, realm: Realm): Promise<void>;
}

function bearer(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The origins a cookie-authenticated write may come from: PUBLIC_URL, and local dev servers. */
export function originChecker(config: Pick<Config, 'publicUrl' | 'isProduction'>) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (origin: string): boolean => {
    if (origin === publicOrigin) return true;
    if (config.isProduction) return false;
    try {
      const url = new URL(origin);
      return (
        url.protocol === 'http:' &&
        (url.hostname === 'localhost' || url.hostname === '127.0.0.1') &&
        url.origin === origin
      );
    } catch {
      return false;
    }
  };
}

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') {
    try {
      return new URL(referer).origin;
    } catch {
      return null;
    }
  }
  return null;
}

export function createAuthKit(db: Database, config: Config): AuthKit {
  const sessions = new SessionService(db, {
    authSecret: config.authSecret,
    accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
    refreshTokenTtlDays: config.auth.refreshTokenTtlDays,
  });
  const allowed = originChecker(config);
  const refreshMaxAge = config.auth.refreshTokenTtlDays * 24 * 3600;

  const cookieOptions = (maxAge: number): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path: '/',
    maxAge,
  });

  /** A write authenticated by a cookie alone must come from our own pages (CSRF). */
  const checkOrigin = (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = requestOrigin(request);
    if (!origin || !allowed(origin)) throw new ForbiddenError(ORIGIN_NOT_ALLOWED);
  };

  const accessTokenOf = (request: FastifyRequest, realm: Realm): string | null => {
    const fromHeader = bearer(request);
    if (fromHeader !== undefined) return fromHeader;
    return request.cookies[COOKIE_NAMES[realm].access] || null;
  };

  async function resolve(request: FastifyRequest, realms: Realm[]): Promise<AuthContext> {
    const fromHeader = bearer(request);
    if (fromHeader === null) throw new UnauthorizedError(NOT_AUTHENTICATED);
    let claims: AccessClaims | null = null;
    let expired = false;
    for (const realm of realms) {
      const token = fromHeader ?? request.cookies[COOKIE_NAMES[realm].access];
      if (!token) continue;
      if (fromHeader === undefined) checkOrigin(request);
      try {
        claims = await sessions.authenticate(token, realm);
        break;
      } catch (error) {
        if (error instanceof UnauthorizedError && error.message === ACCESS_TOKEN_EXPIRED) {
          expired = true;
        }
      }
    }
    if (!claims) throw new UnauthorizedError(expired ? ACCESS_TOKEN_EXPIRED : NOT_AUTHENTICATED);
    const context = { realm: claims.realm, subjectId: claims.sub, sessionId: claims.sid };
    contexts.set(request, context);
    return context;
  }

  return {
    sessions,
    requireCustomer: async (request) => {
      await resolve(request, ['customer']);
    },
    requireOwner: async (request) => {
      await resolve(request, ['owner']);
    },
    requireCustomerOrOwner: async (request) => {
      await resolve(request, ['owner', 'customer']);
    },
    setCookies(reply, realm, tokens) {
      const names = COOKIE_NAMES[realm];
      reply.setCookie(
        names.access,
        tokens.accessToken,
        cookieOptions(config.auth.accessTokenTtlSeconds),
      );
      reply.setCookie(names.refresh, tokens.refreshToken, cookieOptions(refreshMaxAge));
    },
    clearCookies(reply, realm) {
      const names = COOKIE_NAMES[realm];
      const { maxAge: _maxAge, ...options } = cookieOptions(0);
      reply.clearCookie(names.access, options);
      reply.clearCookie(names.refresh, options);
    },
    refreshTokenOf(request, realm) {
      const body = request.body;
      if (body !== null && typeof body === 'object' && 'refreshToken' in body) {
        const value = (body as { refreshToken: unknown }).refreshToken;
        if (typeof value !== 'string' || value.length === 0 || value.length > 200) {
          throw new BadRequestError('refreshToken: Refresh token must be a string', [
            { field: 'refreshToken', message: 'Refresh token must be a string' },
          ]);
        }
        return value;
      }
      const cookie = request.cookies[COOKIE_NAMES[realm].refresh];
      if (!cookie) return null;
      checkOrigin(request);
      return cookie;
    },
    accessTokenOf,
    async endSession(request, realm) {
      const refreshToken = this.refreshTokenOf(request, realm);
      let family = refreshToken ? await sessions.familyOf(realm, refreshToken) : null;
      if (!family) {
        const accessToken = accessTokenOf(request, realm);
        if (accessToken) {
          try {
            family = (await sessions.tokens.verify(accessToken, realm, { allowExpired: true })).sid;
          } catch (error) {
            if (!(error instanceof UnauthorizedError)) throw error;
          }
        }
      }
      if (family) await sessions.revokeFamily(family);
    },
  };
}

/**
 * PostgreSQL text cannot hold a NUL character; a body carrying one is refused as bad input rather
 * than failing in the database.
 */
export const refuseNulCharacters: preHandlerAsyncHookHandler = async (request) => {
  const body = request.body;
  if (body !== undefined && body !== null && JSON.stringify(body).includes('\\u0000')) {
    throw new BadRequestError('body: Text may not contain NUL characters', [
      { field: 'body', message: 'Text may not contain NUL characters' },
    ]);
  }
};

/**
 * A JSON parser that reads an empty body as `{}`: the spec's body-less POSTs (logout,
 * deleteAddress) work whether or not the client sends a JSON content type. Anything else is
 * Fastify's own parser, with its prototype-poisoning protection.
 */
export function tolerateEmptyJson(scope: FastifyInstance): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, {});
      return;
    }
    parse(request, body as string, done);
  });
}
