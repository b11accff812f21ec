import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clientOf, createDistinctCounter } from './distinct-counter';

const redisUrl = process.env.TEST_REDIS_URL;

describe('createDistinctCounter', () => {
  it('admits a key up to the limit of different items, and what it asked already, without Redis', async () => {
    const counter = createDistinctCounter(null, 'test');
    expect(await counter.admit('a', 'x@example.com', 2)).toBe(true);
    expect(await counter.admit('a', 'x@example.com', 2)).toBe(true);
    expect(await counter.admit('a', 'y@example.com', 2)).toBe(true);
    expect(await counter.admit('a', 'z@example.com', 2)).toBe(false);
    // A refused item is not counted: it stays refused, the others stay answered.
    expect(await counter.admit('a', 'z@example.com', 2)).toBe(false);
    expect(await counter.admit('a', 'y@example.com', 2)).toBe(true);
    expect(await counter.admit('b', 'z@example.com', 2)).toBe(true);
  });

  it('counts in this process while Redis is away, never not at all', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1000,
    });
    away.on('error', () => {});
    try {
      const counter = createDistinctCounter(away, 'away');
      expect(await counter.admit('a', 'x@example.com', 1)).toBe(true);
      expect(await counter.admit('a', 'x@example.com', 1)).toBe(true);
      expect(await counter.admit('a', 'y@example.com', 1)).toBe(false);
    } finally {
      away.disconnect();
    }
  });

  describe.runIf(redisUrl)('with Redis', () => {
    const redis = new Redis(redisUrl ?? '');
    afterAll(() => redis.quit());

    it('counts across processes: two counters on one Redis share the count', async () => {
      const key = `client-${Date.now()}`;
      const one = createDistinctCounter(redis, 'test');
      const two = createDistinctCounter(redis, 'test');
      expect(await one.admit(key, 'x@example.com', 2)).toBe(true);
      expect(await two.admit(key, 'y@example.com', 2)).toBe(true);
      expect(await one.admit(key, 'z@example.com', 2)).toBe(false);
      expect(await two.admit(key, 'x@example.com', 2)).toBe(true);
      // Kept a day at most, and never as sent.
      const [stored] = await redis.keys(`mm-distinct-test:*:${key}`);
      expect(await redis.ttl(stored ?? '')).toBeGreaterThan(86_000);
      expect(await redis.smembers(stored ?? '')).not.toContain('x@example.com');
    });
  });
});

describe('clientOf', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:0:12:a:b:c:d')).toBe('2001:db8:0:12::/64');
    expect(clientOf('2001:db8:0:12::99')).toBe('2001:db8:0:12::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
