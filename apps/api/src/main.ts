import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { runPrimary, SWEEPER_LOCK, sessionLock } from './cluster';
import { type Config, loadConfigFromProcess } from './config/config';
import { type DatabaseHandle, openDatabase, openPostgres, poolSettings } from './db/client';
import { connectionBudgetWarning } from './db/connection-budget';
import { seedAtStart } from './db/seed/seed';
import { loggerOptions } from './lib/log-serializers';
import { developmentWarning, printNotice } from './lib/notice';
import {
  answerThePrimary,
  clusterMetrics,
  METRICS_PATH,
  ownMetrics,
  serveMetrics,
} from './metrics/serve';
import { ownersWithoutSecondFactor } from './modules/accounts';
import { startSweeper } from './modules/checkout';
import { backfillInvoices } from './modules/invoicing';
import { ownerShopSettings } from './modules/shop';

/** The log queue's chunk size (see `main`). */
const LOG_CHUNK_BYTES = 4096;

/**
 * One process (WEB_CONCURRENCY=1, always on PGlite) migrates, seeds and serves. With more, the
 * primary migrates and seeds once, then forks that many workers that each serve the one port
 * (decision 020).
 */
async function main(): Promise<void> {
  const config = loadConfigFromProcess();
  // Written without waiting for each line: under load the lines queued meanwhile go out in one
  // write instead of a write each (one line a request). pino flushes what is queued at exit.
  // The queue's chunks are kept to 4 KB (the default 16 KB): sonic-boom measures the last chunk's
  // bytes again for every line it adds, which on a busy read was a tenth of the process's time.
  const logger = pino(
    loggerOptions(config.logLevel),
    pino.destination({ dest: 1, sync: false, maxWrite: LOG_CHUNK_BYTES }),
  );

  if (cluster.isWorker) {
    await serve(config, logger, null);
    return;
  }

  const database = await openDatabase(config, lostConnection(logger));
  logger.info({ database: database.kind }, 'database migrated');
  if (database.kind === 'postgres') {
    const warning = await connectionBudgetWarning(database.db, config);
    if (warning) logger.warn(warning);
  }
  const seeded = await seedAtStart(database.db, config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  logger.info(seeded, 'start-up data ready');
  const invoiced = await backfillInvoices(database.db, (orderId, error) =>
    logger.error({ err: error, orderId }, 'a paid order could not be invoiced'),
  );
  if (invoiced > 0)
    logger.info({ invoices: invoiced }, 'invoices issued for paid orders without one');
  const { missing } = await ownerShopSettings(database.db);
  if (missing.length > 0) {
    logger.warn(
      config.isProduction
        ? `The shop refuses orders until the owner saves who sells: ${missing.join(', ')} (owner area, Settings)`
        : "The shop's legal identity is the demo's fictitious one (owner area, Settings); in production orders wait for the owner's",
    );
  }
  if (config.isProduction) {
    for (const email of await ownersWithoutSecondFactor(database.db)) {
      logger.warn(
        `The owner account ${email} signs in with a password alone: sign in and set up a second factor in the owner area (Security).`,
      );
    }
  }

  if (config.webConcurrency === 1) {
    await serve(config, logger, database);
    logReady(config, logger, 1);
    return;
  }

  // The workers open their own pools; the primary only supervises them, and serves their metrics
  // summed.
  await database.close();
  if (config.metrics) {
    const { read, contentType } = clusterMetrics();
    await serveMetrics(config.metrics, read, contentType, logger);
  }
  if (!config.redisUrl) {
    logger.warn(
      `Without REDIS_URL each of the ${config.webConcurrency} processes counts the rate limits on its own: a client may get up to ${config.webConcurrency} times each limit (set REDIS_URL to share the counters)`,
    );
  }
  runPrimary({
    processes: config.webConcurrency,
    log: logger,
    onReady: () => logReady(config, logger, config.webConcurrency),
  });
}

/** What a process says of a database connection the server dropped. */
function lostConnection(logger: Logger): (error: Error) => void {
  return (error) =>
    logger.warn({ err: error }, 'a database connection was lost; its statement answers 503');
}

/**
 * Builds the app on the database and serves it: a single process passes the database it migrated
 * and seeded; a worker opens a pool of its own, the primary having done both.
 */
async function serve(config: Config, logger: Logger, migrated: DatabaseHandle | null) {
  const database =
    migrated ??
    // A worker exists only with DATABASE_URL (the config refuses several processes on PGlite).
    (await openPostgres(config.databaseUrl ?? '', {
      ...poolSettings(config),
      migrate: false,
      onLostConnection: lostConnection(logger),
    }));
  const app = await buildApp({ config, db: database.db, logger });
  if (config.metrics && app.metrics) {
    if (cluster.isWorker) answerThePrimary(app.metrics.registry);
    else {
      const { read, contentType } = ownMetrics(app.metrics.registry);
      const server = await serveMetrics(config.metrics, read, contentType, logger);
      app.addHook('onClose', () => new Promise<void>((done) => server.close(() => done())));
    }
  }

  // Which process answered, for tests and local debugging; production does not say.
  if (cluster.isWorker && !config.isProduction) {
    const pid = String(process.pid);
    app.server.prependListener('request', (_request, response) => {
      response.setHeader('x-worker', pid);
    });
  }

  // Expires unpaid orders and retries the due follow-ups of order moves. On PostgreSQL one process
  // at a time runs it, whichever holds the sweeper's session lock; PGlite has only the one process.
  const lock = config.databaseUrl
    ? sessionLock(config.databaseUrl, SWEEPER_LOCK, 'order sweeper', logger)
    : null;
  const sweeper = startSweeper(
    async () => {
      if (lock && !(await lock.hold())) return;
      await app.orders.sweep();
    },
    config.orders.sweepIntervalSeconds * 1000,
    logger,
  );
  app.addHook('onClose', async () => {
    await sweeper.stop();
    await lock?.release();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // A request stuck longer than this must not keep the process alive forever.
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Kept listening: a worker may hear SIGTERM twice (from its primary and from a stop that
  // signals the whole process group, as systemd does), and the second must not cut its drain.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

/**
 * What the shop serves and how to use it. Outside production these lines are for the person at
 * the terminal, printed apart from the JSON log (which stays at `warn` there); in production they
 * go to the log.
 */
function logReady(config: Config, logger: Logger, processes: number): void {
  const say = config.isProduction ? (text: string) => logger.info(text) : printNotice;
  const development = developmentWarning(config);
  if (development) say(development);
  say(
    `Shop ready at ${config.publicUrl} (${processes === 1 ? 'one process' : `${processes} processes`})`,
  );
  if (config.metrics) {
    say(`Metrics at http://${config.metrics.host}:${config.metrics.port}${METRICS_PATH}`);
  }
  if (config.mail.smtpUrl) say('Mail is sent through SMTP_URL');
  else if (config.isProduction) {
    logger.warn(`MAIL_TRANSPORT=outbox: mail is only written to ${config.outboxDir}, never sent`);
  } else say(`Mail is written to ${config.outboxDir} (set SMTP_URL to send it)`);
  say(
    config.google
      ? `Google sign-in through ${config.google.issuerUrl}`
      : 'Google sign-in is off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
  );
  if (!config.isProduction) {
    say(
      `Owner sign-in: ${config.publicUrl}/login/admin/owner as ${config.admin.email} / ${config.admin.password}`,
    );
    say('Sign-in codes for shoppers show here as they are sent. Stop the shop with Ctrl+C.');
  }
}

main().catch((error: unknown) => {
  // The config module's messages name the variable; print them plainly, without a stack.
  if (error instanceof Error && error.name === 'ConfigError') console.error(error.message);
  else console.error(error);
  process.exit(1);
});
