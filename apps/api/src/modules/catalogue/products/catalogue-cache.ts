import type { Product } from '@makhana/domain/product';
import type { Redis } from 'ioredis';

/**
 * The catalogue as the shop reads it on every page, kept for a few seconds. Free stock in it is a
 * preview only: an order checks stock in the database. Writers call `invalidate()`; with Redis the
 * invalidation reaches every API process, so none serves a catalogue older than its last write.
 */
export interface CatalogueCache {
  list(load: () => Promise<Product[]>): Promise<Product[]>;
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

export const CATALOGUE_TTL_MS = 5_000;
const CHANNEL = 'mm:catalogue:invalidate';

export async function createCatalogueCache(options: {
  ttlMs?: number;
  redis?: Redis | null;
}): Promise<CatalogueCache> {
  const ttlMs = options.ttlMs ?? CATALOGUE_TTL_MS;
  let entry: { products: Promise<Product[]>; expiresAt: number } | null = null;
  const forget = () => {
    entry = null;
  };

  const subscriber = options.redis ? options.redis.duplicate() : null;
  if (subscriber) {
    subscriber.on('error', () => {
      // The publisher's connection reports Redis trouble; the TTL bounds staleness meanwhile.
    });
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (channel) => {
      if (channel === CHANNEL) forget();
    });
  }

  return {
    list(load) {
      const now = Date.now();
      if (entry && entry.expiresAt > now) return entry.products;
      const products = load();
      const fresh = { products, expiresAt: now + ttlMs };
      entry = fresh;
      // A failed load is not kept: the next request tries again.
      products.catch(() => {
        if (entry === fresh) entry = null;
      });
      return products;
    },
    async invalidate() {
      forget();
      if (options.redis) await options.redis.publish(CHANNEL, String(Date.now())).catch(() => 0);
    },
    async close() {
      forget();
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
