import type { CookieSerializeOptions } from '@fastify/cookie';
import { API_BASE } from '@makhana/domain/api';
import { SECOND_FACTOR_MESSAGES } from '@makhana/domain/second-factor';
import { eq } from 'drizzle-orm';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { admins } from '../../../db/schema';
import { ForbiddenError, UnauthorizedError } from '../../../lib/errors';
import { type LivenessCache, SessionService, type TokenPair } from './service';
import {
  ACCESS_TOKEN_EXPIRED,
  type AccessClaims,
  NOT_AUTHENTICATED,
  type Realm,
  SESSION_EXPIRED,
} from './tokens';

export const COOKIE_NAMES = {
  customer: { access: 'accessToken', refresh: 'refreshToken' },
  owner: { access: 'adminAccessToken', refresh: 'adminRefreshToken' },
} as const satisfies Record<Realm, { access: string; refresh: string }>;

/** The only path a realm's refresh cookie is sent to. */
export const REFRESH_PATHS = {
  customer: `${API_BASE}/users/refresh-token`,
  owner: `${API_BASE}/admins/refresh-token`,
} as const satisfies Record<Realm, string>;

/**
 * The cookies' names. In production the access cookie is `__Host-` (the browser takes it only
 * Secure, for Path=/ and this host alone, so no sibling domain can set or shadow it) and the
 * refresh cookie `__Secure-` (Secure, on its refresh path).
 */
export function cookieNames(
  isProduction: boolean,
): Record<Realm, { access: string; refresh: string }> {
  if (!isProduction) return COOKIE_NAMES;
  const prefixed = ({ access, refresh }: { access: string; refresh: string }) => ({
    access: `__Host-${access}`,
    refresh: `__Secure-${refresh}`,
  });
  return { customer: prefixed(COOKIE_NAMES.customer), owner: prefixed(COOKIE_NAMES.owner) };
}

export const ORIGIN_NOT_ALLOWED = 'Request origin not allowed';

/** Names the session a route open to both realms should use: `owner` or `customer`. */
export const REALM_HEADER = 'x-auth-realm';

export interface AuthContext {
  realm: Realm;
  subjectId: string;
  sessionId: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The browser a session was started from, as the sessions list keeps it (bounded). */
export const userAgentOf = (request: Pick<FastifyRequest, 'headers'>): string =>
  String(request.headers['user-agent'] ?? '').slice(0, 300);
const contexts = new WeakMap<FastifyRequest, AuthContext>();

/** Who may call a route: a signed-in customer, the owner, or either. Unset, anyone may. */
export type RouteRealm = 'customer' | 'owner' | 'customerOrOwner';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the realm a caller must be signed in to; the auth plugin guards the route and documents it */
    realm?: RouteRealm;
    /**
     * An owner's dangerous act (a refund, an erasure, the export, the second factor): the session
     * must have proved who is in it within OWNER_PROOF_SECONDS, else 403 with `data.needsProof`.
     * A function asks it only of the requests whose body it picks (a return's step that refunds).
     */
    freshProof?: boolean | ((body: unknown) => boolean);
  }
  interface FastifyInstance {
    /** sessions, and the realms' cookies */
    auth: AuthKit;
  }
  interface FastifyRequest {
    /** The signed-in subject a guard found for this request; 401 where no guard ran. */
    readonly auth: AuthContext;
  }
}

export interface AuthKit {
  sessions: SessionService;
  /**
   * Sets the realm's two cookies. The refresh cookie lives until `refreshExpiresAt` (a session's
   * remaining life); without it, a full refresh lifetime.
   */
  setCookies(
    reply: FastifyReply,
    realm: Realm,
    tokens: TokenPair & { refreshExpiresAt?: Date },
  ): void;
  clearCookies(reply: FastifyReply, realm: Realm): void;
  /**
   * The tokens a sign-in or renewal answers in its body: to an API client (no `Origin` header),
   * both; to a browser, none (its cookies carry them, out of any script's reach).
   */
  bodyTokens(request: FastifyRequest, tokens: TokenPair): Partial<TokenPair>;
  /** the refresh token of a request: body `refreshToken`, else the realm's cookie (Origin-checked) */
  refreshTokenOf(request: FastifyRequest, realm: Realm): string | null;
  /** the access token of a request (bearer, else cookie), without verifying it */
  accessTokenOf(request: FastifyRequest, realm: Realm): string | null;
  /**
   * Who is signed in on a route open to anyone (`realm` unset), or null for a visitor: no sign-in,
   * an expired or refused one, or a cookie write from another origin. The owner when the caller
   * names that realm (`X-Auth-Realm: owner`); otherwise the customer first, then the owner.
   */
  signedIn(request: FastifyRequest): Promise<AuthContext | null>;
  /**
   * Revokes the session a logout names. A bearer token carrying our signature (expired or not)
   * names its `sid` and the request's cookies are not read at all; a body `refreshToken` names its
   * family too. Without a bearer: the refresh token (body, else the Origin-checked cookie), else
   * the `sid` of the access cookie.
   */
  endSession(request: FastifyRequest, realm: Realm): Promise<void>;
  /**
   * A refresh call: the realm's refresh token (body, else cookie) rotated into a new pair, set as
   * cookies and answered. A refused one clears the realm's cookies, so the browser stops sending
   * a dead session.
   */
  renew(request: FastifyRequest, reply: FastifyReply, realm: Realm): Promise<Partial<TokenPair>>;
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

function createAuthKit(
  db: Database,
  config: Config,
  liveness: LivenessCache | null,
): {
  kit: AuthKit;
  guards: Record<RouteRealm, preValidationAsyncHookHandler>;
  freshProof: preValidationAsyncHookHandler;
} {
  const sessions = new SessionService(
    db,
    {
      authSecret: config.authSecret,
      accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
      refreshTokenTtlDays: config.auth.refreshTokenTtlDays,
      ownerSessionHours: config.auth.ownerSessionHours,
      ownerIdleMinutes: config.auth.ownerIdleMinutes,
    },
    liveness,
  );
  const allowed = originChecker(config);
  const refreshMaxAge = config.auth.refreshTokenTtlDays * 24 * 3600;
  const names = cookieNames(config.isProduction);

  const cookieOptions = (maxAge: number, path = '/'): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path,
    maxAge,
  });

  /**
   * A write authenticated by a cookie alone must come from our own pages (CSRF). A bearer header
   * needs no such check: no other site can make a browser send one.
   */
  const checkOrigin = (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = requestOrigin(request);
    if (!origin || !allowed(origin)) throw new ForbiddenError(ORIGIN_NOT_ALLOWED);
  };

  const accessTokenOf = (request: FastifyRequest, realm: Realm): string | null => {
    const fromHeader = bearer(request);
    if (fromHeader !== undefined) return fromHeader;
    return request.cookies[names[realm].access] || null;
  };

  /** The claims of a bearer header that carries our signature for `realm`, expired or not. */
  async function signedBearer(request: FastifyRequest, realm: Realm): Promise<AccessClaims | null> {
    const token = bearer(request);
    if (!token) return null;
    try {
      return await sessions.tokens.verify(token, realm, { allowExpired: true });
    } catch (error) {
      if (error instanceof UnauthorizedError) return null;
      throw error;
    }
  }

  /** The body's refresh token, which the route's schema (`refreshTokenBodyShape`) has checked. */
  function bodyRefreshToken(request: FastifyRequest): string | null {
    const body = request.body as { refreshToken?: unknown } | null | undefined;
    return typeof body?.refreshToken === 'string' ? body.refreshToken : null;
  }

  async function resolve(request: FastifyRequest, realms: Realm[]): Promise<AuthContext> {
    const fromHeader = bearer(request);
    if (fromHeader === null) throw new UnauthorizedError(NOT_AUTHENTICATED);
    let claims: AccessClaims | null = null;
    let expired = false;
    for (const realm of realms) {
      const token = fromHeader ?? request.cookies[names[realm].access];
      if (!token) continue;
      if (fromHeader === undefined) checkOrigin(request);
      try {
        claims = await sessions.authenticate(token, realm);
        break;
      } catch (error) {
        // Only a refused token says who the caller is not; a database or Redis that cannot be
        // reached says nothing of the sort (503), and a shopper must not be signed out for it.
        if (!(error instanceof UnauthorizedError)) throw error;
        if (error.message === ACCESS_TOKEN_EXPIRED) expired = true;
      }
    }
    if (!claims) throw new UnauthorizedError(expired ? ACCESS_TOKEN_EXPIRED : NOT_AUTHENTICATED);
    const context = { realm: claims.realm, subjectId: claims.sub, sessionId: claims.sid };
    contexts.set(request, context);
    return context;
  }

  const refreshTokenOf = (request: FastifyRequest, realm: Realm): string | null => {
    const fromBody = bodyRefreshToken(request);
    if (fromBody) return fromBody;
    const cookie = request.cookies[names[realm].refresh];
    if (!cookie) return null;
    checkOrigin(request);
    return cookie;
  };

  const refreshCookieMaxAge = (expiresAt: Date | undefined): number =>
    expiresAt ? Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)) : refreshMaxAge;

  // A signed-in caller's answers carry their personal data (or an owner's view of everyone's):
  // no cache keeps them, whatever the route's own headers add.
  const guards: Record<RouteRealm, preValidationAsyncHookHandler> = {
    customer: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await resolve(request, ['customer']);
    },
    owner: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await resolve(request, ['owner']);
    },
    // A bearer token decides, else the realm the caller names, else the owner cookie, then the
    // customer cookie. A browser signed in as both names the owner for the owner's screens: without
    // it, an owner whose session ran out would be answered as the customer.
    customerOrOwner: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const named = request.headers[REALM_HEADER];
      await resolve(
        request,
        named === 'owner' || named === 'customer' ? [named] : ['owner', 'customer'],
      );
    },
  };

  const kit: AuthKit = {
    sessions,
    setCookies(reply, realm, tokens) {
      // An answer that starts or renews a session is nobody's to keep.
      reply.header('cache-control', 'no-store');
      const sessionMaxAge = refreshCookieMaxAge(tokens.refreshExpiresAt);
      // The access cookie lives as long as the session, though its token expires in minutes: a
      // logout (which the refresh cookie does not reach) still names the session by it.
      reply.setCookie(names[realm].access, tokens.accessToken, cookieOptions(sessionMaxAge));
      reply.setCookie(
        names[realm].refresh,
        tokens.refreshToken,
        cookieOptions(sessionMaxAge, REFRESH_PATHS[realm]),
      );
    },
    clearCookies(reply, realm) {
      reply.header('cache-control', 'no-store');
      const { maxAge: _maxAge, ...options } = cookieOptions(0);
      reply.clearCookie(names[realm].access, options);
      reply.clearCookie(names[realm].refresh, { ...options, path: REFRESH_PATHS[realm] });
      // A refresh cookie set before it was kept to its path.
      reply.clearCookie(names[realm].refresh, options);
    },
    bodyTokens(request, { accessToken, refreshToken }) {
      return request.headers.origin === undefined ? { accessToken, refreshToken } : {};
    },
    refreshTokenOf,
    accessTokenOf,
    async signedIn(request) {
      const named = request.headers[REALM_HEADER];
      try {
        return await resolve(request, named === 'owner' ? ['owner'] : ['customer', 'owner']);
      } catch (error) {
        if (error instanceof UnauthorizedError || error instanceof ForbiddenError) return null;
        throw error;
      }
    },
    async renew(request, reply, realm) {
      try {
        const token = refreshTokenOf(request, realm);
        if (!token) throw new UnauthorizedError(SESSION_EXPIRED);
        // Where the owner's sessions are used from, for the owner's list; a customer's is not kept.
        const clientIp = realm === 'owner' ? request.ip : '';
        const session = await sessions.rotate(realm, token, userAgentOf(request), clientIp);
        kit.setCookies(reply, realm, session);
        return kit.bodyTokens(request, session);
      } catch (error) {
        if (error instanceof UnauthorizedError) kit.clearCookies(reply, realm);
        throw error;
      }
    },
    async endSession(request, realm) {
      const claims = await signedBearer(request, realm);
      if (claims) {
        const fromBody = bodyRefreshToken(request);
        const named = fromBody ? await sessions.familyOf(realm, fromBody) : null;
        await sessions.revokeFamily(claims.sid);
        if (named && named !== claims.sid) await sessions.revokeFamily(named);
        return;
      }
      const refreshToken = refreshTokenOf(request, realm);
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
  /** After the owner guard: the session's last proof of identity is recent enough. */
  const freshProof: preValidationAsyncHookHandler = async (request) => {
    const provenAt = await sessions.provenAt(request.auth.sessionId);
    const freshSince = Date.now() - config.auth.ownerProofSeconds * 1000;
    if (provenAt && provenAt.getTime() > freshSince) return;
    const [owner] = await db
      .select({ totpSecret: admins.totpSecret })
      .from(admins)
      .where(eq(admins.id, request.auth.subjectId))
      .limit(1);
    throw new ProofNeededError(owner?.totpSecret ? 'otp' : 'password');
  };

  return { kit, guards, freshProof };
}

/** How a caller proves who they are, as the API document names it. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The accessToken a sign-in answered, for clients other than the browser.',
  },
  customerCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: COOKIE_NAMES.customer.access,
    description:
      "The storefront's httpOnly cookie (`__Host-accessToken` in production). A write authenticated by it alone must come from the shop's own origin.",
  },
  ownerCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: COOKIE_NAMES.owner.access,
    description:
      "The owner area's httpOnly cookie (`__Host-adminAccessToken` in production). A write authenticated by it alone must come from the shop's own origin.",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>[];

const SECURITY: Record<RouteRealm, SecurityRequirement> = {
  customer: [{ bearer: [] }, { customerCookie: [] }],
  owner: [{ bearer: [] }, { ownerCookie: [] }],
  customerOrOwner: [{ bearer: [] }, { ownerCookie: [] }, { customerCookie: [] }],
};

/** A route's schema with its realm: `x-realm` always, and the sign-ins that satisfy it. */
type DocumentedSchema = FastifySchema & { 'x-realm'?: RouteRealm | 'public'; security?: unknown };

/**
 * Guards a route that names a realm in its config: the sign-in is checked before its input is
 * validated, so a caller who is not signed in learns only that.
 */
function guardByRealm(
  guards: Record<RouteRealm, preValidationAsyncHookHandler>,
  freshProof: preValidationAsyncHookHandler,
  route: RouteOptions,
): void {
  const realm = route.config?.realm;
  const schema: DocumentedSchema = { ...route.schema, 'x-realm': realm ?? 'public' };
  if (realm) schema.security = SECURITY[realm];
  route.schema = schema;
  if (!realm) return;
  const guard = guards[realm];
  const asked = route.config?.freshProof;
  const proofWhen = (picks: (body: unknown) => boolean): preValidationAsyncHookHandler =>
    async function proofWhenPicked(request, reply) {
      if (picks(request.body)) await freshProof.call(this, request, reply);
    };
  const proof = asked && realm === 'owner' ? [asked === true ? freshProof : proofWhen(asked)] : [];
  const existing = route.preValidation ?? [];
  route.preValidation = [guard, ...proof, ...(Array.isArray(existing) ? existing : [existing])];
}

/** A dangerous act asked for without a recent proof of identity (decision 031). */
export class ProofNeededError extends ForbiddenError {
  constructor(needsProof: 'otp' | 'password') {
    super(
      needsProof === 'otp'
        ? SECOND_FACTOR_MESSAGES.proveWithCode
        : SECOND_FACTOR_MESSAGES.proveWithPassword,
      { needsProof },
    );
  }
}

/**
 * Sign-in for every route below the scope that registers it: a route names its realm in
 * `config.realm`, `app.auth` holds the sessions and cookies, `request.auth` the subject the
 * route's guard found.
 */
export const authPlugin = fp<{ db: Database; config: Config; liveness?: LivenessCache | null }>(
  async (scope, { db, config, liveness = null }) => {
    const { kit, guards, freshProof } = createAuthKit(db, config, liveness);
    scope.decorate('auth', kit);
    scope.addHook('onRoute', (route) => guardByRealm(guards, freshProof, route));
    scope.decorateRequest('auth', {
      getter(this: FastifyRequest): AuthContext {
        const context = contexts.get(this);
        if (!context) throw new UnauthorizedError(NOT_AUTHENTICATED);
        return context;
      },
    });
  },
  { name: 'auth' },
);
