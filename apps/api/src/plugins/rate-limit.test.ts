import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../config/config';
import { installErrorHandler } from './error-handler';
import { registerRateLimit, strictRateLimit } from './rate-limit';

const limits: RateLimitConfig = {
  enabled: true,
  max: 100,
  windowMs: 60_000,
  strictMax: 2,
  strictWindowMs: 60_000,
};

describe('strictRateLimit', () => {
  it('gives a route its own tighter limit, answered in the envelope', async () => {
    const app = Fastify();
    installErrorHandler(app);
    await registerRateLimit(app, limits, null);
    app.post('/loginUser', { config: strictRateLimit(limits) }, async () => ({ ok: true }));
    app.get('/loose', async () => ({ ok: true }));
    await app.ready();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await app.inject({ method: 'POST', url: '/loginUser' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const refused = await app.inject({ method: 'POST', url: '/loginUser' });
      expect(refused.json()).toMatchObject({
        statusCode: 429,
        message: TOO_MANY_REQUESTS_MESSAGE,
        success: false,
      });
      expect((await app.inject({ url: '/loose' })).headers['x-ratelimit-limit']).toBe('100');
    } finally {
      await app.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits on Redis', () => {
  it('shares one counter between two API processes', async () => {
    const { Redis } = await import('ioredis');
    const shared = { ...limits, max: 3 };
    const namespacePrefix = `test-${process.pid}-${Date.now()}`;
    const makeInstance = async () => {
      const redis = new Redis(redisUrl as string, { keyPrefix: `${namespacePrefix}:` });
      const app = Fastify();
      installErrorHandler(app);
      await registerRateLimit(app, shared, redis);
      app.get('/products', async () => ({ ok: true }));
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      await app.ready();
      return app;
    };
    const first = await makeInstance();
    const second = await makeInstance();
    try {
      const codes: number[] = [];
      for (const app of [first, second, first, second]) {
        codes.push((await app.inject({ url: '/products' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
