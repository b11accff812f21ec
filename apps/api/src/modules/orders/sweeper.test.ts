import { describe, expect, it } from 'vitest';
import { startSweeper } from './sweeper';

describe('startSweeper', () => {
  it('sweeps on its interval, never twice at once, logs failures and stops cleanly', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const sweeper = startSweeper(
      async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 25));
        running -= 1;
        if (runs === 2) throw new Error('database down');
      },
      5,
      { error: (entry: unknown) => errors.push(entry) },
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    await sweeper.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect(running).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(after);
  });
});
