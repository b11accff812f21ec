/**
 * `npm run backup [FILE]`: the shop's database (pg_dump's custom format on PostgreSQL, PGlite's own
 * dump of DATA_DIR/db), the pictures of DATA_DIR/uploads (unless they live in S3) and the private
 * files of DATA_DIR/private, in one file with a manifest (decision 040).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Config, type Environment, loadConfig } from '../config/config';
import { type FileFolder, writeArchive } from './archive';
import { BackupError } from './errors';
import {
  countTables,
  DATABASE_FILES,
  FORMAT,
  FORMAT_VERSION,
  latestMigration,
  type Manifest,
  shopVersion,
} from './manifest';
import { dumpFolder, hasDatabase, openFolder, refuseOpenFolder, serverVersion } from './pglite';
import { connect, dumpDatabase } from './postgres';
import { findTool } from './postgres-tools';

export interface BackupOptions {
  /** the shop's environment: `.env` and the process's, as a start reads them */
  env: Environment;
  /** where to write; a new file named by the time in `cwd` when null */
  file: string | null;
  /** what a relative FILE is relative to: where the command was typed */
  cwd: string;
  say: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

type DatabasePart = Pick<Manifest, 'migration' | 'database' | 'tables'>;

/** `makhana-backup-2026-11-29T10-15-00Z.tar`: sorts by time, and every system takes the name. */
export function defaultBackupName(now: Date): string {
  return `makhana-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar`;
}

export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const config = loadConfig(options.env);
  const file = path.resolve(options.cwd, options.file ?? defaultBackupName(new Date()));
  if (existsSync(file)) {
    throw new BackupError(`${file} exists already: name another file, or move that one away.`);
  }
  if (!existsSync(path.dirname(file))) {
    throw new BackupError(`The folder ${path.dirname(file)} does not exist: make it first.`);
  }
  // Next to the file, so its dump never crosses to another disk on the way in.
  const staging = await mkdtemp(path.join(path.dirname(file), '.makhana-backup-'));
  try {
    const part = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, staging, options)
      : await dumpPglite(path.join(config.dataDir, 'db'), staging, options);
    const storage: Manifest['storage'] =
      config.storage.kind === 's3'
        ? { kind: 's3', bucket: config.storage.bucket }
        : { kind: 'local' };
    const folders: FileFolder[] = storage.kind === 'local' ? ['uploads', 'private'] : ['private'];
    options.say(
      `Adding ${folders.map((folder) => path.join(config.dataDir, folder)).join(' and ')}`,
    );
    const manifest = await writeArchive({
      file,
      staging,
      databaseFile: part.database.file,
      dataDir: config.dataDir,
      folders,
      manifest: {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        shop: shopVersion(),
        migration: part.migration,
        database: part.database,
        storage,
        tables: part.tables,
      },
    });
    const { size } = await stat(file);
    summarise(manifest, config, file, size, options.say);
    return { file, bytes: size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpPglite(
  dbDir: string,
  staging: string,
  options: BackupOptions,
): Promise<DatabasePart> {
  if (!hasDatabase(dbDir)) {
    throw new BackupError(
      `There is no embedded database in ${dbDir}. Run this with the DATA_DIR (or DATABASE_URL) the shop runs with.`,
    );
  }
  refuseOpenFolder(dbDir);
  options.say(`Backing up the embedded database in ${dbDir}`);
  const { client, sql } = await openFolder(dbDir);
  try {
    const migration = await latestMigration(sql, `The embedded database in ${dbDir}`);
    const tables = await countTables(sql);
    const version = await serverVersion(sql);
    await dumpFolder(client, path.join(staging, DATABASE_FILES.pglite));
    return {
      migration,
      tables,
      database: { kind: 'pglite', file: DATABASE_FILES.pglite, serverVersion: version },
    };
  } finally {
    await client.close();
  }
}

async function dumpPostgres(
  url: string,
  staging: string,
  options: BackupOptions,
): Promise<DatabasePart> {
  const connection = await connect(url);
  try {
    const { server, sql, name } = connection;
    const pgDump = await findTool('pg_dump', server, options.env, '`npm run backup`');
    options.say(
      `Backing up the PostgreSQL database ${name} (PostgreSQL ${server.version}) with ${pgDump.path} ${pgDump.version}`,
    );
    await sql.rows('begin isolation level repeatable read, read only');
    const [exported] = await sql.rows<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const migration = await latestMigration(sql, `The database ${name}`);
    const tables = await countTables(sql);
    await dumpDatabase({
      url,
      pgDump,
      snapshot: exported?.snapshot ?? '',
      file: path.join(staging, DATABASE_FILES.postgres),
    });
    await sql.rows('commit');
    return {
      migration,
      tables,
      database: {
        kind: 'postgres',
        file: DATABASE_FILES.postgres,
        name,
        serverVersion: server.version,
        pgDumpVersion: pgDump.version,
      },
    };
  } finally {
    await connection.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const number = (n: number | undefined) => (n ?? 0).toLocaleString('en');
const files = (n: number) => (n === 1 ? '1 file' : `${number(n)} files`);

function summarise(
  manifest: Manifest,
  config: Config,
  file: string,
  bytes: number,
  say: (line: string) => void,
): void {
  const { tables } = manifest;
  const names = Object.keys(manifest.files);
  const pictures = names.filter((name) => name.startsWith('uploads/')).length;
  const privateFiles = names.filter((name) => name.startsWith('private/')).length;
  say(
    `Database at migration ${manifest.migration.tag ?? manifest.migration.hash}: ${number(tables.orders)} orders, ${number(tables.tax_documents)} invoices and credit notes, ${number(tables.products)} products, ${number(tables.users)} customers (${Object.keys(tables).length} tables, each counted in the manifest)`,
  );
  if (manifest.storage.kind === 's3') {
    say(
      `Pictures: not in this file. They are in the S3 bucket ${manifest.storage.bucket} (STORAGE=s3), which keeps them itself: turn on the bucket's versioning so that a deleted or overwritten picture can be brought back.`,
    );
  } else {
    say(`Pictures: ${files(pictures)} from ${config.uploadsDir}`);
  }
  say(`Private files (complaints' invoices, return photos): ${files(privateFiles)}`);
  say(`Wrote ${file} (${megabytes(bytes)}), readable by this user only.`);
  say(
    "It holds the customers' personal data and the owner's password hash and second factor: keep it as safe as the database, away from this machine.",
  );
}
