/**
 * The embedded database's side of the backup: PGlite's own dump of its folder (`dumpDataDir`),
 * loaded back with `loadDataDir`. PGlite belongs to one process and does not stop a second one
 * from opening its folder (both would write it, and it would be corrupt), so the folder is
 * refused while its `postmaster.pid` says a PGlite has it open.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BackupError } from './errors';
import type { SqlClient } from './manifest';

/** Refuses a folder an open PGlite holds: the shop running on it, or one that crashed. */
export function refuseOpenFolder(dbDir: string): void {
  if (!existsSync(path.join(dbDir, 'postmaster.pid'))) return;
  throw new BackupError(
    [
      `The embedded database in ${dbDir} is open: a shop is running on this DATA_DIR (its postmaster.pid is there). Stop it (Ctrl+C, or stop its service) and run this again; the database belongs to one process, and a second would corrupt it.`,
      `If no shop is running, the last one stopped without closing the database (a crash or a kill): start the shop once and stop it with Ctrl+C, which closes it, then run this again.`,
    ].join('\n'),
  );
}

/** True when the folder holds a database. */
export function hasDatabase(dbDir: string): boolean {
  return existsSync(path.join(dbDir, 'PG_VERSION'));
}

/**
 * Opens the folder as the shop does (with pg_trgm, which its indexes use) but without migrating:
 * a backup keeps the database as it is, and a restore checks the target before changing it.
 */
export async function openFolder(dbDir: string): Promise<{ client: PGlite; sql: SqlClient }> {
  const client = await PGlite.create(dbDir, { extensions: { pg_trgm } });
  return { client, sql: sqlOf(client) };
}

export function sqlOf(client: PGlite): SqlClient {
  return {
    async rows<T extends Record<string, unknown>>(text: string) {
      return (await client.query<T>(text)).rows;
    },
  };
}

export async function serverVersion(client: SqlClient): Promise<string> {
  const [row] = await client.rows<{ server_version: string }>('show server_version');
  return row?.server_version ?? 'unknown';
}

/**
 * Writes PGlite's gzipped dump of the folder to `file`. A checkpoint first puts every change in
 * the data files, so the dump opens without replaying the log.
 */
export async function dumpFolder(client: PGlite, file: string): Promise<void> {
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Loads a dump into `dbDir`, a folder that must not hold a database yet, and closes it; refuses a
 * dump this shop's PGlite cannot open (one made by a PGlite of another PostgreSQL version).
 */
export async function loadFolder(
  dump: string,
  dbDir: string,
  made: { serverVersion: string },
  check: (sql: SqlClient) => Promise<void>,
): Promise<void> {
  let client: PGlite;
  try {
    client = await PGlite.create(dbDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([await readFile(dump)]),
    });
  } catch (error) {
    throw new BackupError(
      `This shop's embedded database (PGlite) cannot open the backup's, made by PostgreSQL ${made.serverVersion} in PGlite: ${error instanceof Error ? error.message : String(error)}. Restore it with the version of the shop that made it. Nothing was changed.`,
    );
  }
  try {
    await check(sqlOf(client));
  } finally {
    await client.close();
  }
}
