import pino from 'pino';
import { buildApp } from './app';
import { loadConfigFromProcess } from './config/config';
import { openDatabase } from './db/client';
import { seedAtStart } from './db/seed/seed';
import { loggerOptions } from './lib/log-serializers';
import { startSweeper } from './modules/checkout';

async function main(): Promise<void> {
  const config = loadConfigFromProcess();
  const logger = pino(loggerOptions(config.logLevel));

  const database = await openDatabase(config);
  logger.info({ database: database.kind }, 'database migrated');
  const seeded = await seedAtStart(database.db, config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  logger.info(seeded, 'start-up data ready');

  const app = await buildApp({ config, db: database.db, logger });
  // Expires unpaid orders and retries unsent order mails; every process runs one (SKIP LOCKED).
  const sweeper = startSweeper(
    () => app.orders.sweep(),
    config.orders.sweepIntervalSeconds * 1000,
    logger,
  );
  app.addHook('onClose', () => sweeper.stop());

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
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: config.publicUrl, env: config.nodeEnv }, `Shop ready at ${config.publicUrl}`);
  if (config.mail.smtpUrl) logger.info('Mail is sent through SMTP_URL');
  else if (config.isProduction) {
    logger.warn(`MAIL_TRANSPORT=outbox: mail is only written to ${config.outboxDir}, never sent`);
  } else logger.info(`Mail is written to ${config.outboxDir} (set SMTP_URL to send it)`);
  logger.info(
    config.google
      ? `Google sign-in through ${config.google.issuerUrl}`
      : 'Google sign-in is off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
  );
  if (!config.isProduction) {
    logger.info(
      { email: config.admin.email, password: config.admin.password },
      `Owner sign-in (development): ${config.admin.email} / ${config.admin.password}`,
    );
  }
}

main().catch((error: unknown) => {
  // The config module's messages name the variable; print them plainly, without a stack.
  if (error instanceof Error && error.name === 'ConfigError') console.error(error.message);
  else console.error(error);
  process.exit(1);
});
