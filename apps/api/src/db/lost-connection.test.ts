import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../lib/db-errors';
import { usesPostgres } from '../test/database';
import { type DatabaseHandle, openPostgres, reclaimLostConnections } from './client';
import { rawRows } from './raw';

describe.skipIf(!usesPostgres())('a connection the server drops', () => {
  let handle: DatabaseHandle | null = null;
  let killer: pg.Client | null = null;
  afterEach(async () => {
    await killer?.end();
    await handle?.close();
    handle = killer = null;
  });

  it('mid-transaction fails its statement, is reported, and leaves the process and the pool serving', async () => {
    const lost: Error[] = [];
    handle = await openPostgres(process.env.TEST_DATABASE_URL ?? '', {
      migrate: false,
      max: 2,
      onLostConnection: (error) => lost.push(error),
    });
    killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    const { db } = handle;

    const transaction = db.transaction(async (tx) => {
      const [row] = await rawRows(tx, sql`select pg_backend_pid() as pid`);
      // Between two statements, as a restart of the server would: the connection is checked out
      // and idle, so only its own listener hears the server go.
      await killer?.query('select pg_terminate_backend($1)', [row?.pid]);
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBeGreaterThan(0);
      await tx.execute(sql`select 1`);
    });
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnreachable(failure)).toBe(true);
    expect(isDatabaseUnreachable(lost[0])).toBe(true);

    // The dead connection left the pool; the next statements get live ones.
    for (let i = 0; i < 3; i++) {
      const [row] = await rawRows(db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
    }
  });

  it('checked out and never released by its holder, goes back to the pool, which can then close', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    reclaimLostConnections(pool, 100);
    killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    try {
      // As drizzle's transaction does: checked out, then BEGIN, outside the code that releases.
      const client = await pool.connect();
      const { rows } = await client.query('select pg_backend_pid() as pid');
      await killer.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await expect(client.query('begin')).rejects.toThrow();
      await expect.poll(() => pool.totalCount, { timeout: 5_000 }).toBe(0);
      // Its slot serves again.
      const { rows: again } = await pool.query('select 1 as one');
      expect(again[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
