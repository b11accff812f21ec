import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config/config';
import { TooManyRequestsError } from '../lib/errors';

/**
 * The limit of every route in the scope it is registered in (the API). With Redis the counters are
 * shared by every API process; without it they live in this process.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  limits: RateLimitConfig,
  redis: Redis | null,
): Promise<void> {
  if (!limits.enabled) return;
  await scope.register(rateLimit, {
    global: true,
    max: limits.max,
    timeWindow: limits.windowMs,
    ...(redis ? { redis, nameSpace: 'mm-rate-limit-' } : {}),
    // A Redis outage must not take the shop down with it.
    skipOnError: true,
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
}

/**
 * Route config for the tight limit of sign-in and one-time-code routes:
 * `app.post('/loginUser', { config: strictRateLimit(config.rateLimit) }, handler)`.
 */
export function strictRateLimit(limits: RateLimitConfig) {
  return { rateLimit: { max: limits.strictMax, timeWindow: limits.strictWindowMs } };
}
