/**
 * `npm run restore FILE [--force]`: checks the whole file against its manifest, refuses a target
 * database that has orders unless forced, restores the database, the pictures and the private
 * files into the configured database and DATA_DIR, migrates forward with the shop's own code,
 * and prints every table's count against the manifest (decision 040).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Config, type Environment, loadConfig } from '../config/config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { extractArchive, type FileFolder, verifyArchive } from './archive';
import { BackupError } from './errors';
import {
  countOrders,
  countTables,
  DATABASE_FILES,
  describeShop,
  type Manifest,
  refuseNewerMigration,
  type SqlClient,
} from './manifest';
import { hasDatabase, loadFolder, openFolder, refuseOpenFolder } from './pglite';
import { connect, restoreDatabase } from './postgres';
import { type FoundTool, findTool, majorOf } from './postgres-tools';

export interface RestoreOptions {
  /** the shop's environment: `.env` and the process's, as a start reads them */
  env: Environment;
  file: string;
  /** what a relative FILE is relative to: where the command was typed */
  cwd: string;
  /** replace a database that has orders */
  force: boolean;
  say: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** every table's rows after the migrations, by the manifest's names */
  counts: Record<string, number>;
}

export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const config = loadConfig(options.env);
  const file = path.resolve(options.cwd, options.file);
  options.say(`Checking ${file} against its manifest`);
  const manifest = await verifyArchive(file);
  refuseNewerMigration(manifest);
  refuseOtherKind(manifest, config);
  options.say(
    `A backup of ${manifest.createdAt} by ${describeShop(manifest.shop)}, migration ${manifest.migration.tag ?? manifest.migration.hash}: every checksum matches`,
  );

  await mkdir(config.dataDir, { recursive: true });
  // Inside DATA_DIR, so the restored folders move into place by a rename on the same disk.
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    if (manifest.database.kind === 'postgres' && config.databaseUrl) {
      await restorePostgres(
        file,
        staging,
        manifest,
        manifest.database,
        config.databaseUrl,
        options,
      );
    } else {
      await restorePglite(file, staging, manifest, config, options);
    }
    await replaceFolders(manifest, config, staging, options.say);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }

  options.say('Migrating forward with this copy of the shop');
  const database = await openDatabase(config);
  let counts: Record<string, number>;
  try {
    counts = await countTables(sqlOfDatabase(database));
  } finally {
    await database.close();
  }
  printCounts(manifest, counts, options.say);
  return { manifest, counts };
}

/** Moving between the embedded database and PostgreSQL is not what a backup is for. */
function refuseOtherKind(manifest: Manifest, config: Config): void {
  if (manifest.database.kind === 'postgres' && !config.databaseUrl) {
    throw new BackupError(
      `This backup holds a PostgreSQL database (${manifest.database.name}), and DATABASE_URL is not set, so this shop uses its embedded database (PGlite). Set DATABASE_URL to the PostgreSQL database to restore into; moving a shop between PostgreSQL and the embedded database is not supported. Nothing was changed.`,
    );
  }
  if (manifest.database.kind === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      'This backup holds the embedded database (PGlite), and DATABASE_URL is set, so this shop uses PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR; moving a shop between the embedded database and PostgreSQL is not supported. Nothing was changed.',
    );
  }
}

function refuseOrders(orders: number, where: string, force: boolean, say: (line: string) => void) {
  if (orders === 0) return;
  if (!force) {
    throw new BackupError(
      `${where} has ${orders.toLocaleString('en')} orders. Restoring replaces all of them with the backup's: run again with --force (npm run restore FILE --force) if that is what you want. Nothing was changed.`,
    );
  }
  say(`${where} has ${orders.toLocaleString('en')} orders; --force: replacing them`);
}

/** Refuses a restore whose database does not hold exactly the manifest's rows. */
function checkCounts(manifest: Manifest, counts: Record<string, number>, after: string): void {
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const found = counts[table];
    if (found !== expected) {
      throw new BackupError(
        `The restored database does not match the backup's manifest: ${table} ${found === undefined ? 'is missing' : `has ${found} rows`}, the manifest counted ${expected}. ${after}`,
      );
    }
  }
}

async function restorePglite(
  file: string,
  staging: string,
  manifest: Manifest,
  config: Config,
  options: RestoreOptions,
): Promise<void> {
  const dbDir = path.join(config.dataDir, 'db');
  refuseOpenFolder(dbDir);
  if (hasDatabase(dbDir)) {
    const { client, sql: target } = await openFolder(dbDir);
    try {
      refuseOrders(
        await countOrders(target),
        `The embedded database in ${dbDir}`,
        options.force,
        options.say,
      );
    } finally {
      await client.close();
    }
  }
  await extractArchive(file, staging, manifest);
  options.say(`Loading the embedded database into ${dbDir}`);
  const loaded = path.join(staging, 'db');
  await loadFolder(
    path.join(staging, DATABASE_FILES.pglite),
    loaded,
    manifest.database,
    async (db) => checkCounts(manifest, await countTables(db), 'Nothing was changed.'),
  );
  if (existsSync(dbDir)) await rename(dbDir, path.join(staging, 'db-before'));
  await rename(loaded, dbDir);
}

async function restorePostgres(
  file: string,
  staging: string,
  manifest: Manifest,
  made: Extract<Manifest['database'], { kind: 'postgres' }>,
  url: string,
  options: RestoreOptions,
): Promise<void> {
  const target = await connect(url);
  let tools: { pgRestore: FoundTool; psql: FoundTool };
  try {
    const { server, name } = target;
    if (majorOf(made.pgDumpVersion) > server.major) {
      throw new BackupError(
        `This backup was made with pg_dump ${made.pgDumpVersion} from PostgreSQL ${made.serverVersion}; DATABASE_URL's server runs PostgreSQL ${server.version}, an older version that cannot take it. Restore it into PostgreSQL ${majorOf(made.pgDumpVersion)} or newer. Nothing was changed.`,
      );
    }
    const pgRestore = await findTool('pg_restore', server, options.env, '`npm run restore`');
    tools = {
      pgRestore,
      psql: await findTool('psql', server, options.env, '`npm run restore`', [
        path.dirname(pgRestore.path),
      ]),
    };
    const [others] = await target.sql.rows<{ n: string; names: string | null }>(
      `select count(*) as n, string_agg(distinct nullif(application_name, ''), ', ') as names
       from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (Number(others?.n ?? 0) > 0) {
      throw new BackupError(
        `${others?.n} other connections are open on the database ${name}${others?.names ? ` (${others.names})` : ''}: stop the shop, every process of it, before restoring, so nothing writes into the database being replaced. Nothing was changed.`,
      );
    }
    refuseOrders(await countOrders(target.sql), `The database ${name}`, options.force, options.say);
    options.say(
      `Restoring into the PostgreSQL database ${name} (PostgreSQL ${server.version}) with ${tools.pgRestore.path} ${tools.pgRestore.version}`,
    );
  } finally {
    await target.close();
  }
  await extractArchive(file, staging, manifest);
  await restoreDatabase({ url, ...tools, dump: path.join(staging, DATABASE_FILES.postgres) });
  const restored = await connect(url);
  try {
    // pg_restore leaves the planner's statistics empty; the shop's queries at scale need them.
    await restored.sql.rows('analyze');
    checkCounts(
      manifest,
      await countTables(restored.sql),
      'The database holds this incomplete copy now: restore again with --force.',
    );
  } finally {
    await restored.close();
  }
}

/** The folders the backup holds: uploads/ unless its pictures were in S3, and private/. */
function restoredFolders(manifest: Manifest): FileFolder[] {
  return manifest.storage.kind === 'local' ? ['uploads', 'private'] : ['private'];
}

/**
 * Puts the backup's folders in place of DATA_DIR's, the old ones moved into the staging folder
 * (removed afterwards). A folder that is a mount point cannot be renamed: its content is replaced.
 */
async function replaceFolders(
  manifest: Manifest,
  config: Config,
  staging: string,
  say: (line: string) => void,
): Promise<void> {
  for (const folder of restoredFolders(manifest)) {
    const target = path.join(config.dataDir, folder);
    const restored = path.join(staging, folder);
    if (!existsSync(restored)) await mkdir(restored);
    try {
      if (existsSync(target)) await rename(target, path.join(staging, `${folder}-before`));
      await rename(restored, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EBUSY' && code !== 'EXDEV' && code !== 'EPERM') throw error;
      for (const entry of await readdir(target)) {
        await rm(path.join(target, entry), { recursive: true, force: true });
      }
      await cp(restored, target, { recursive: true });
    }
    say(`Restored ${target}`);
  }
  if (manifest.storage.kind === 's3') {
    say(
      `The backup's pictures are not in the file: they are in the S3 bucket ${manifest.storage.bucket}, which keeps them with its own versioning.`,
    );
    if (config.storage.kind === 'local') {
      say(
        `This shop keeps pictures in ${config.uploadsDir} (STORAGE is not s3): set STORAGE=s3 and S3_BUCKET=${manifest.storage.bucket} as the shop had them, or copy the bucket's pictures there.`,
      );
    }
  } else if (config.storage.kind === 's3') {
    say(
      `This shop keeps pictures in the S3 bucket ${config.storage.bucket}, and the backup's are now in ${config.uploadsDir}: copy them into the bucket, or set STORAGE=local as the shop had it.`,
    );
  }
}

function sqlOfDatabase(database: DatabaseHandle): SqlClient {
  return {
    async rows<T extends Record<string, unknown>>(text: string) {
      const result = (await database.db.execute(sql.raw(text))) as unknown as { rows: T[] };
      return result.rows;
    },
  };
}

/** Every table: its rows in the manifest and now, after the migrations. */
function printCounts(
  manifest: Manifest,
  counts: Record<string, number>,
  say: (line: string) => void,
): void {
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(counts)])].sort();
  const width = Math.max(...names.map((name) => name.length), 'table'.length);
  const column = (value: string) => value.padStart(10);
  say(`${'table'.padEnd(width)}${column('backup')}${column('now')}`);
  let changed = 0;
  for (const name of names) {
    const before = manifest.tables[name];
    const now = counts[name];
    const differs = before !== now;
    if (differs) changed += 1;
    say(
      `${name.padEnd(width)}${column(before === undefined ? '-' : before.toLocaleString('en'))}${column(now === undefined ? '-' : now.toLocaleString('en'))}${differs ? '  (changed by the migrations)' : ''}`,
    );
  }
  say(
    changed === 0
      ? `Restored: all ${names.length} tables hold the rows the manifest counted.`
      : `Restored: the database held the rows the manifest counted; the migrations since the backup changed ${changed} of ${names.length} tables.`,
  );
}
