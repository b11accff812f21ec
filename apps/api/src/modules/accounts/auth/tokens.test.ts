import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_EXPIRED, AccessTokens, deriveKey, NOT_AUTHENTICATED } from './tokens';

const SECRET = 'a-secret-for-the-token-tests-only';
const tokens = new AccessTokens(SECRET, 900);
const key = deriveKey(SECRET, 'access-token-v1');
const claims = { sub: 'user-1', realm: 'customer', sid: 'family-1' } as const;

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed with the access tokens' key. */
function forged(header: unknown, payload: unknown, signingKey: Buffer = key): string {
  const signed = `${segment(header)}.${segment(payload)}`;
  return `${signed}.${createHmac('sha256', signingKey).update(signed).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const validPayload = () => ({
  ...claims,
  iss: 'mithila-makhana',
  aud: 'customer',
  iat: now(),
  exp: now() + 60,
});
const HS256 = { alg: 'HS256', typ: 'JWT' };

async function refusal(token: string, options?: { allowExpired?: boolean }) {
  return tokens.verify(token, 'customer', options).then(
    () => 'accepted',
    (error: Error) => error.message,
  );
}

describe('access tokens', () => {
  it('verifies what it signed, with the claims it was given', async () => {
    const token = await tokens.sign(claims);
    await expect(tokens.verify(token, 'customer')).resolves.toEqual(claims);
  });

  it('verifies a token signed by jose with the same key, and jose verifies its tokens', async () => {
    const byJose = await new SignJWT({ realm: 'customer', sid: 'family-1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer('mithila-makhana')
      .setAudience('customer')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new Uint8Array(key));
    await expect(tokens.verify(byJose, 'customer')).resolves.toEqual(claims);

    const { jwtVerify } = await import('jose');
    const { payload } = await jwtVerify(await tokens.sign(claims), new Uint8Array(key), {
      algorithms: ['HS256'],
      issuer: 'mithila-makhana',
      audience: 'customer',
    });
    expect(payload).toMatchObject({ sub: 'user-1', sid: 'family-1', realm: 'customer' });
    expect(payload.exp! - payload.iat!).toBe(900);
  });

  it("refuses another realm's token, though the signature is good", async () => {
    const owner = await tokens.sign({ ...claims, realm: 'owner' });
    expect(await refusal(owner)).toBe(NOT_AUTHENTICATED);
    // The audience alone naming the realm is not enough: the realm claim must agree.
    expect(await refusal(forged(HS256, { ...validPayload(), realm: 'owner' }))).toBe(
      NOT_AUTHENTICATED,
    );
    expect(await refusal(forged(HS256, { ...validPayload(), aud: 'owner' }))).toBe(
      NOT_AUTHENTICATED,
    );
  });

  it('refuses a changed payload, another key, a changed or re-spelt signature', async () => {
    const token = await tokens.sign(claims);
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${segment({ ...validPayload(), sub: 'user-2' })}.${signature}`;
    expect(await refusal(tampered)).toBe(NOT_AUTHENTICATED);
    expect(await refusal(forged(HS256, validPayload(), deriveKey(SECRET, 'other')))).toBe(
      NOT_AUTHENTICATED,
    );
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A');
    expect(await refusal(`${token.split('.').slice(0, 2).join('.')}.${flipped}`)).toBe(
      NOT_AUTHENTICATED,
    );
    // Base64url's decoder would ignore a stray character; the signature is compared as text.
    expect(await refusal(`${token}=`)).toBe(NOT_AUTHENTICATED);
  });

  it('refuses other algorithms, a critical header, and malformed tokens', async () => {
    const payload = validPayload();
    expect(await refusal(`${segment({ alg: 'none' })}.${segment(payload)}.`)).toBe(
      NOT_AUTHENTICATED,
    );
    expect(await refusal(forged({ alg: 'HS512' }, payload))).toBe(NOT_AUTHENTICATED);
    expect(await refusal(forged({ ...HS256, crit: ['b64'], b64: false }, payload))).toBe(
      NOT_AUTHENTICATED,
    );
    expect(await refusal(forged(HS256, 'not an object'))).toBe(NOT_AUTHENTICATED);
    expect(await refusal(forged(HS256, [payload]))).toBe(NOT_AUTHENTICATED);
    for (const malformed of ['', 'a.b', 'a.b.c.d', '...', 'x'.repeat(5000)]) {
      expect(await refusal(malformed)).toBe(NOT_AUTHENTICATED);
    }
  });

  it('refuses a token without the claims it needs, or from another issuer', async () => {
    for (const missing of ['sub', 'sid', 'exp', 'iss', 'aud'] as const) {
      const payload: Record<string, unknown> = validPayload();
      delete payload[missing];
      expect(await refusal(forged(HS256, payload)), missing).toBe(NOT_AUTHENTICATED);
    }
    expect(await refusal(forged(HS256, { ...validPayload(), iss: 'someone-else' }))).toBe(
      NOT_AUTHENTICATED,
    );
    expect(await refusal(forged(HS256, { ...validPayload(), nbf: now() + 60 }))).toBe(
      NOT_AUTHENTICATED,
    );
  });

  it('says an expired token expired, and lets logout read it when asked', async () => {
    const expired = forged(HS256, { ...validPayload(), iat: now() - 120, exp: now() - 60 });
    expect(await refusal(expired)).toBe(ACCESS_TOKEN_EXPIRED);
    expect(await refusal(forged(HS256, { ...validPayload(), exp: now() }))).toBe(
      ACCESS_TOKEN_EXPIRED,
    );
    await expect(tokens.verify(expired, 'customer', { allowExpired: true })).resolves.toEqual(
      claims,
    );
    // An expired token still needs its signature.
    const unsigned = `${expired.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect(await refusal(unsigned, { allowExpired: true })).toBe(NOT_AUTHENTICATED);
  });
});
