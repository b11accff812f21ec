import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../config/config';
import { createCatalogueCache } from '../modules/catalogue';
import { installErrorHandler } from '../plugins/error-handler';
import { registerRateLimit, strictRateLimit } from '../plugins/rate-limit';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { CIRCUIT_CLOSED, CIRCUIT_OPEN } from './redis-circuit';
import { RedisCircuitOpenError, ShopRedis } from './redis-client';

const redisUrl = process.env.TEST_REDIS_URL;
const COMMAND_TIMEOUT_MS = 150;

/** The shop's client, as app.ts makes it, through a proxy that can hang. */
async function hangingRedis(): Promise<{ redis: ShopRedis; proxy: TcpProxy; events: string[] }> {
  const target = new URL(redisUrl as string);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  const redis = new ShopRedis(
    proxy.url('redis'),
    { enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 },
    { failures: 3, probeEveryMs: 100 },
  );
  const events: string[] = [];
  redis.on(CIRCUIT_OPEN, () => events.push('open'));
  redis.on(CIRCUIT_CLOSED, () => events.push('closed'));
  await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  return { redis, proxy, events };
}

/** How long a promise takes to settle, and whether it failed. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await work;
    return { ms: performance.now() - started, error: null };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 3_000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.runIf(redisUrl)(
  'the shop’s Redis client with a Redis that holds its connection and never answers',
  () => {
    const cleanup: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const step of cleanup.splice(0).reverse()) await step();
    });

    async function setUp() {
      const made = await hangingRedis();
      cleanup.push(() => made.proxy.close());
      cleanup.push(() => made.redis.quit().catch(() => made.redis.disconnect()));
      return made;
    }

    it('stops asking after three commands without an answer, fails at once, and asks again once Redis answers', async () => {
      const { redis, proxy, events } = await setUp();
      await redis.set('mm-circuit-test', '1');
      proxy.hang();

      const unanswered = await Promise.all(
        [1, 2, 3].map(() => timed(redis.get('mm-circuit-test'))),
      );
      for (const { ms, error } of unanswered) {
        expect((error as Error).message).toBe('Command timed out');
        expect(ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 5);
      }
      expect(events).toEqual(['open']);
      expect(redis.circuitClosed).toBe(false);

      const refused = await timed(redis.get('mm-circuit-test'));
      expect(refused.error).toBeInstanceOf(RedisCircuitOpenError);
      expect(refused.ms).toBeLessThan(20);

      proxy.resume();
      await until(() => redis.circuitClosed);
      expect(events).toEqual(['open', 'closed']);
      expect(await redis.get('mm-circuit-test')).toBe('1');
      await redis.del('mm-circuit-test');
    });

    it('takes Redis’s own error replies as answers', async () => {
      const { redis, events } = await setUp();
      await redis.set('mm-circuit-test-string', 'x');
      for (let i = 0; i < 5; i++)
        await expect(redis.incr('mm-circuit-test-string')).rejects.toThrow();
      expect(events).toEqual([]);
      expect(redis.circuitClosed).toBe(true);
      await redis.del('mm-circuit-test-string');
    });

    it('the rate limits count in this process at once while the circuit is open, and in Redis again after', async () => {
      const { redis, proxy } = await setUp();
      const limits: RateLimitConfig = {
        enabled: true,
        max: 1000,
        windowMs: 60_000,
        strictMax: 2,
        strictWindowMs: 60_000,
        accountMax: 1000,
        signInEmailsPerDay: 1000,
      };
      const app = Fastify();
      installErrorHandler(app);
      const said: string[] = [];
      // What the limits say, with or without details first; not each request's own lines.
      const note = ((...words: unknown[]) => {
        const message = words.findLast((word) => typeof word === 'string');
        if (typeof message === 'string' && message.startsWith('rate limits')) said.push(message);
      }) as typeof app.log.warn;
      app.log.warn = note;
      app.log.info = note;
      await registerRateLimit(app, limits, redis);
      app.post('/loginUser', { config: strictRateLimit(limits) }, async () => ({ ok: true }));
      await app.ready();
      cleanup.push(() => app.close());
      const post = (ip: string) =>
        timed(app.inject({ method: 'POST', url: '/loginUser', remoteAddress: ip }));

      proxy.hang();
      // The first requests wait for Redis's timeout, and open the circuit.
      for (let i = 0; i < 3; i++) await post(`10.0.0.${i + 1}`);
      await until(() => !redis.circuitClosed);
      const started = performance.now();
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const reply = await app.inject({
          method: 'POST',
          url: '/loginUser',
          remoteAddress: '10.9.9.9',
        });
        codes.push(reply.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
      expect(performance.now() - started).toBeLessThan(100);

      proxy.resume();
      await until(() => redis.circuitClosed);
      expect(said).toEqual([
        'rate limits: Redis does not answer; each process counts alone',
        'rate limits: counted in Redis again',
      ]);
    });

    it('the cache is bypassed while the circuit is open (invalidations would not arrive), and used again after', async () => {
      const { redis, proxy } = await setUp();
      const cache = await createCatalogueCache({ redis, ttlMs: 60_000, topic: 'circuittest' });
      cleanup.push(() => cache.close());
      let loads = 0;
      const load = async () => ++loads;
      await cache.get('k', load);
      await cache.get('k', load);
      expect(loads).toBe(1);

      proxy.hang();
      await Promise.all([1, 2, 3].map(() => redis.get('x').catch(() => {})));
      expect(redis.circuitClosed).toBe(false);
      await cache.get('k', load);
      await cache.get('k', load);
      expect(loads).toBe(3);

      proxy.resume();
      await until(() => redis.circuitClosed);
      // Used again once subscribed again: what a read loads is then held.
      let held = false;
      for (let tries = 0; tries < 50 && !held; tries++) {
        await cache.get('k', load);
        held = cache.peek('k') !== undefined;
        if (!held) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(held).toBe(true);
    });
  },
);
