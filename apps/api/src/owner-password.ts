/**
 * `npm run owner:password`: sets the owner's password in the configured database (ADMIN_EMAIL's
 * account, created when missing) from ADMIN_PASSWORD, or asks for it twice on the terminal, turns
 * the owner's second factor off and signs the owner out everywhere. The way out of a production
 * start refused for the development password, and of a lost phone.
 */
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type Config,
  ConfigError,
  type Environment,
  loadConfig,
  loadDotenvFile,
  ownerPasswordProblem,
  readOrCreateAuthSecret,
} from './config/config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { SESSIONS_TOPIC, setOwnerPassword } from './modules/accounts';
import { createCatalogueCache } from './modules/catalogue';

export interface OwnerPasswordDeps {
  env: Environment;
  /** asks without echo; null when there is no terminal to ask on */
  ask: ((question: string) => Promise<string>) | null;
  open: (config: Config) => Promise<DatabaseHandle>;
}

/** Sets the password; returns what to tell the owner. Refusals throw a ConfigError. */
export async function runOwnerPassword(deps: OwnerPasswordDeps): Promise<string> {
  const { env } = deps;
  let password = env.ADMIN_PASSWORD?.trim() ?? '';
  if (password === '') {
    if (!deps.ask) {
      throw new ConfigError(
        'Set ADMIN_PASSWORD, or run `npm run owner:password` in a terminal to be asked for the new password.',
      );
    }
    password = await deps.ask('New owner password: ');
    const again = await deps.ask('The same password again: ');
    if (password !== again) throw new ConfigError('The two passwords differ; nothing was changed.');
    const problem = ownerPasswordProblem(password, env.NODE_ENV?.trim() === 'production');
    if (problem) throw new ConfigError(`The password is refused: ${problem}.`);
  }
  // The same checks as a start (production secrets, the password rules), on the same database.
  const config = loadConfig(
    { ...env, ADMIN_PASSWORD: password },
    { devAuthSecret: readOrCreateAuthSecret },
  );
  const database = await deps.open(config);
  try {
    const { outcome, secondFactorRemoved } = await setOwnerPassword(
      database.db,
      config.admin.email,
      password,
    );
    await tellRunningShop(config, database);
    if (outcome === 'created') {
      return `Created the owner account ${config.admin.email} with the new password.`;
    }
    return secondFactorRemoved
      ? `Changed the password of ${config.admin.email}; its sessions are signed out, and its second factor is off: set up a new one in the owner area (Security).`
      : `Changed the password of ${config.admin.email}; its sessions are signed out.`;
  } finally {
    await database.close();
  }
}

/**
 * A shop running on the same PostgreSQL server (or Redis) keeps whether a session is live for a
 * few seconds in each process: its processes are told that sessions ended, as a sign-out in one
 * of them tells the others. PGlite belongs to one process, so no shop runs beside this one there.
 */
async function tellRunningShop(config: Config, database: DatabaseHandle): Promise<void> {
  const pool = (database.db as { $client?: unknown }).$client;
  if (database.kind !== 'postgres' || !(pool instanceof pg.Pool)) return;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
  redis?.on('error', () => {
    // The invalidation is given up; the shop's kept answers expire within seconds.
  });
  try {
    const liveness = await createCatalogueCache({
      topic: SESSIONS_TOPIC,
      redis,
      postgres: redis ? null : pool,
    });
    await liveness.invalidate();
    await liveness.close();
  } catch {
    // The password is changed and the sessions ended in the database either way; a shop that
    // could not be told takes them as ended once its kept answers expire, within seconds.
  } finally {
    await redis?.quit().catch(() => redis.disconnect());
  }
}

/** Reads one line from the terminal in raw mode, echoing nothing. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish(() => resolve(typed));
        // Ctrl+C and Ctrl+D
        if (character === '\u0003' || character === '\u0004') {
          return finish(() => reject(new ConfigError('Cancelled; nothing was changed.')));
        }
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    stdin.on('data', onData);
  });
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  loadDotenvFile();
  runOwnerPassword({
    env: process.env,
    ask: process.stdin.isTTY ? askHidden : null,
    open: openDatabase,
  }).then(
    (message) => {
      console.log(message);
      process.exit(0);
    },
    (error: unknown) => {
      // Refusals name what to do; print them plainly, without a stack.
      if (error instanceof ConfigError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
