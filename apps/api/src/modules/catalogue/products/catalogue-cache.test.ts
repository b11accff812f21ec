import type { Product } from '@makhana/domain/product';
import { describe, expect, it, vi } from 'vitest';
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
      await cacheA.invalidate();
      await vi.waitFor(async () => {
        await cacheB.list(load);
        expect(load).toHaveBeenCalledTimes(2);
      });
    } finally {
      await cacheA.close();
      await cacheB.close();
      await first.quit();
      await second.quit();
    }
  });
});
