import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { withCommitHooks } from '../db/after-commit';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import * as schema from '../db/schema';

export interface TestDatabase {
  db: Database;
  kind: DatabaseHandle['kind'];
  /** empties every table (cheaper than a new database) */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/**
 * One migrated database for a test file, copied from the run's template (global-setup.ts). With
 * API_TEST_DB=postgres and TEST_DATABASE_URL, a fresh database on that server, dropped at the end;
 * otherwise an in-memory PGlite (about 800 MB, so open one per file, not per test).
 */
export async function createTestDatabase(
  options: {
    /** PostgreSQL pool size (PGlite has one connection whatever this says); 5 by default */
    poolSize?: number;
  } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle =
    process.env.API_TEST_DB === 'postgres' && serverUrl
      ? await createPostgresDatabase(serverUrl, options.poolSize ?? 5)
      : { ...(await openPgliteCopy()), drop: async () => {} };
  const truncate = sql.raw(`truncate table ${TABLES.join(', ')} restart identity cascade`);
  return {
    db: handle.db,
    kind: handle.kind,
    async reset() {
      await handle.db.execute(truncate);
    },
    async close() {
      await handle.close();
      await handle.drop();
    },
  };
}

/** True when this run uses the PostgreSQL server. */
export function usesPostgres(): boolean {
  return process.env.API_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
}

/** The template's dump loaded into a new in-memory PGlite; migrated from scratch without one. */
async function openPgliteCopy(): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  if (!template) return openPglite(null);
  const client = await PGlite.create({
    loadDataDir: new Blob([readFileSync(template)]),
    extensions: { pg_trgm },
  });
  return {
    db: withCommitHooks(drizzle({ client, schema })),
    kind: 'pglite',
    async close() {
      await client.close();
    },
  };
}

async function createPostgresDatabase(serverUrl: string, poolSize: number) {
  const name = `mm_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A copy of the template is migrated already: the migrator finds nothing to do.
  const handle = await openPostgres(url.toString(), { max: poolSize });
  return {
    ...handle,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
