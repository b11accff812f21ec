import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { usesPostgres } from '../test/database';
import { openPostgres } from './client';
import { preparingClient } from './preparing-client';
import { rawRows } from './raw';

/** The statements this pool's one connection keeps prepared. */
async function preparedTexts(pool: pg.Pool): Promise<string[]> {
  // No parameter: never named itself.
  const { rows } = await pool.query<{ statement: string }>(
    'select statement from pg_prepared_statements',
  );
  return rows.map((r) => r.statement);
}

describe.skipIf(!usesPostgres())('statements prepared once they are hot', () => {
  let pool: pg.Pool | null = null;
  const open = (options?: { after?: number; most?: number }) => {
    pool = new pg.Pool({
      connectionString: process.env.TEST_DATABASE_URL,
      max: 1,
      Client: preparingClient(options),
    });
    return pool;
  };
  afterEach(async () => {
    await pool?.end();
    pool = null;
  });

  it('prepares a text from its third run, through Drizzle and through pg, and answers alike', async () => {
    const db = drizzle({ client: open() });
    const hot = sql`select ${41}::int + 1 as answer`;
    const answers: unknown[] = [];
    for (let run = 1; run <= 4; run++) {
      const result = await db.execute(hot);
      answers.push(result.rows[0]?.answer);
      const prepared = await preparedTexts(pool!);
      expect(prepared.includes('select $1::int + 1 as answer'), `run ${run}`).toBe(run >= 3);
    }
    expect(answers).toEqual([42, 42, 42, 42]);

    for (let run = 1; run <= 3; run++) {
      const { rows } = await pool!.query({ text: 'select $1::text as word', values: ['makhana'] });
      expect(rows[0].word).toBe('makhana');
    }
    expect(await preparedTexts(pool!)).toContain('select $1::text as word');
  });

  it('leaves rare texts and texts without parameters unprepared, and stops at its limit', async () => {
    const db = drizzle({ client: open({ most: 2 }) });
    await db.execute(sql`select ${1}::int as rare`);
    for (let run = 0; run < 5; run++) {
      await db.execute(sql`select 1 as constant`);
      for (const alias of ['hot_1', 'hot_2', 'hot_3']) {
        const result = await db.execute(sql`select ${run}::int as ${sql.raw(alias)}`);
        expect(result.rows[0]?.[alias]).toBe(run);
      }
    }
    expect((await preparedTexts(pool!)).sort()).toEqual([
      'select $1::int as hot_1',
      'select $1::int as hot_2',
    ]);
  });

  it.each([
    [{}, ['select $1::int * 2 as twice']],
    [{ preparedStatements: false }, []],
  ])(
    'the shop pool prepares them unless DATABASE_PREPARED_STATEMENTS is off (%j)',
    async (options, expected) => {
      const handle = await openPostgres(process.env.TEST_DATABASE_URL ?? '', {
        migrate: false,
        max: 1,
        ...options,
      });
      try {
        for (let run = 0; run < 4; run++) {
          await handle.db.execute(sql`select ${run}::int * 2 as twice`);
        }
        const rows = await rawRows(handle.db, sql`select statement from pg_prepared_statements`);
        expect(rows.map((r) => r.statement)).toEqual(expected);
      } finally {
        await handle.close();
      }
    },
  );
});
