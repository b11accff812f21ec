import { createRequire } from 'node:module';
import rateLimit, {
  type CreateRateLimitOptions,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config/config';
import { TooManyRequestsError } from '../lib/errors';
import { CIRCUIT_CLOSED } from '../lib/redis-circuit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a budget per signed-in account on top of the per-address limit: see `accountRateLimit` */
    accountRateLimit?: { max: number; timeWindow: number; group: string };
  }
}

/** Counters in Redis are named under this prefix. */
const NAMESPACE = 'mm-rate-limit-';

/** IPv6 clients are counted per /64: one subscriber line is handed a whole /64 to pick from. */
const IPV6_PREFIX = 64;

/**
 * What the plugin hands a store's `child` for a route with its own limit: the merged options,
 * the route among them.
 */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] &
  RateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } };

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface BuiltInStore extends FastifyRateLimitStore {
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
}

// The plugin's own stores are not exported; they are reused rather than copied so that counting,
// expiry and the Redis script stay the plugin's.
const requireFromHere = createRequire(import.meta.url);
const LocalStore = requireFromHere('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => BuiltInStore;
const RedisStore = requireFromHere('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => BuiltInStore;

/**
 * Counts in Redis, and in this process while Redis does not answer: a Redis outage never opens
 * the limits, it only narrows them to what each process sees (as without REDIS_URL). The client
 * fails fast (no offline queue), so the fallback costs no wait. Said once in the log when it
 * starts; Redis is asked again on the next request.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: BuiltInStore,
    private readonly local: BuiltInStore,
    private readonly onFallback: (error: Error) => void,
  ) {}

  /** Passes Redis's answer on; on its error, says so and asks the local count instead. */
  #orLocal(callback: Callback, askLocal: () => void): Callback {
    return (error, result) => {
      if (!error) {
        callback(null, result);
        return;
      }
      this.onFallback(error);
      askLocal();
    };
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const local = () => this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(key, this.#orLocal(callback, local), timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    const { shared, local } = this;
    if (!shared.read || !local.read) {
      throw new Error('this rate-limit store cannot read without counting');
    }
    const fallback = () => local.read?.(key, callback, timeWindow, max);
    shared.read(key, this.#orLocal(callback, fallback), timeWindow, max);
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    return new FallbackStore(
      this.shared.child(options) as BuiltInStore,
      this.local.child(options) as BuiltInStore,
      this.onFallback,
    );
  }
}

/**
 * The plugin gives every route with its own limit a store of its own, so its `groupId` never
 * joins two routes: an alias route would double the budget. This store hands every route of one
 * group the same child, so `/loginUser` and `/send-otp` draw on one counter per client.
 */
function groupedStore(redis: Redis | null, onFallback: (error: Error) => void) {
  return class GroupedStore implements FastifyRateLimitStore {
    private readonly inner: BuiltInStore;
    private readonly groups = new Map<string, BuiltInStore>();

    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      const local = new LocalStore(continueExceeding, exponentialBackoff);
      this.inner = redis
        ? new FallbackStore(
            new RedisStore(continueExceeding, exponentialBackoff, redis, NAMESPACE),
            local,
            onFallback,
          )
        : local;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.inner.incr(key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (!this.inner.read) throw new Error('this rate-limit store cannot read without counting');
      this.inner.read(key, callback, timeWindow, max);
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const group = options.groupId;
      if (!group) return this.inner.child(options);
      let shared = this.groups.get(group);
      if (!shared) {
        // The Redis store names a child's counters after its route; a group is named after itself.
        shared = this.inner.child({
          ...options,
          routeInfo: { method: 'group:', url: group },
        } as ChildOptions);
        this.groups.set(group, shared);
      }
      return shared;
    }
  };
}

/**
 * The limit of every route in the scope it is registered in (the API). Clients are told apart by
 * `request.ip`, which follows TRUST_PROXY. With Redis the counters are shared by every API
 * process; without it they live in this process. A route that names an account budget
 * (`accountRateLimit`) is also counted per signed-in account.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  limits: RateLimitConfig,
  redis: Redis | null,
): Promise<void> {
  if (!limits.enabled) return;
  let counting: 'shared' | 'local' = 'shared';
  const onFallback = (error: Error) => {
    if (counting === 'local') return;
    counting = 'local';
    scope.log.warn({ err: error }, 'rate limits: Redis does not answer; each process counts alone');
  };
  const shared = () => {
    if (counting === 'shared') return;
    counting = 'shared';
    scope.log.info('rate limits: counted in Redis again');
  };
  // Back after a reconnection, or after a Redis that held its connection answers again.
  redis?.on('ready', shared);
  redis?.on(CIRCUIT_CLOSED, shared);
  await scope.register(rateLimit, {
    global: true,
    max: limits.max,
    timeWindow: limits.windowMs,
    ipv6Subnet: IPV6_PREFIX,
    store: groupedStore(redis, onFallback),
    // Never reached with Redis down (the store counts locally then); kept so that no store
    // failure can take the shop down.
    skipOnError: true,
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
  scope.addHook('onRoute', (route) => {
    const budget = route.config?.accountRateLimit;
    if (!budget) return;
    const options: CreateRateLimitOptions & { groupId: string } = {
      max: budget.max,
      timeWindow: budget.timeWindow,
      // The grouped store hands every route of the group one counter (and one Redis name).
      groupId: budget.group,
      keyGenerator: (request) => `${request.auth.realm}:${request.auth.subjectId}`,
    };
    const limit = scope.createRateLimit(options);
    const check: preValidationAsyncHookHandler = async (request, reply) => {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) return;
      void reply.header('retry-after', result.ttlInSeconds);
      throw new TooManyRequestsError();
    };
    // The realm's guard goes first (the auth plugin puts it there), so `request.auth` is known.
    const existing = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), check];
  });
}

/**
 * Route config for the tight limit of sign-in and one-time-code routes:
 * `app.post('/loginUser', { config: strictRateLimit(config.rateLimit, 'send-code') }, handler)`.
 * Routes given the same group share one budget per client; without a group a route has its own.
 */
export function strictRateLimit(limits: RateLimitConfig, group?: string) {
  return {
    rateLimit: {
      max: limits.strictMax,
      timeWindow: limits.strictWindowMs,
      ...(group ? { groupId: group } : {}),
    },
  };
}

/**
 * Route config for a budget per signed-in account, for writes a stolen or scripted session could
 * repeat from many addresses: `config: { realm: 'customer', ...accountRateLimit(limits, 'reviews') }`.
 * The routes of one group share the budget; the per-address limit of every route still applies.
 * Only for routes with a realm: the account is the one the realm's guard found.
 */
export function accountRateLimit(limits: RateLimitConfig, group: string) {
  return {
    accountRateLimit: {
      max: limits.accountMax,
      timeWindow: limits.strictWindowMs,
      group,
    },
  };
}

/** Counts one request against a budget kept outside a route; answers the seconds to wait once over it. */
export type RequestBudget = (request: FastifyRequest) => Promise<number | null>;

/**
 * The API's per-client budget (the same max and window, its own counter named `group`), for
 * answers the API's routes do not give: the storefront's unknown page paths. Null when limits
 * are off. Call it on the scope `registerRateLimit` was given.
 */
export function budgetOutsideRoutes(
  scope: FastifyInstance,
  limits: RateLimitConfig,
  group: string,
): RequestBudget | null {
  if (!limits.enabled) return null;
  const options: CreateRateLimitOptions & { groupId: string } = {
    max: limits.max,
    timeWindow: limits.windowMs,
    groupId: group,
  };
  const limit = scope.createRateLimit(options);
  return async (request) => {
    const result = await limit(request);
    return result.isAllowed || !result.isExceeded ? null : result.ttlInSeconds;
  };
}
