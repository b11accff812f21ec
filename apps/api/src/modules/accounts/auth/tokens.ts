import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { UnauthorizedError } from '../../../lib/errors';

export type Realm = 'customer' | 'owner';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const ACCESS_TOKEN_EXPIRED = 'Access token expired';
export const SESSION_EXPIRED = 'Session expired. Please log in again.';

const ISSUER = 'mithila-makhana';

export interface AccessClaims {
  sub: string;
  realm: Realm;
  /** the session family the token belongs to */
  sid: string;
}

/** A key for one purpose, derived from AUTH_SECRET so no two uses share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`mithila-makhana:${purpose}`).digest();
}

/** The longest token `verify` reads; the shop's own are about 300 characters. */
const MAX_TOKEN_LENGTH = 2048;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A JSON object from a base64url segment, or null for anything else. */
function segmentObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Access tokens: JWTs signed with HMAC-SHA256 (HS256) under a key of their own. Signed and
 * checked with node:crypto at once, since every signed-in request checks one: WebCrypto's
 * asynchronous jobs cost several times the HMAC itself.
 */
export class AccessTokens {
  // A KeyObject: given bytes, createHmac makes one for every call, several times the HMAC's cost.
  readonly #key: KeyObject;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.#key = createSecretKey(deriveKey(secret, 'access-token-v1'));
  }

  #signature(signed: string): string {
    return createHmac('sha256', this.#key).update(signed).digest('base64url');
  }

  async sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        realm: claims.realm,
        sid: claims.sid,
        sub: claims.sub,
        iss: ISSUER,
        aud: claims.realm,
        iat: now,
        exp: now + this.ttlSeconds,
      }),
    ).toString('base64url');
    const signed = `${HEADER}.${payload}`;
    return `${signed}.${this.#signature(signed)}`;
  }

  /**
   * The claims of a valid token of `realm`; otherwise a 401. The realm is checked twice (audience
   * and claim), so a customer token never passes as an owner's or the reverse.
   */
  async verify(
    token: string,
    realm: Realm,
    options: { allowExpired?: boolean } = {},
  ): Promise<AccessClaims> {
    if (token.length > MAX_TOKEN_LENGTH) throw new UnauthorizedError(NOT_AUTHENTICATED);
    const parts = token.split('.');
    if (parts.length !== 3) throw new UnauthorizedError(NOT_AUTHENTICATED);
    const [header = '', payload = '', signature = ''] = parts;
    // Compared as the base64url text, so no other spelling of the same bytes passes.
    const expected = Buffer.from(this.#signature(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new UnauthorizedError(NOT_AUTHENTICATED);
    }
    const head = segmentObject(header);
    const claims = segmentObject(payload);
    // A header naming extensions the verifier must understand (crit) is one it cannot honour.
    if (head?.alg !== 'HS256' || head.crit !== undefined || !claims) {
      throw new UnauthorizedError(NOT_AUTHENTICATED);
    }
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (
      claims.iss !== ISSUER ||
      !audience.includes(realm) ||
      claims.realm !== realm ||
      typeof claims.sub !== 'string' ||
      typeof claims.sid !== 'string' ||
      typeof claims.exp !== 'number'
    ) {
      throw new UnauthorizedError(NOT_AUTHENTICATED);
    }
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.nbf === 'number' && claims.nbf > now) {
      throw new UnauthorizedError(NOT_AUTHENTICATED);
    }
    // Logout may name its session with an expired token; a signature is still required.
    if (claims.exp <= now && !options.allowExpired) {
      throw new UnauthorizedError(ACCESS_TOKEN_EXPIRED);
    }
    return { sub: claims.sub, realm, sid: claims.sid };
  }
}

/** An opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored as their SHA-256 only: they are long random values, no salt needed. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
