import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { UnauthorizedError } from '../../../lib/errors';

export type Realm = 'customer' | 'owner';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const ACCESS_TOKEN_EXPIRED = 'Access token expired';
export const SESSION_EXPIRED = 'Session expired. Please log in again.';

const ISSUER = 'mithila-makhana';
const TEN_YEARS_SECONDS = 10 * 365 * 24 * 3600;

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

export class AccessTokens {
  readonly #secret: Uint8Array;
  // Imported once: given raw bytes, jose imports a key for every token it signs or checks.
  #key: Promise<webcrypto.CryptoKey> | null = null;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.#secret = new Uint8Array(deriveKey(secret, 'access-token-v1'));
  }

  #cryptoKey(): Promise<webcrypto.CryptoKey> {
    this.#key ??= webcrypto.subtle.importKey(
      'raw',
      this.#secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.#key;
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ realm: claims.realm, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(claims.realm)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.#cryptoKey());
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
    try {
      const { payload } = await jwtVerify(token, await this.#cryptoKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: realm,
        // Logout may name its session with an expired token; a signature is still required.
        ...(options.allowExpired ? { clockTolerance: TEN_YEARS_SECONDS } : {}),
      });
      if (
        payload.realm !== realm ||
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string'
      ) {
        throw new UnauthorizedError(NOT_AUTHENTICATED);
      }
      return { sub: payload.sub, realm, sid: payload.sid };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new UnauthorizedError(ACCESS_TOKEN_EXPIRED);
      throw new UnauthorizedError(NOT_AUTHENTICATED);
    }
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
