import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../config/config';
import { keepAnswer } from '../lib/kept-answer';
import type { PageRenderer } from '../modules/storefront';
import { installErrorHandler } from './error-handler';
import { budgetOutsideRoutes, type RequestBudget, registerRateLimit } from './rate-limit';
import { registerStorefront } from './static-files';

const limits: RateLimitConfig = {
  enabled: true,
  max: 3,
  windowMs: 60_000,
  strictMax: 2,
  strictWindowMs: 60_000,
  accountMax: 2,
  signInEmailsPerDay: 30,
};

const dist = mkdtempSync(path.join(tmpdir(), 'mm-static-files-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A storefront whose only page is /known; every other path is unknown, as the real render says. */
const pages: PageRenderer = {
  listedPaths: ['/known'],
  async page(address) {
    return address.startsWith('/known')
      ? { status: 200, answer: keepAnswer('<p>known</p>') }
      : { status: 404, answer: keepAnswer('<p>not found</p>'), unknown: true };
  },
};

/** The shop's shape: the API in its scope with its limit, the storefront outside it. */
async function shop(rateLimit: RateLimitConfig) {
  const app = Fastify();
  installErrorHandler(app);
  let unknownPages: RequestBudget | null = null;
  await app.register(
    async (api) => {
      await registerRateLimit(api, rateLimit, null);
      unknownPages = budgetOutsideRoutes(api, rateLimit, 'unknown-pages');
      api.get('/ping', async () => ({ ok: true }));
    },
    { prefix: '/api/v1' },
  );
  await registerStorefront(app, dist, pages, unknownPages);
  await app.ready();
  return app;
}

describe('unknown page paths', () => {
  it("draw on the API's budget per client, with a counter of their own; real pages never", async () => {
    const app = await shop(limits);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await app.inject(`/made-up-${i}`)).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await app.inject('/made-up-again');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: TOO_MANY_REQUESTS_MESSAGE, success: false });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      for (let i = 0; i < 10; i++) expect((await app.inject('/known')).statusCode).toBe(200);
      expect((await app.inject('/api/v1/ping')).statusCode).toBe(200);
      // Another client has its own budget.
      const elsewhere = await app.inject({ url: '/made-up', remoteAddress: '10.0.0.9' });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body).toBe('<p>not found</p>');
    } finally {
      await app.close();
    }
  });

  it('are not counted when rate limiting is off', async () => {
    const app = await shop({ ...limits, enabled: false });
    try {
      for (let i = 0; i < 6; i++) expect((await app.inject(`/made-up-${i}`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
