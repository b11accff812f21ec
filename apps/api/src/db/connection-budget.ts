import { sql } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Database } from './client';
import { rawRows } from './raw';

/** The caches that listen on a connection of their own without Redis: the catalogue, the sessions. */
const LISTENING_CACHES = 2;

/** The connections the server allows clients that are not superusers, as `allowed`. */
export const ALLOWED_CONNECTIONS = `select current_setting('max_connections')::int
  - current_setting('superuser_reserved_connections')::int as allowed`;

/**
 * Connections the shop may hold on PostgreSQL at once: each process's pool and, without Redis,
 * its caches' listeners; and the order sweeper's lock, held by one process.
 */
export function connectionsNeeded(
  config: Pick<Config, 'webConcurrency' | 'databasePoolSize' | 'redisUrl'>,
): number {
  const listeners = config.redisUrl ? 0 : LISTENING_CACHES;
  return config.webConcurrency * (config.databasePoolSize + listeners) + 1;
}

/**
 * What to tell the owner when the server allows fewer connections than the shop may open: under
 * load, a process that asks for one more is refused ("too many clients") and its request fails.
 * Null when they fit.
 */
export async function connectionBudgetWarning(
  db: Database,
  config: Pick<Config, 'webConcurrency' | 'databasePoolSize' | 'redisUrl'>,
): Promise<string | null> {
  const [row] = await rawRows(db, sql.raw(ALLOWED_CONNECTIONS));
  const allowed = Number(row?.allowed);
  const needed = connectionsNeeded(config);
  if (!Number.isFinite(allowed) || needed <= allowed) return null;
  return `The shop may open ${needed} PostgreSQL connections (WEB_CONCURRENCY=${config.webConcurrency} processes, DATABASE_POOL_SIZE=${config.databasePoolSize} each${config.redisUrl ? '' : `, ${LISTENING_CACHES} more each for the caches without REDIS_URL`}, 1 for the order sweeper) but the server allows ${allowed}: lower DATABASE_POOL_SIZE or WEB_CONCURRENCY, set REDIS_URL, or raise the server's max_connections`;
}
