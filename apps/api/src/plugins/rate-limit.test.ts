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
