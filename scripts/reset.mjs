// `npm run reset`: the demo shop from scratch. Removes the data folder (DATA_DIR, ./data unless
// .env or the environment names another): the embedded database, the mail outbox, uploaded
// pictures and kept invoices. The next `npm start` migrates an empty database and loads the demo
// catalogue again. A shop on PostgreSQL (DATABASE_URL) or in production is not touched: its data
// is not demo data.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { log, root } from './lib.mjs';

/** DATA_DIR, DATABASE_URL and NODE_ENV as the shop reads them: the environment over `.env`. */
function setting(name) {
  if (process.env[name] !== undefined) return process.env[name];
  const envFile = resolve(root, '.env');
  if (!existsSync(envFile)) return undefined;
  for (const line of readFileSync(envFile, 'utf8').split('\n')) {
    const equals = line.indexOf('=');
    if (equals < 0 || line.slice(0, equals).trim() !== name) continue;
    const value = line.slice(equals + 1).trim();
    const quoted =
      value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0];
    return quoted ? value.slice(1, -1) : value;
  }
  return undefined;
}

if (setting('NODE_ENV') === 'production') {
  console.error('npm run reset only resets a development shop; NODE_ENV is production.');
  process.exit(1);
}
if (setting('DATABASE_URL')) {
  console.error(
    'DATABASE_URL is set: that database is not reset here. Drop and recreate it yourself, or unset DATABASE_URL to use the embedded one.',
  );
  process.exit(1);
}

const dataDir = resolve(root, setting('DATA_DIR') || './data');
if (!existsSync(dataDir)) {
  log(`Nothing to reset: ${dataDir} does not exist`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  log(`Removed ${dataDir}: npm start begins again with the demo catalogue`);
}
