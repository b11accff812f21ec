import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';

export interface OidcSettings {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** What the browser must bring back to the callback: kept in a signed, short-lived cookie. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export class OidcError extends Error {
  override name = 'OidcError';
}

const randomValue = () => randomBytes(32).toString('base64url');
const TIMEOUT_MS = 10_000;

/**
 * An OpenID Connect relying party for the authorization code flow with PKCE (Google by default,
 * any issuer that publishes a discovery document).
 */
export class OidcClient {
  #discovery: Promise<Discovery> | null = null;
  #jwks: JWTVerifyGetKey | null = null;

  constructor(private readonly settings: OidcSettings) {}

  /** The issuer's discovery document; fetched once, fetched again after a failure. */
  discover(): Promise<Discovery> {
    if (!this.#discovery) {
      this.#discovery = this.#fetchDiscovery().catch((error: unknown) => {
        this.#discovery = null;
        throw error;
      });
    }
    return this.#discovery;
  }

  async #fetchDiscovery(): Promise<Discovery> {
    const url = `${this.settings.issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new OidcError(`discovery answered ${response.status}`);
    const doc = (await response.json()) as Partial<Discovery>;
    if (!doc.issuer || !doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) {
      throw new OidcError('discovery document is incomplete');
    }
    return doc as Discovery;
  }

  async authorizationRequest(redirectUri: string): Promise<AuthorizationRequest> {
    const discovery = await this.discover();
    const state = randomValue();
    const nonce = randomValue();
    const codeVerifier = randomValue();
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), state, nonce, codeVerifier };
  }

  /** Exchanges the code and verifies the ID token (signature, iss, aud, exp, nonce). */
  async finish(
    code: string,
    redirectUri: string,
    expected: { nonce: string; codeVerifier: string },
  ): Promise<OidcProfile> {
    const discovery = await this.discover();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: expected.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_post') && !methods.includes('client_secret_basic')) {
      form.set('client_id', this.settings.clientId);
      form.set('client_secret', this.settings.clientSecret);
    } else {
      const encode = (v: string) => encodeURIComponent(v);
      headers.authorization = `Basic ${Buffer.from(
        `${encode(this.settings.clientId)}:${encode(this.settings.clientSecret)}`,
      ).toString('base64')}`;
    }
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new OidcError(`token endpoint answered ${response.status}`);
    const tokens = (await response.json()) as { id_token?: unknown };
    if (typeof tokens.id_token !== 'string') throw new OidcError('no id_token in the answer');

    this.#jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(tokens.id_token, this.#jwks, {
      issuer: discovery.issuer,
      audience: this.settings.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.nonce !== expected.nonce) throw new OidcError('nonce mismatch');
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new OidcError('id_token lacks sub or email');
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
    return {
      subject: payload.sub,
      email: payload.email.trim().toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
    };
  }
}
