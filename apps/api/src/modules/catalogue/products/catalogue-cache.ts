import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Product } from '@makhana/domain/product';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { markChanged } from '../../../db/after-commit';
import type { Executor } from '../../../db/client';
import { CIRCUIT_CLOSED, CIRCUIT_OPEN } from '../../../lib/redis-circuit';

/**
 * The shop's public reads (the catalogue, one product, the banners, a product's reviews), kept for
 * a few seconds under a key each. Free stock in them is a preview only: an order checks stock in
 * the database. A writer marks its transaction (`catalogueChanged`); once it has committed, the
 * app's one after-commit hook calls `invalidate()`, which drops every entry in this process at once, and reaches every other API process through Redis (`REDIS_URL`)
 * or else PostgreSQL's LISTEN/NOTIFY. PGlite is one process, so in-process is enough there.
 */
export interface CatalogueCache {
  /** The catalogue's products; shorthand for `get('products', load)`. */
  list(load: () => Promise<Product[]>): Promise<Product[]>;
  /** What `key` holds, or what `load` gives; concurrent readers of a missing key share one load. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * What `key` holds once its load has finished, or undefined when it is not held (missing,
   * loading, expired, dropped by an invalidation, or the cache bypassed): never loads.
   */
  peek<T>(key: string): T | undefined;
  invalidate(): Promise<void>;
  close(): Promise<void>;
  /** reads answered from what was held, and reads that had to load, since the cache was made */
  readonly stats: { hits: number; misses: number };
}

/** The after-commit topic of a write that changed what the catalogue's reads show. */
export const CATALOGUE_CHANGED = 'catalogue';

/**
 * Marks the transaction as one that changed what the catalogue shows (products, pictures, free
 * stock, reviews and their verified-buyer marks, banners): its cached reads are dropped in every
 * process once it commits, before the writer's request answers.
 */
export function catalogueChanged(tx: Executor): void {
  markChanged(tx, CATALOGUE_CHANGED);
}

export const CATALOGUE_TTL_MS = 5_000;
/** Keys beyond this (a reviews page per product at scale) push out the oldest. */
export const MAX_ENTRIES = 5_000;

/**
 * The channels of one cache's invalidations (`topic`: 'catalogue', or another cache built the
 * same way), on Redis and on PostgreSQL, and the name of its listening connections, so a writer
 * can count the processes it waits for.
 */
function channelsOf(topic: string) {
  // Written into LISTEN as an identifier: letters only.
  if (!/^[a-z]{1,30}$/.test(topic)) throw new Error(`invalid cache topic: ${topic}`);
  return {
    channel: `mm:${topic}:invalidate`,
    ackChannel: `mm:${topic}:dropped`,
    // PostgreSQL channel names are identifiers: no colons.
    pgChannel: `mm_${topic}_invalidate`,
    pgAckChannel: `mm_${topic}_dropped`,
    pgListener: `mm-${topic}-cache`,
  };
}
type Channels = ReturnType<typeof channelsOf>;
/** How long a writer waits for every process to say it dropped its copies. */
const ACK_WAIT_MS = 1_000;
const RECONNECT_MS = 1_000;
/** How long a starting process waits for Redis before it serves without the shared cache. */
const REDIS_START_WAIT_MS = 1_500;

/**
 * How invalidations travel between processes. Each process acknowledges an invalidation once it
 * has dropped its copies, and the writer waits for as many acknowledgements as there are
 * listening processes: when its request answers, no process serves what the write changed.
 */
interface Broadcast {
  /** sends the invalidation; gives how many processes (this one included) will acknowledge it */
  publish(message: string): Promise<number>;
  acknowledge(message: string): Promise<void>;
  close(): Promise<void>;
}

interface Hooks {
  /** an invalidation arrived, from any process, this one included */
  message(payload: string): void;
  /** a process dropped its copies for this invalidation */
  acknowledged(payload: string): void;
  /** whether messages can be missed (disconnected): the cache is bypassed meanwhile */
  connected(ok: boolean): void;
}

async function redisBroadcast(redis: Redis, hooks: Hooks, names: Channels): Promise<Broadcast> {
  // Subscribed on every 'ready', the first and each after a reconnection, and only then: the
  // shop's client does not queue commands while Redis is away (they fail at once instead).
  const subscriber = redis.duplicate({ autoResubscribe: false });
  subscriber.on('error', () => {
    // The publisher's connection reports Redis trouble; reads bypass the cache meanwhile.
  });
  subscriber.on('close', () => hooks.connected(false));
  subscriber.on('message', (channel, payload) => {
    if (channel === names.channel) hooks.message(payload);
    else if (channel === names.ackChannel) hooks.acknowledged(payload);
  });
  // A Redis that holds its connections and stops answering delivers nothing either: the shop's
  // client says so (its circuit), and the cache is bypassed until it answers again. The
  // subscription is asked for again then, in case the connection was replaced meanwhile.
  redis.on(CIRCUIT_OPEN, () => hooks.connected(false));
  redis.on(CIRCUIT_CLOSED, () => {
    if (subscriber.status !== 'ready') return;
    subscriber.subscribe(names.channel, names.ackChannel).then(
      () => hooks.connected(true),
      () => hooks.connected(false),
    );
  });
  let firstTry: () => void = () => {};
  const tried = new Promise<void>((resolve) => {
    firstTry = resolve;
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(names.channel, names.ackChannel)
      .then(
        () => hooks.connected(true),
        () => hooks.connected(false),
      )
      .finally(firstTry);
  });
  // Until subscribed the cache is bypassed (reads go to the database). A Redis that answers is
  // waited for, so the cache serves from the first request; one that does not never holds the
  // shop's start.
  hooks.connected(false);
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([
    tried,
    new Promise<void>((resolve) => {
      waited = setTimeout(resolve, REDIS_START_WAIT_MS);
    }),
  ]);
  clearTimeout(waited);
  return {
    // PUBLISH answers how many subscribers received the message: each of them acknowledges.
    publish: (message) => redis.publish(names.channel, message),
    async acknowledge(message) {
      await redis.publish(names.ackChannel, message);
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/**
 * LISTEN on a client of its own (a pooled one would be handed to other queries); NOTIFY goes
 * through the pool, after the writer's transaction has committed. A lost listener reconnects.
 */
async function postgresBroadcast(pool: pg.Pool, hooks: Hooks, names: Channels): Promise<Broadcast> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ ...pool.options, application_name: names.pgListener });
    next.on('notification', ({ channel, payload }) => {
      if (channel === names.pgChannel) hooks.message(payload ?? '');
      else if (channel === names.pgAckChannel) hooks.acknowledged(payload ?? '');
    });
    next.on('error', () => {
      // 'end' follows, and reconnects.
    });
    try {
      await next.connect();
      await next.query(`listen ${names.pgChannel}; listen ${names.pgAckChannel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      hooks.connected(false);
      reconnect();
    });
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    hooks.connected(true);
  };
  const reconnect = () => {
    if (closed) return;
    retry = setTimeout(() => listen().catch(reconnect), RECONNECT_MS);
  };
  // A database not reachable yet must not stop the shop from starting: the cache stays bypassed
  // (reads go to the database) until the listener is in.
  hooks.connected(false);
  await listen().catch(reconnect);

  return {
    async publish(message) {
      // One statement: the listeners are counted as it runs, and the NOTIFY is delivered when it
      // commits, so every listener counted hears it; one that joins later owes nothing.
      const { rows } = await pool.query<{ listeners: number }>(
        `select (select count(*)::int from pg_stat_activity
            where datname = current_database() and application_name = $1) as listeners,
          pg_notify($2, $3)`,
        [names.pgListener, names.pgChannel, message],
      );
      return rows[0]?.listeners ?? 1;
    },
    async acknowledge(message) {
      await pool.query('select pg_notify($1, $2)', [names.pgAckChannel, message]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

interface Entry {
  value: Promise<unknown>;
  /** the end of its lifetime, counted from when its load began */
  expiresAt: number;
  /** what the load gave, once it has */
  loaded?: { value: unknown };
  /** a load refreshing it is under way */
  refreshing?: boolean;
}

/** Set while a load runs: the reads it makes get nothing past its lifetime. */
const loading = new AsyncLocalStorage<true>();

export async function createCatalogueCache(options: {
  /** names the invalidations' channels: another cache made here keeps to its own */
  topic?: string;
  ttlMs?: number;
  redis?: Redis | null;
  /** PostgreSQL's pool, for LISTEN/NOTIFY when there is no Redis */
  postgres?: pg.Pool | null;
  maxEntries?: number;
}): Promise<CatalogueCache> {
  const ttlMs = options.ttlMs ?? CATALOGUE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  // Bumped by every invalidation: a load that started before one is not kept.
  let generation = 0;
  let usable = true;
  const forget = () => {
    generation += 1;
    entries.clear();
  };

  const self = randomUUID();
  let sent = 0;
  /** the writer's invalidations in flight: acknowledgements counted, and how many are owed */
  const waiting = new Map<string, { got: number; owed: number; done: () => void }>();
  let broadcast: Broadcast | null = null;
  const hooks: Hooks = {
    message(payload) {
      forget();
      // This process's own message needs no round trip through the broker to reach its writer.
      if (payload.startsWith(`${self}:`)) hooks.acknowledged(payload);
      else broadcast?.acknowledge(payload).catch(() => {});
    },
    acknowledged(payload) {
      const wait = waiting.get(payload);
      if (!wait) return;
      wait.got += 1;
      if (wait.got >= wait.owed) wait.done();
    },
    connected(ok) {
      // Either way what is held may have missed an invalidation.
      forget();
      usable = ok;
    },
  };
  const channels = channelsOf(options.topic ?? 'catalogue');
  broadcast = options.redis
    ? await redisBroadcast(options.redis, hooks, channels)
    : options.postgres
      ? await postgresBroadcast(options.postgres, hooks, channels)
      : null;

  /** One invalidation message to every process, and the wait for their acknowledgements. */
  const publishAndWait = async (): Promise<void> => {
    if (!broadcast) return;
    const message = `${self}:${++sent}`;
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<void>((resolve) => {
      waiting.set(message, { got: 0, owed: Number.POSITIVE_INFINITY, done: resolve });
      // A process that does not answer in time serves its copy until its TTL at most.
      timer = setTimeout(resolve, ACK_WAIT_MS);
    });
    try {
      const owed = await broadcast.publish(message);
      const wait = waiting.get(message);
      if (wait) {
        wait.owed = owed;
        if (wait.got >= owed) wait.done();
      }
      await acknowledged;
    } catch {
      // The broker is down: the other processes' caches expire within their TTL.
    } finally {
      clearTimeout(timer);
      waiting.delete(message);
    }
  };
  // Writers share a message: one sent after their commits covers them all, so a burst of
  // checkouts sends one at a time (and one more queued) instead of one each, every one of them
  // a count of the listeners, a NOTIFY and an acknowledgement from every process.
  let sending: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;

  /** Whether a reader past an entry's lifetime may still be answered from it. */
  const answersStale = (held: Entry, now: number) =>
    held.loaded !== undefined && now < held.expiresAt + ttlMs;

  /** One load refreshing an entry past its lifetime; it stays answered until the load is kept. */
  const refresh = (key: string, held: Entry, load: () => Promise<unknown>) => {
    const started = generation;
    const now = Date.now();
    held.refreshing = true;
    const value = loading.run(true, load);
    value.then(
      (loaded) => {
        if (generation !== started || entries.get(key) !== held) return;
        entries.delete(key);
        entries.set(key, { value, expiresAt: now + ttlMs, loaded: { value: loaded } });
      },
      () => {
        if (entries.get(key) === held) entries.delete(key);
      },
    );
  };

  const stats = { hits: 0, misses: 0 };

  const get = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!usable) {
      stats.misses += 1;
      return load();
    }
    const now = Date.now();
    const held = entries.get(key);
    if (held && held.expiresAt > now) {
      stats.hits += 1;
      return held.value as Promise<T>;
    }
    // Past its lifetime, what a load gave is answered while one load refreshes it, so readers
    // do not all wait for the database or a page's render. Never to another load (a page reading
    // the products): the refreshed entry would start its lifetime older. An invalidation still
    // drops it at once, and one lifetime later it is not answered at all.
    if (held && answersStale(held, now) && !loading.getStore()) {
      if (!held.refreshing) refresh(key, held, load);
      stats.hits += 1;
      return held.value as Promise<T>;
    }
    stats.misses += 1;
    const started = generation;
    const value = loading.run(true, load);
    const fresh: Entry = { value, expiresAt: now + ttlMs };
    entries.delete(key);
    entries.set(key, fresh);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    value.then(
      (loaded) => {
        // An invalidation arrived while loading: what was loaded may predate the write.
        if (generation !== started) {
          if (entries.get(key) === fresh) entries.delete(key);
        } else {
          fresh.loaded = { value: loaded };
        }
      },
      // A failed load is not kept: the next request tries again.
      () => {
        if (entries.get(key) === fresh) entries.delete(key);
      },
    );
    return value;
  };

  const peek = <T>(key: string): T | undefined => {
    if (!usable) return undefined;
    const held = entries.get(key);
    if (!held?.loaded) return undefined;
    const now = Date.now();
    // Past its lifetime only while a reader's `get` has its refresh under way.
    if (held.expiresAt <= now && !(held.refreshing && answersStale(held, now))) return undefined;
    stats.hits += 1;
    return held.loaded.value as T;
  };

  return {
    stats,
    get,
    peek,
    list: (load) => get('products', load),
    invalidate() {
      forget();
      if (!broadcast) return Promise.resolve();
      if (!queued) {
        queued = sending.then(() => {
          // Sent from here on: a writer who commits now needs the next message.
          queued = null;
          return publishAndWait();
        });
        sending = queued;
      }
      return queued;
    },
    async close() {
      forget();
      await broadcast?.close();
    },
  };
}
