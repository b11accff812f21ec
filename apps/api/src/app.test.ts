import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './db/client';
import { seedDemoCatalogue } from './modules/catalogue';
import { testApp, useTestApp } from './test/app';

const INDEX_HTML =
  '<!doctype html><html><head><title>Mithila Makhana</title></head><body><div id="root"></div></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

const api = useTestApp({
  reset: false,
  prepare: async ({ db, dataDir }) => {
    await seedDemoCatalogue(db);
    const dist = path.join(dataDir, 'web-dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    // The build's brotli and gzip forms beside a script (apps/web/vite.config.ts).
    const shell = `console.log(${JSON.stringify(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1000))});`;
    writeFileSync(path.join(dist, 'assets', 'shell-def456.js'), shell);
    writeFileSync(path.join(dist, 'assets', 'shell-def456.js.br'), brotliCompressSync(shell));
    writeFileSync(path.join(dist, 'assets', 'shell-def456.js.gz'), gzipSync(shell, { level: 1 }));
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    mkdirSync(path.join(dataDir, 'uploads', 'demo', 'products'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'demo', 'products', 'classic-roasted-1.svg'), SVG);
  },
  webDistDir: () => path.join(api.dataDir, 'web-dist'),
  // A JSON route only this test has, to send bodies to.
  beforeReady: (app) => {
    app.post('/api/v1/test/echo', async (request) => ({ echoed: request.body }));
  },
});

function expectFailure(response: { statusCode: number; json(): unknown }, statusCode: number) {
  expect(response.statusCode).toBe(statusCode);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode, data: null, success: false });
  expect(typeof body.message).toBe('string');
  expect(Array.isArray(body.errors)).toBe(true);
  return body;
}

describe('health', () => {
  it('reports the database up', async () => {
    const response = await api.app.inject({ url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 200,
      success: true,
      data: { status: 'ok', database: 'up', redis: 'off', mail: 'off' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('starts and serves with Redis away, says so, and writes without waiting for it', async () => {
    const away = await testApp({
      db: api.db,
      dataDir: api.dataDir,
      env: { REDIS_URL: 'redis://127.0.0.1:1' },
    });
    try {
      const health = await away.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().data).toEqual({
        status: 'ok',
        database: 'up',
        redis: 'down',
        mail: 'off',
      });
      expect((await away.inject({ url: '/api/v1/products/getProductDetails' })).statusCode).toBe(
        200,
      );
      // A write drops the cached reads in every process: with Redis away it tells none, at once.
      const started = Date.now();
      await away.catalogue.invalidate();
      expect(Date.now() - started).toBeLessThan(200);
    } finally {
      await away.close();
    }
  });

  it('answers 503 when the database is unreachable', async () => {
    const down = await openPostgres('postgres://postgres@127.0.0.1:1/nothing', { migrate: false });
    const broken = await testApp({ db: down.db, dataDir: api.dataDir });
    try {
      const response = await broken.inject({ url: '/api/v1/health' });
      const body = expectFailure(response, 503);
      expect(body.message).toBe('Database unavailable');
    } finally {
      await broken.close();
      await down.close();
    }
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After, never a sign-out or a 500, and names nothing inside', async () => {
    const { accessToken, refreshToken } = await api.signInCustomer('down.day@example.in');
    const down = await openPostgres('postgres://postgres@127.0.0.1:1/nothing', { migrate: false });
    const broken = await testApp({ db: down.db, dataDir: api.dataDir });
    try {
      const calls = [
        { url: '/api/v1/orders/orderDetails', headers: { authorization: `Bearer ${accessToken}` } },
        { url: '/api/v1/users/getUser', headers: { authorization: `Bearer ${accessToken}` } },
        { method: 'POST' as const, url: '/api/v1/users/refresh-token', payload: { refreshToken } },
        { url: '/api/v1/products/getProductDetails' },
      ];
      for (const call of calls) {
        const response = await broken.inject(call);
        const body = expectFailure(response, 503);
        expect(body.message, call.url).toBe(
          'The shop cannot reach one of its services right now. Please try again in a moment.',
        );
        expect(response.headers['retry-after'], call.url).toBe('5');
      }
    } finally {
      await broken.close();
      await down.close();
    }
  });
});

describe('banners', () => {
  it('lists banners with their pictures in order', async () => {
    const response = await api.app.inject({ url: '/api/v1/banners/getBannerDetails' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 200, success: true });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data[0].images).toHaveLength(3);
    for (const image of body.data[0].images) {
      expect(image).toMatch(/^\/uploads\/demo\/banners\/[0-9a-f]{32}-1280\.webp$/);
    }
  });
});

describe('errors become envelopes', () => {
  it('answers an unknown API path with a 404 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await api.app.inject({ method, url: '/api/v1/nothing/here' });
      expect(expectFailure(response, 404).message).toBe('Route not found');
    }
    expect(expectFailure(await api.app.inject({ url: '/api/unknown' }), 404).message).toBe(
      'Route not found',
    );
  });

  it('refuses a body that is not JSON', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(expectFailure(response, 400).message).toBe('Request body is not valid JSON');
  });

  it('refuses bad JSON on an unknown route with a 4xx envelope', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/users/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false, data: null });
  });

  it('refuses an empty JSON body, a huge body and an unknown content type', async () => {
    const empty = await api.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectFailure(empty, 400);
    const huge = await api.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(expectFailure(huge, 413).message).toBe('Request body is too large');
    const xml = await api.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(expectFailure(xml, 415).message).toBe('Unsupported content type');
  });

  it('echoes good JSON (the route works)', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { a: 1 },
    });
    expect(response.json()).toEqual({ echoed: { a: 1 } });
  });

  it('answers a malformed URL with a 400 envelope', async () => {
    const response = await api.app.inject({ url: '/api/v1/products/getProductDetails/%E0%A4%A' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false, data: null });
  });
});

describe('security headers', () => {
  it('sets them on API answers', async () => {
    const response = await api.app.inject({ url: '/api/v1/products/getProductDetails' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('gives HTML a policy for a Vite-built React app', async () => {
    const response = await api.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("gives the build's scripts only the headers a script heeds", async () => {
    const response = await api.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'referrer-policy',
    ]) {
      expect(response.headers[documentOnly], documentOnly).toBeUndefined();
    }
  });

  it("keeps the owner's pages out of search engines, and only those", async () => {
    for (const url of ['/owner/admin/dashboard', '/login/admin/owner']) {
      const response = await api.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    for (const url of ['/', '/products', '/login', '/ownership']) {
      expect((await api.app.inject({ url })).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('keeps the page policy on a 304 revalidation of a deep link', async () => {
    const first = await api.app.inject({ url: '/dashboard' });
    const etag = first.headers.etag;
    const lastModified = first.headers['last-modified'];
    const revalidated = await api.app.inject({
      url: '/dashboard',
      headers: {
        ...(etag ? { 'if-none-match': String(etag) } : {}),
        ...(lastModified ? { 'if-modified-since': String(lastModified) } : {}),
      },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
    expect(String(revalidated.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('compression', () => {
  it('compresses JSON for clients that accept it', async () => {
    const response = await api.app.inject({
      url: '/api/v1/products/getProductDetails',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.data).toHaveLength(9);
  });
});

describe('uploads', () => {
  it('serves an SVG with a year of immutable cache and a locked-down policy', async () => {
    const response = await api.app.inject({ url: '/uploads/demo/products/classic-roasted-1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.body).toBe(SVG);
  });

  it('404s a missing upload instead of the storefront', async () => {
    const response = await api.app.inject({ url: '/uploads/demo/products/missing.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('does not escape the uploads folder', async () => {
    const response = await api.app.inject({ url: '/uploads/../web-dist/index.html' });
    expect(response.body).not.toBe(SVG);
    const encoded = await api.app.inject({ url: '/uploads/%2e%2e/web-dist/robots.txt' });
    expect(encoded.body).not.toContain('User-agent');
  });
});

describe('storefront', () => {
  it('serves index.html at the root, revalidated on every visit', async () => {
    const response = await api.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/product/abc', '/checkout', '/admin/dashboard', '/order-status/123?x=1'])(
    'answers the deep link %s with index.html',
    async (url) => {
      const response = await api.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets with a year of immutable cache', async () => {
    const response = await api.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's own compressed form the caller accepts, brotli first, and says it varies", async () => {
    const url = '/assets/shell-def456.js';
    const file = path.join(api.dataDir, 'web-dist', 'assets', 'shell-def456.js');
    const plain = readFileSync(file);
    for (const [accepted, encoding, decode, suffix] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync, '.br'],
      ['gzip', 'gzip', gunzipSync, '.gz'],
    ] as const) {
      const response = await api.app.inject({ url, headers: { 'accept-encoding': accepted } });
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // The build's bytes, not a compression made at the request.
      expect(response.rawPayload.equals(readFileSync(`${file}${suffix}`)), accepted).toBe(true);
      expect(decode(response.rawPayload).equals(plain)).toBe(true);
    }
    const identity = await api.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
  });

  it('404s a missing asset or file instead of answering HTML', async () => {
    for (const url of ['/assets/gone.js', '/favicon-missing.png']) {
      const response = await api.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('does not answer a POST to a page path with HTML', async () => {
    const response = await api.app.inject({ method: 'POST', url: '/product/abc' });
    expectFailure(response, 404);
  });

  it('serves nothing but the API when the build is missing', async () => {
    const bare = await testApp({
      db: api.db,
      dataDir: api.dataDir,
      webDistDir: path.join(api.dataDir, 'none'),
    });
    try {
      expectFailure(await bare.inject({ url: '/product/abc' }), 404);
      expect((await bare.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with the exact message past the limit', async () => {
    const limited = await testApp({
      db: api.db,
      dataDir: api.dataDir,
      env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' },
    });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await limited.inject({ url: '/api/v1/banners/getBannerDetails' })).statusCode).toBe(
          200,
        );
      }
      const response = await limited.inject({ url: '/api/v1/banners/getBannerDetails' });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        statusCode: 429,
        data: null,
        message: TOO_MANY_REQUESTS_MESSAGE,
        success: false,
        errors: [],
        requestId: response.headers['x-request-id'],
      });
      expect(TOO_MANY_REQUESTS_MESSAGE).toBe(
        'Too many requests, please try again after few minutes.',
      );
      expect(response.headers['retry-after']).toBeDefined();
      // Another client is not affected.
      const other = await limited.inject({
        url: '/api/v1/banners/getBannerDetails',
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is on by default with a generous limit, and can be turned off', async () => {
    const response = await api.app.inject({ url: '/api/v1/health' });
    expect(response.headers['x-ratelimit-limit']).toBe('300');
    const off = await testApp({
      db: api.db,
      dataDir: api.dataDir,
      env: { RATE_LIMIT: 'off', RATE_LIMIT_MAX: '1' },
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await off.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      }
    } finally {
      await off.close();
    }
  });
});
