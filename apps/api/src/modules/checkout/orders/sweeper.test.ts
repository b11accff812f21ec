import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSweeper } from './sweeper';

// Fake timers: on a busy machine real 5 ms ticks drift, so the counts below would depend on load.
afterEach(() => {
  vi.useRealTimers();
});

describe('startSweeper', () => {
  it('sweeps on its interval, never twice at once, logs failures and stops cleanly', async () => {
    vi.useFakeTimers();
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
    // Sweeps start at 5, 35, 65 and 95 ms; the fourth is still running at 110 ms.
    await vi.advanceTimersByTimeAsync(110);
    expect(running).toBe(1);
    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // stop() waits for the sweep in progress rather than leaving it running.
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(25);
    await stopping;
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect(running).toBe(0);
    await vi.advanceTimersByTimeAsync(30);
    expect(runs).toBe(after);
  });
});
