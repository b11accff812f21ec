import type { Product } from '@makhana/domain/product';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, usesPostgres } from '../../../test/database';
import { createCatalogueCache } from './catalogue-cache';

const product = { _id: 'p1', name: 'Classic' } as Product;

describe('createCatalogueCache', () => {
  it('loads once within its lifetime and again after it', async () => {
    vi.useFakeTimers();
    try {
      const cache = await createCatalogueCache({ ttlMs: 1000 });
      const load = vi.fn(async () => [product]);
      await cache.list(load);
      await cache.list(load);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await cache.list(load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  /** A load of `products` that waits for `finish`, so a test can look at the cache meanwhile. */
  function slowLoad() {
    const state = { products: 'old products', finish: () => {} };
    const load = vi.fn(async () => {
      const now = state.products;
      await new Promise<void>((resolve) => (state.finish = resolve));
      return now;
    });
    return { state, load };
  }

  it('past its lifetime answers what it held while one load refreshes it, for one lifetime more', async () => {
    vi.useFakeTimers();
    try {
      const cache = await createCatalogueCache({ ttlMs: 1000 });
      const { state, load } = slowLoad();
      const first = cache.get('products', load);
      state.finish();
      expect(await first).toBe('old products');

      state.products = 'new products';
      vi.advanceTimersByTime(1001);
      // Not refreshing yet: the early path (peek) leaves it to a reader's get, which starts it.
      expect(cache.peek('products')).toBeUndefined();
      expect(await cache.get('products', load)).toBe('old products');
      expect(await cache.get('products', load)).toBe('old products');
      expect(load).toHaveBeenCalledTimes(2);
      expect(cache.peek('products')).toBe('old products');
      state.finish();
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('products', load)).toBe('new products');
      expect(cache.peek('products')).toBe('new products');

      // A lifetime past its end nothing is answered from it: the reader waits for the load.
      vi.advanceTimersByTime(2001);
      expect(cache.peek('products')).toBeUndefined();
      const waited = cache.get('products', load);
      expect(load).toHaveBeenCalledTimes(3);
      state.finish();
      expect(await waited).toBe('new products');
      // An invalidation drops it at once, lifetime or not.
      await cache.invalidate();
      expect(cache.peek('products')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never answers a load (a page reading the products) from past their lifetime', async () => {
    vi.useFakeTimers();
    try {
      const cache = await createCatalogueCache({ ttlMs: 1000 });
      const { state, load } = slowLoad();
      const page = async () => `page of ${await cache.get('products', load)}`;
      const first = cache.get('page', page);
      state.finish();
      expect(await first).toBe('page of old products');

      state.products = 'new products';
      vi.advanceTimersByTime(1001);
      expect(await cache.get('page', page)).toBe('page of old products');
      // The page's refresh reads the products afresh.
      expect(load).toHaveBeenCalledTimes(2);
      state.finish();
      await vi.advanceTimersByTimeAsync(0);
      expect(cache.peek('page')).toBe('page of new products');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one load between concurrent readers and forgets a failed load', async () => {
    const cache = await createCatalogueCache({});
    const failing = vi.fn(async (): Promise<Product[]> => {
      throw new Error('database down');
    });
    await expect(Promise.all([cache.list(failing), cache.list(failing)])).rejects.toThrow(
      'database down',
    );
    expect(failing).toHaveBeenCalledTimes(1);
    const load = vi.fn(async () => [product]);
    expect(await cache.list(load)).toEqual([product]);
  });

  it('keeps keys apart, and drops every key on invalidate', async () => {
    const cache = await createCatalogueCache({});
    const banners = vi.fn(async () => 'banners');
    const reviews = vi.fn(async () => 'reviews');
    expect(await cache.get('banners', banners)).toBe('banners');
    expect(await cache.get('reviews:p1', reviews)).toBe('reviews');
    await cache.get('banners', banners);
    expect(banners).toHaveBeenCalledTimes(1);
    await cache.invalidate();
    await cache.get('banners', banners);
    await cache.get('reviews:p1', reviews);
    expect(banners).toHaveBeenCalledTimes(2);
    expect(reviews).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that started before an invalidation', async () => {
    const cache = await createCatalogueCache({});
    let finish: (value: string) => void = () => {};
    const before = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const reading = cache.get('banners', before);
    await cache.invalidate();
    // A reader after the invalidation does not join the load that may predate the write.
    const after = vi.fn(async () => 'after the write');
    expect(await cache.get('banners', after)).toBe('after the write');
    finish('before the write');
    expect(await reading).toBe('before the write');
    expect(await cache.get('banners', after)).toBe('after the write');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('pushes out the oldest key beyond its size', async () => {
    const cache = await createCatalogueCache({ maxEntries: 2 });
    const load = vi.fn(async () => 'x');
    for (const key of ['a', 'b', 'c']) await cache.get(key, load);
    await cache.get('c', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the catalogue cache across API processes', () => {
  it('an invalidation in one process reaches the other through Redis', async () => {
    const { Redis } = await import('ioredis');
    const first = new Redis(redisUrl as string);
    const second = new Redis(redisUrl as string);
    const cacheA = await createCatalogueCache({ redis: first, ttlMs: 60_000 });
    const cacheB = await createCatalogueCache({ redis: second, ttlMs: 60_000 });
    try {
      const load = vi.fn(async () => [product]);
      await cacheB.list(load);
      const started = Date.now();
      await cacheA.invalidate();
      // B acknowledged before invalidate() returned: no wait, and no timeout ran out.
      expect(Date.now() - started).toBeLessThan(500);
      await cacheB.list(load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      await cacheA.close();
      await cacheB.close();
      await first.quit();
      await second.quit();
    }
  });
});

describe.runIf(usesPostgres())('the catalogue cache across API processes without Redis', () => {
  it('an invalidation in one process reaches the other through LISTEN/NOTIFY before it returns', async () => {
    const database = await createTestDatabase();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const cacheA = await createCatalogueCache({ postgres: pool, ttlMs: 60_000 });
    const cacheB = await createCatalogueCache({ postgres: pool, ttlMs: 60_000 });
    try {
      const load = vi.fn(async () => [product]);
      await cacheB.list(load);
      await cacheB.list(load);
      expect(load).toHaveBeenCalledTimes(1);
      const started = Date.now();
      await cacheA.invalidate();
      expect(Date.now() - started).toBeLessThan(500);
      await cacheB.list(load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      await cacheA.close();
      await cacheB.close();
      await database.close();
    }
  });

  it('keeps topics apart: an invalidation of one leaves another topic on the same server alone', async () => {
    const database = await createTestDatabase();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const catalogueA = await createCatalogueCache({ postgres: pool, ttlMs: 60_000 });
    const sessionsA = await createCatalogueCache({
      topic: 'sessions',
      postgres: pool,
      ttlMs: 60_000,
    });
    const sessionsB = await createCatalogueCache({
      topic: 'sessions',
      postgres: pool,
      ttlMs: 60_000,
    });
    try {
      const catalogueLoad = vi.fn(async () => [product]);
      const sessionLoad = vi.fn(async () => true);
      await catalogueA.list(catalogueLoad);
      await sessionsB.get('customer:someone:family', sessionLoad);
      // Waits only for the processes listening to its own topic, and reaches each of them.
      const started = Date.now();
      await sessionsA.invalidate();
      expect(Date.now() - started).toBeLessThan(500);
      await sessionsB.get('customer:someone:family', sessionLoad);
      expect(sessionLoad).toHaveBeenCalledTimes(2);
      await catalogueA.list(catalogueLoad);
      expect(catalogueLoad).toHaveBeenCalledTimes(1);
      await expect(createCatalogueCache({ topic: 'no; listen', postgres: pool })).rejects.toThrow(
        'invalid cache topic',
      );
    } finally {
      await Promise.all([catalogueA.close(), sessionsA.close(), sessionsB.close()]);
      await database.close();
    }
  });

  it('writers at once share messages, and each returns only after the other process dropped its copy', async () => {
    const database = await createTestDatabase();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const cacheA = await createCatalogueCache({ postgres: pool, ttlMs: 60_000 });
    const cacheB = await createCatalogueCache({ postgres: pool, ttlMs: 60_000 });
    const query = vi.spyOn(pool, 'query');
    try {
      const load = vi.fn(async () => [product]);
      await cacheB.list(load);
      const notifies = () =>
        query.mock.calls.filter(([text]) => String(text).startsWith('select pg_notify')).length;
      const before = notifies();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          await cacheA.invalidate();
          await cacheB.list(load);
        }),
      );
      // Every writer's read after its invalidation went to the loader, not to a kept copy.
      expect(load.mock.calls.length).toBeGreaterThanOrEqual(2);
      // Each message is a NOTIFY and an acknowledgement from each of the two processes.
      expect(notifies() - before).toBeLessThan(10 * 3);
    } finally {
      query.mockRestore();
      await cacheA.close();
      await cacheB.close();
      await database.close();
    }
  });
});
