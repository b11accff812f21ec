import cluster, { type Worker } from 'node:cluster';
import pg from 'pg';
import type { Logger } from 'pino';

/** A worker that served at least this long before dying is replaced at once. */
const STABLE_MS = 30_000;
/** Quick deaths in a row wait 1 s, 2 s, 4 s... up to 30 s before the next worker is forked. */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** Workers get the same 10 s a single process gives its requests, and a little more. */
const STOP_TIMEOUT_MS = 15_000;

/** How long to wait before replacing a worker, given how many died young in a row. */
export function replacementDelay(quickDeathsInARow: number): number {
  if (quickDeathsInARow <= 0) return 0;
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (quickDeathsInARow - 1));
}

export interface PrimaryOptions {
  processes: number;
  log: Logger;
  /** called once, when every first worker listens */
  onReady(): void;
}

/**
 * The primary process: forks `processes` workers that each run this same entry (node:cluster
 * forks `process.argv[1]` with the same `execArgv`, so the TypeScript sources under tsx and a
 * built bundle both work) and listen on the one port, replaces a worker that dies, and on
 * SIGTERM or SIGINT stops them all and exits. It serves nothing itself.
 */
export function runPrimary({ processes, log, onReady }: PrimaryOptions): void {
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  const replacements = new Set<NodeJS.Timeout>();
  let ready = false;
  let stopping = false;
  let quickDeaths = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  const living = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: living().length }, 'stopping the workers');
    for (const timer of replacements) clearTimeout(timer);
    replacements.clear();
    const force = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const worker of living()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    const finish = () => {
      log.info('every worker stopped');
      process.exit(code);
    };
    if (living().length === 0) finish();
    cluster.on('exit', () => {
      if (living().length === 0) finish();
    });
    // Each worker drains itself on SIGTERM: closes its server, then its database.
    for (const worker of living()) worker.process.kill('SIGTERM');
  };

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (!ready && listening.size === processes) {
      ready = true;
      onReady();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    const served = listening.delete(worker.id);
    startedAt.delete(worker.id);
    if (stopping) {
      // A drained worker exits with a code; a signal means its requests were cut.
      if (signal)
        log.warn({ worker: worker.process.pid, signal }, 'a worker was killed while stopping');
      return;
    }
    if (!ready && !served) {
      // A worker that cannot start (port taken, database down) would fail again: stop, as one
      // process would, rather than loop.
      log.error({ worker: worker.process.pid, code, signal }, 'a worker failed to start');
      stop('a worker failed to start', 1);
      return;
    }
    quickDeaths = lived >= STABLE_MS ? 0 : quickDeaths + 1;
    const delay = replacementDelay(quickDeaths);
    log.warn(
      { worker: worker.process.pid, code, signal, livedMs: lived, replaceInMs: delay },
      'a worker died; replacing it',
    );
    const timer = setTimeout(() => {
      replacements.delete(timer);
      if (!stopping) fork();
    }, delay);
    replacements.add(timer);
  });

  // Kept listening, as in the workers: a repeated signal must not end the drain early.
  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('SIGTERM', () => stop('SIGTERM', 0));

  for (let i = 0; i < processes; i += 1) fork();
}

/** Key of the session advisory lock held by the one process that runs the order sweep. */
export const SWEEPER_LOCK = 72_657_003;

/**
 * A PostgreSQL session advisory lock held on a connection of its own, so that a job runs in one
 * process at a time across every worker and machine on the database. `hold()` is called before
 * each run: the holder checks its connection is alive, the others try to take the lock. When
 * the holder dies its connection closes, the server frees the lock, and the next `hold()`
 * elsewhere takes it. A process that does not hold the lock keeps no connection open.
 */
export interface SessionLock {
  /** whether this process holds the lock now, taking it when it is free */
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

export function sessionLock(
  databaseUrl: string,
  key: number,
  name: string,
  log: Pick<Logger, 'info' | 'warn'>,
): SessionLock {
  let client: pg.Client | null = null;

  const drop = async () => {
    const lost = client;
    client = null;
    await lost?.end().catch(() => {});
  };

  return {
    async hold() {
      if (client) {
        try {
          await client.query('select 1');
          return true;
        } catch (error) {
          log.warn({ err: error, lock: name }, 'lost the connection holding the lock');
          await drop();
        }
      }
      // Named after the process, so pg_stat_activity shows which one runs the job.
      const candidate = new pg.Client({
        connectionString: databaseUrl,
        application_name: `makhana ${name} ${process.pid}`,
        // A server gone silent must not hang the job's timer, nor keep a dead session's lock.
        connectionTimeoutMillis: 5_000,
        query_timeout: 5_000,
        keepAlive: true,
      });
      // A dropped connection is seen by the next hold(); an unhandled 'error' would crash.
      candidate.on('error', () => {});
      try {
        await candidate.connect();
        const { rows } = await candidate.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key],
        );
        if (rows[0]?.locked) {
          client = candidate;
          log.info({ lock: name }, `this process runs the ${name}`);
          return true;
        }
      } catch (error) {
        await candidate.end().catch(() => {});
        throw error;
      }
      await candidate.end().catch(() => {});
      return false;
    },
    async release() {
      // Closing the session frees its advisory locks.
      await drop();
    },
  };
}
