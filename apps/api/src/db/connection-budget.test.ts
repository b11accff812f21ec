import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/app';
import { usesPostgres } from '../test/database';
import { connectionBudgetWarning, connectionsNeeded } from './connection-budget';

describe('the connections the shop may open', () => {
  it('counts each process pool, the caches listeners without Redis, and the sweeper', () => {
    expect(connectionsNeeded({ webConcurrency: 2, databasePoolSize: 4, redisUrl: null })).toBe(13);
    expect(
      connectionsNeeded({ webConcurrency: 2, databasePoolSize: 4, redisUrl: 'redis://x' }),
    ).toBe(9);
    expect(connectionsNeeded({ webConcurrency: 16, databasePoolSize: 10, redisUrl: null })).toBe(
      193,
    );
  });
});

describe.skipIf(!usesPostgres())('the server tells whether they fit', () => {
  const database = useTestDatabase();

  it('is quiet when they fit, and names the variables and the figures when they do not', async () => {
    expect(
      await connectionBudgetWarning(database.db, {
        webConcurrency: 2,
        databasePoolSize: 4,
        redisUrl: null,
      }),
    ).toBeNull();
    const warning = await connectionBudgetWarning(database.db, {
      webConcurrency: 64,
      databasePoolSize: 100,
      redisUrl: null,
    });
    expect(warning).toMatch(/^The shop may open 6529 PostgreSQL connections \(WEB_CONCURRENCY=64/);
    expect(warning).toContain('DATABASE_POOL_SIZE=100');
    expect(warning).toMatch(/the server allows \d+: lower DATABASE_POOL_SIZE or WEB_CONCURRENCY/);
  });
});
