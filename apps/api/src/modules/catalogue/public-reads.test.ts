import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Environment } from '../../config/config';
import { bannerImages, banners } from '../../db/schema';
import { forgetCachedReads, useTestApp } from '../../test/app';
import { usesPostgres } from '../../test/database';
import { insertProduct, ownerToken } from '../../test/order-fixtures';
import { call } from '../../test/requests';

const ENV: Environment = { RATE_LIMIT: '0' };
const api = useTestApp({ owner: true, env: ENV });
const apps: FastifyInstance[] = [];

// Fixtures are written straight to the tables, past every writer: the caches forget them first.
async function forgetEverywhere() {
  for (const app of [api.app, ...apps]) await forgetCachedReads(app);
}
beforeEach(forgetEverywhere);

async function bannerWith(urls: string[]) {
  const [banner] = await api.db.insert(banners).values({}).returning({ id: banners.id });
  await api.db
    .insert(bannerImages)
    .values(urls.map((url, position) => ({ bannerId: banner!.id, url, position })));
  await forgetEverywhere();
}

async function productAndBanner() {
  const [variant] = await insertProduct(api.db, {
    variants: [{ weight: 100, price: 199, stock: 5 }],
  });
  await bannerWith(['/uploads/banners/one.webp', '/uploads/banners/two.webp']);
  return variant.productId;
}

const reads = (productId: string) => ({
  list: '/products/getProductDetails',
  one: `/products/getProductDetails/${productId}`,
  reviews: `/reviews/get-reviews/${productId}`,
  banners: '/banners/getBannerDetails',
});

describe('public reads: ETag and 304', () => {
  it('keeps one body and one ETag per answer until a write, and answers a repeat with 304', async () => {
    const productId = await productAndBanner();
    for (const url of Object.values(reads(productId))) {
      const first = await call(api.app, 'GET', url);
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{32}"$/);

      const again = await call(api.app, 'GET', url);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);

      for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const repeat = await call(api.app, 'GET', url, { headers: { 'if-none-match': held } });
        expect(repeat.statusCode, `${url} ${held}`).toBe(304);
        expect(repeat.body).toBe('');
        expect(repeat.headers.etag).toBe(etag);
      }
      const stale = await call(api.app, 'GET', url, { headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    }
  });

  it('gives a new ETag once a writer changed the answer', async () => {
    const productId = await productAndBanner();
    const before = await call(api.app, 'GET', '/banners/getBannerDetails');
    const token = await ownerToken(api.app);
    const deleted = await call(api.app, 'POST', '/banners/deleteBannerImage', {
      token,
      body: { imageUrl: '/uploads/banners/one.webp' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await call(api.app, 'GET', '/banners/getBannerDetails', {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data[0].images).toEqual(['/uploads/banners/two.webp']);
    // A search is answered afresh each time, with an ETag all the same.
    const searched = await call(api.app, 'GET', `/reviews/get-reviews/${productId}?q=crunchy`);
    expect(searched.statusCode).toBe(200);
    expect(searched.headers.etag).toMatch(/^"/);
  });

  it('sends a kept answer compressed as the caller accepts, each encoding under the one ETag', async () => {
    for (let n = 0; n < 8; n += 1) {
      await insertProduct(api.db, { variants: [{ weight: 100, price: 199, stock: 5 }] });
    }
    await forgetEverywhere();
    const plain = await call(api.app, 'GET', '/products/getProductDetails');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      for (let i = 0; i < 2; i += 1) {
        const response = await call(api.app, 'GET', '/products/getProductDetails', {
          headers: { 'accept-encoding': accept },
        });
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        expect(response.headers.etag).toBe(plain.headers.etag);
        expect(decoders[encoding](response.rawPayload).toString()).toBe(plain.body);
      }
    }
    const refused = await call(api.app, 'GET', '/products/getProductDetails', {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers through the schema: a missing product is still a 404, and is not kept', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await call(api.app, 'GET', `/products/getProductDetails/${missing}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    const reviews = await call(api.app, 'GET', `/reviews/get-reviews/${missing}`);
    expect(reviews.statusCode).toBe(404);
  });
});

describe('public reads: a repeat answered from the cache before the handler', () => {
  afterEach(() => vi.restoreAllMocks());

  /** What an answer says beyond its body, less what differs per request. */
  const headersOf = (response: { headers: Record<string, unknown> }) => {
    const {
      date: _date,
      'x-ratelimit-remaining': _remaining,
      'x-request-id': requestId,
      ...rest
    } = response.headers;
    // Each answer names its own request, the kept ones too.
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    return rest;
  };

  it('sends the same bytes and headers as the handler, in each encoding and as a 304, and goes back to the handler after a write', async () => {
    const productId = await productAndBanner();
    for (let n = 0; n < 8; n += 1) {
      await insertProduct(api.db, { variants: [{ weight: 100, price: 199, stock: 5 }] });
    }
    await forgetEverywhere();
    const loads = vi.spyOn(api.app.catalogue, 'get');
    for (const url of Object.values(reads(productId))) {
      // The first answer comes from the handler; so does a large body's first in each encoding,
      // which it compresses.
      for (const accept of ['gzip, deflate, br', 'gzip', '']) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        loads.mockClear();
        const first = await call(api.app, 'GET', url, { headers });
        if (accept === 'gzip, deflate, br') {
          expect(loads, `${url} ${accept}: the handler`).toHaveBeenCalled();
        }
        loads.mockClear();
        const early = await call(api.app, 'GET', url, { headers });
        expect(loads, `${url} ${accept}: answered early`).not.toHaveBeenCalled();
        expect(early.statusCode).toBe(200);
        expect(headersOf(early), `${url} ${accept}`).toEqual(headersOf(first));
        expect(early.rawPayload.equals(first.rawPayload), `${url} ${accept}`).toBe(true);

        const etag = first.headers.etag as string;
        const revalidated = await call(api.app, 'GET', url, {
          headers: { ...headers, 'if-none-match': `W/${etag}` },
        });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.body).toBe('');
        expect(loads, `${url} ${accept}: 304 answered early`).not.toHaveBeenCalled();
      }
    }

    loads.mockClear();
    const before = await call(api.app, 'GET', '/banners/getBannerDetails');
    expect(loads).not.toHaveBeenCalled();
    const deleted = await call(api.app, 'POST', '/banners/deleteBannerImage', {
      token: await ownerToken(api.app),
      body: { imageUrl: '/uploads/banners/one.webp' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await call(api.app, 'GET', '/banners/getBannerDetails', {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(loads).toHaveBeenCalled();
    expect(after.json().data[0].images).toEqual(['/uploads/banners/two.webp']);
  });

  it('still counts every answer in the rate limit', async () => {
    const limited = await api.startApp({ env: { RATE_LIMIT_MAX: '4' } });
    apps.push(limited);
    const codes: number[] = [];
    const remaining: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await call(limited, 'GET', '/banners/getBannerDetails');
      codes.push(response.statusCode);
      remaining.push(response.headers['x-ratelimit-remaining']);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    expect(remaining).toEqual(['3', '2', '1', '0', '0']);
  });
});

/**
 * Two API processes on one database: every write through `a` is seen by the very next read
 * through `b`, whose caches were full of the answers before it.
 */
function acrossProcesses(start: () => Promise<[FastifyInstance, FastifyInstance]>) {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    [a, b] = await start();
  });

  it('a review, a banner picture and a product written through one are read through the other at once', async () => {
    const productId = await productAndBanner();
    const urls = reads(productId);
    const read = async (url: string) => {
      const response = await call(b, 'GET', url);
      return { response, data: response.json().data };
    };
    // Filled in b, twice: the second read is a hit.
    for (let i = 0; i < 2; i += 1) {
      expect((await read(urls.reviews)).data).toEqual([]);
      expect((await read(urls.one)).data.rating).toEqual({ average: 0, count: 0 });
      expect((await read(urls.banners)).data[0].images).toHaveLength(2);
    }
    const listed = await read(urls.list);
    expect(listed.data.map((p: { _id: string }) => p._id)).toContain(productId);

    const shopper = await api.signInCustomer('across@example.com', a);
    const added = await call(a, 'POST', '/reviews/add-review', {
      token: shopper.accessToken,
      body: { productId, rating: 4, comment: 'Crunchy and fresh' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await read(urls.reviews)).data.map((r: { comment: string }) => r.comment)).toEqual([
      'Crunchy and fresh',
    ]);
    expect((await read(urls.one)).data.rating).toEqual({ average: 4, count: 1 });

    const owner = await ownerToken(a);
    const deleted = await call(a, 'POST', '/banners/deleteBannerImage', {
      token: owner,
      body: { imageUrl: '/uploads/banners/one.webp' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await read(urls.banners)).data[0].images).toEqual(['/uploads/banners/two.webp']);

    const gone = await call(a, 'POST', `/products/deleteProduct/${productId}`, { token: owner });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await read(urls.list)).data.map((p: { _id: string }) => p._id)).not.toContain(
      productId,
    );
    expect((await read(urls.one)).response.statusCode).toBe(404);
    expect(listed.response.headers.etag).not.toBe((await read(urls.list)).response.headers.etag);
  });

  it('an ETag held from one process is a 304 from the other, until a write anywhere', async () => {
    await productAndBanner();
    const fromA = await call(a, 'GET', '/banners/getBannerDetails');
    const etag = fromA.headers.etag as string;
    const fromB = await call(b, 'GET', '/banners/getBannerDetails', {
      headers: { 'if-none-match': etag },
    });
    expect(fromB.statusCode).toBe(304);
    const owner = await ownerToken(b);
    await call(b, 'POST', '/banners/deleteBannerImage', {
      token: owner,
      body: { imageUrl: '/uploads/banners/two.webp' },
    });
    const afterWrite = await call(a, 'GET', '/banners/getBannerDetails', {
      headers: { 'if-none-match': etag },
    });
    expect(afterWrite.statusCode).toBe(200);
    expect(afterWrite.json().data[0].images).toEqual(['/uploads/banners/one.webp']);
  });
}

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('two API processes with Redis', () => {
  acrossProcesses(async () => {
    const env = { ...ENV, REDIS_URL: redisUrl };
    const pair = [await api.startApp({ env }), await api.startApp({ env })] as const;
    apps.push(...pair);
    return [...pair];
  });
});

describe.runIf(usesPostgres())('two API processes on PostgreSQL without Redis', () => {
  acrossProcesses(async () => {
    const other = await api.startApp({ env: ENV });
    apps.push(other);
    return [api.app, other];
  });
});
