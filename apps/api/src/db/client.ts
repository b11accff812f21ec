import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { withCommitHooks } from './after-commit';
import { preparingClient } from './preparing-client';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * The one database type the services see. `NodePgDatabase` and `PgliteDatabase` both extend
 * `PgDatabase<HKT, Schema>` and differ only in the driver's raw result type (the HKT), which no
 * service reads, so typing against the base class with the generic HKT serves both drivers.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction has the same query API as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Key of the advisory lock that lets only one process migrate a PostgreSQL database at a time. */
const MIGRATION_LOCK = 72_657_001;

/** PGlite in a folder, or in memory when `dataDir` is null. Applies the migrations. */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm serves the owner's searches; the migrations create it, PGlite must bring it.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  const db = withCommitHooks(drizzlePglite({ client, schema }));
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    async close() {
      await client.close();
    },
  };
}

export interface PostgresOptions {
  /** skip migrations (e.g. to probe a server that may be down) */
  migrate?: boolean;
  max?: number;
  /** keep hot statements prepared on the server (`preparingClient`); on unless set false */
  preparedStatements?: boolean;
  /** told of a connection the server dropped (a restart, a terminated backend) */
  onLostConnection?: (error: Error) => void;
}

/** How long the holder of a connection the server dropped has to give it back itself. */
const RECLAIM_AFTER_MS = 5_000;

/**
 * Gives back to the pool a connection the server dropped while it was checked out and that its
 * holder never released. The holder normally does, once its next statement fails; one path never
 * does: drizzle's transaction sends BEGIN before the try/finally that releases, so a BEGIN on a
 * connection dropped an instant before leaves it checked out for good (the crash test saw it: the
 * pool kept a slot it could not use, and `pool.end()` never finished). Given back with its error,
 * the pool discards it. A dead connection fails every statement at once, so its holder has long
 * released it if it ever will; a release after this one would throw, in code already failing.
 */
export function reclaimLostConnections(pool: pg.Pool, afterMs = RECLAIM_AFTER_MS): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
  pool.on('connect', (client) => {
    client.once('end', () => {
      setTimeout(() => {
        const held = client as pg.PoolClient;
        if (!checkedOut.delete(held)) return;
        held.release(new Error('the server dropped this connection while it was checked out'));
      }, afterMs).unref();
    });
  });
}

/** A pool on a PostgreSQL server. Migrations run under an advisory lock so instances can start together. */
export async function openPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    Client: options.preparedStatements === false ? pg.Client : preparingClient(),
  });
  const lost = options.onLostConnection ?? (() => {});
  // A connection the server drops must not crash the process. The pool listens on its idle
  // connections only; one checked out (between two statements of a transaction) would emit its
  // error to nobody, and an unheard 'error' kills the process with every request in it. So every
  // connection gets a listener for its whole life: the statement that meets the dead connection
  // fails (the request answers 503), and the pool discards it when it is released.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  reclaimLostConnections(pool);
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migratePostgres(drizzlePostgres({ client, schema }), {
          migrationsFolder: MIGRATIONS_DIR,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } catch (error) {
      client.release();
      await pool.end();
      throw error;
    }
    client.release();
  }
  const db = withCommitHooks(drizzlePostgres({ client: pool, schema }));
  return {
    db,
    kind: 'postgres',
    async close() {
      await pool.end();
    },
  };
}

/** The pool a configured process keeps: its size and whether it prepares hot statements. */
export function poolSettings(config: {
  preparedStatements: boolean;
  databasePoolSize: number;
}): PostgresOptions {
  return { max: config.databasePoolSize, preparedStatements: config.preparedStatements };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db; migrated either way. */
export function openDatabase(
  config: {
    databaseUrl: string | null;
    dataDir: string;
    preparedStatements: boolean;
    databasePoolSize: number;
  },
  onLostConnection?: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      ...poolSettings(config),
      ...(onLostConnection ? { onLostConnection } : {}),
    });
  }
  return openPglite(path.join(config.dataDir, 'db'));
}

/** A cheap round trip, for readiness checks. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
