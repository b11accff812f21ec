import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { loadConfig, type RateLimitConfig } from '../config/config';
import { installErrorHandler } from './error-handler';
import { registerRateLimit, strictRateLimit } from './rate-limit';

const limits: RateLimitConfig = {
  enabled: true,
  max: 100,
  windowMs: 60_000,
  strictMax: 2,
  strictWindowMs: 60_000,
  accountMax: 2,
  signInEmailsPerDay: 30,
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

/** The users module's alias routes, as it declares them, plus a loose route. */
async function shop(
  options: { trustProxy?: string; redis?: Redis | null } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: loadConfig({ TRUST_PROXY: options.trustProxy ?? 'off' }).trustProxy,
  });
  installErrorHandler(app);
  await registerRateLimit(app, limits, options.redis ?? null);
  const ok = async () => ({ ok: true });
  app.post('/loginUser', { config: strictRateLimit(limits, 'send-code') }, ok);
  app.post('/send-otp', { config: strictRateLimit(limits, 'send-code') }, ok);
  app.post('/loginVerificationUser', { config: strictRateLimit(limits, 'verify-code') }, ok);
  app.post('/verify-otp', { config: strictRateLimit(limits, 'verify-code') }, ok);
  app.post('/registerUser', { config: strictRateLimit(limits) }, ok);
  app.get('/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

type Request = { url: string; remoteAddress?: string; headers?: Record<string, string> };

async function statuses(app: FastifyInstance, requests: Request[]): Promise<number[]> {
  const codes: number[] = [];
  for (const request of requests) {
    codes.push((await app.inject({ method: 'POST', ...request })).statusCode);
  }
  return codes;
}

describe('one budget for the alias routes', () => {
  it('limits send-otp once the loginUser budget is spent, and the reverse', async () => {
    const app = await shop();
    try {
      expect(
        await statuses(app, [{ url: '/loginUser' }, { url: '/loginUser' }, { url: '/send-otp' }]),
      ).toEqual([200, 200, 429]);
      expect(
        await statuses(app, [
          { url: '/verify-otp' },
          { url: '/loginVerificationUser' },
          { url: '/verify-otp' },
        ]),
      ).toEqual([200, 200, 429]);
      // Each group, and a route of no group, keeps its own budget.
      expect(await statuses(app, [{ url: '/registerUser' }])).toEqual([200]);
    } finally {
      await app.close();
    }
  });
});

describe('clients behind a proxy (TRUST_PROXY=1)', () => {
  const PROXY = '10.0.0.2';
  /** What the proxy forwards: whatever the client wrote, then the address it saw. */
  const through = (client: string, written?: string): Request => ({
    url: '/loginUser',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': written ? `${written}, ${client}` : client },
  });

  it('counts the address the proxy saw, whatever the client writes in X-Forwarded-For', async () => {
    const app = await shop({ trustProxy: '1' });
    try {
      const spoofer = '203.0.113.7';
      expect(
        await statuses(app, [
          through(spoofer, '198.51.100.1'),
          through(spoofer, '198.51.100.2, 192.0.2.9'),
          through(spoofer, '198.51.100.3'),
          through(spoofer),
        ]),
      ).toEqual([200, 200, 429, 429]);
      // Another client behind the same proxy is not punished for it.
      expect(await statuses(app, [through('203.0.113.8')])).toEqual([200]);
      const seen = await app.inject({
        url: '/ip',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '1.1.1.1, 203.0.113.7' },
      });
      expect(seen.json().ip).toBe('203.0.113.7');
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const app = await shop();
    try {
      const direct = (written: string): Request => ({
        url: '/loginUser',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': written },
      });
      expect(
        await statuses(app, [direct('198.51.100.1'), direct('198.51.100.2'), direct('1.1.1.1')]),
      ).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('IPv6 clients', () => {
  it('share one budget per /64; an IPv4-mapped address is its IPv4 address', async () => {
    const app = await shop();
    try {
      const from = (remoteAddress: string): Request => ({ url: '/loginUser', remoteAddress });
      expect(
        await statuses(app, [
          from('2001:db8:1:2::1'),
          from('2001:db8:1:2:ffff:ffff:ffff:9'),
          from('2001:db8:1:2:abcd::42'),
        ]),
      ).toEqual([200, 200, 429]);
      expect(await statuses(app, [from('2001:db8:1:3::1')])).toEqual([200]);
      expect(
        await statuses(app, [
          from('198.51.100.7'),
          from('::ffff:198.51.100.7'),
          from('198.51.100.7'),
        ]),
      ).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('with Redis away', () => {
  it('still limits: each process counts on its own, and answers without waiting for Redis', async () => {
    const { Redis } = await import('ioredis');
    // Nothing listens on port 1: every command fails at once, as the shop's client is set to.
    const away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1000,
    });
    away.on('error', () => {});
    const app = Fastify();
    installErrorHandler(app);
    const warnings: string[] = [];
    app.log.warn = ((_details: unknown, message: string) => {
      warnings.push(message);
    }) as typeof app.log.warn;
    try {
      await registerRateLimit(app, limits, away);
      app.post('/loginUser', { config: strictRateLimit(limits) }, async () => ({ ok: true }));
      await app.ready();
      const started = Date.now();
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await app.inject({ method: 'POST', url: '/loginUser' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect(Date.now() - started).toBeLessThan(500);
      expect(warnings).toEqual(['rate limits: Redis does not answer; each process counts alone']);
    } finally {
      await app.close();
      away.disconnect();
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

  it('shares one budget between alias routes and processes', async () => {
    const { Redis } = await import('ioredis');
    const keyPrefix = `test-${process.pid}-${Date.now()}-group:`;
    const clients = [
      new Redis(redisUrl as string, { keyPrefix }),
      new Redis(redisUrl as string, { keyPrefix }),
    ];
    const [first, second] = await Promise.all(clients.map((redis) => shop({ redis })));
    try {
      const codes: number[] = [];
      for (const [app, url] of [
        [first, '/loginUser'],
        [second, '/send-otp'],
        [first, '/send-otp'],
      ] as const) {
        codes.push((await app!.inject({ method: 'POST', url })).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
      expect((await second!.inject({ method: 'POST', url: '/verify-otp' })).statusCode).toBe(200);
    } finally {
      await first?.close();
      await second?.close();
      await Promise.all(clients.map((redis) => redis.quit()));
    }
  });
});
