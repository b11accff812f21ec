/**
 * The PostgreSQL side of the backup: `pg_dump --format=custom` of DATABASE_URL's database in the
 * same snapshot as the manifest's counts, and its restore in one transaction through psql, so a
 * restore that fails half way leaves the target as it was.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './errors';
import type { SqlClient } from './manifest';
import { type FoundTool, libpqEnvironment, majorOf } from './postgres-tools';

export interface Server {
  version: string;
  major: number;
}

export interface Connection {
  sql: SqlClient;
  client: pg.Client;
  /** the database's name, for messages and the manifest */
  name: string;
  server: Server;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL's database; a missing one is named with how to create it. */
export async function connect(url: string): Promise<Connection> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'the database';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code === '3D000') {
      throw new BackupError(
        `The database ${name} does not exist on DATABASE_URL's server: create it (createdb ${name}, or CREATE DATABASE) and run this again.`,
      );
    }
    throw error;
  }
  const sql: SqlClient = {
    async rows<T extends Record<string, unknown>>(text: string) {
      return (await client.query<T>(text)).rows;
    },
  };
  const [row] = await sql.rows<{ server_version: string }>('show server_version');
  const version = (row?.server_version ?? '').split(' ')[0] ?? '';
  return {
    sql,
    client,
    name,
    server: { version, major: majorOf(version) },
    close: () => client.end(),
  };
}

/** Runs a tool with DATABASE_URL in its environment; resolves with its stdout, or throws its stderr. */
function runTool(
  tool: FoundTool,
  args: string[],
  url: string,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, {
      env: { ...process.env, ...libpqEnvironment(url) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new BackupError(`${tool.path} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/**
 * Dumps the database into `file` in `snapshot`, exported (`pg_export_snapshot`) by the open
 * transaction that counted the manifest's rows: the dump holds exactly those rows, however busy
 * the shop is meanwhile.
 */
export async function dumpDatabase(options: {
  url: string;
  pgDump: FoundTool;
  snapshot: string;
  file: string;
}): Promise<void> {
  await runTool(
    options.pgDump,
    [
      '--format=custom',
      `--snapshot=${options.snapshot}`,
      // Never ask for a password on the terminal: the environment has it, or it fails plainly.
      '--no-password',
      `--file=${options.file}`,
    ],
    options.url,
  );
}

/** The schemas a dump creates, from its table of contents (`pg_restore --list`). */
async function dumpedSchemas(pgRestore: FoundTool, dump: string, url: string) {
  const { stdout } = await runTool(pgRestore, ['--list', dump], url);
  const schemas = new Set<string>();
  for (const line of stdout.split('\n')) {
    const match = /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line);
    if (match?.[1]) schemas.add(match[1]);
  }
  return schemas;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Replaces the target's shop (the dump's schemas and `public`) with the dump's, in one
 * transaction: pg_restore writes the dump as SQL into psql, which runs it after dropping those
 * schemas. Owners and grants are left out, so the tables belong to DATABASE_URL's user whoever
 * owned them on the server the backup came from. psql commits only after pg_restore ended well:
 * its input is held open until then, and psql is stopped (its transaction rolled back) otherwise.
 */
export async function restoreDatabase(options: {
  url: string;
  pgRestore: FoundTool;
  psql: FoundTool;
  dump: string;
}): Promise<void> {
  const schemas = await dumpedSchemas(options.pgRestore, options.dump, options.url).catch(
    (error: unknown) => {
      throw new BackupError(
        `The backup's database dump cannot be read; nothing was changed.\n${error instanceof Error ? error.message : String(error)}`,
      );
    },
  );
  const dropped = [...new Set([...schemas, 'public'])];
  const prelude = [
    'set client_min_messages = warning;',
    ...dropped.map((schema) => `drop schema if exists ${quote(schema)} cascade;`),
    // pg_restore never creates public, even when the dump lists it: it takes it as initdb's.
    'create schema public;',
  ].join(' ');
  const env = { ...process.env, ...libpqEnvironment(options.url) };
  const psql = spawn(
    options.psql.path,
    [
      '--no-psqlrc',
      '--quiet',
      '--no-password',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--command=${prelude}`,
      '--file=-',
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const pgRestore = spawn(
    options.pgRestore.path,
    ['--no-owner', '--no-acl', '--file=-', options.dump],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const errors = { psql: '', pgRestore: '' };
  psql.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors.psql += chunk;
  });
  pgRestore.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors.pgRestore += chunk;
  });
  // psql stops reading when it fails; what pg_restore still writes then has nowhere to go.
  psql.stdin.on('error', () => {});
  pgRestore.stdout.pipe(psql.stdin, { end: false });
  const restored = new Promise<number>((resolve) => {
    pgRestore.on('error', () => resolve(-1));
    pgRestore.on('close', (code) => resolve(code ?? -1));
  });
  const applied = new Promise<number>((resolve) => {
    psql.on('error', () => resolve(-1));
    psql.on('close', (code) => resolve(code ?? -1));
  });
  // null: psql ended first, having failed (it cannot commit before its input ends).
  const restoreCode = await Promise.race([restored, applied.then(() => null)]);
  if (restoreCode === 0) psql.stdin.end();
  else if (restoreCode === null) pgRestore.kill('SIGKILL');
  else psql.kill('SIGKILL');
  const psqlCode = await applied;
  const pgRestoreCode = await restored;
  if (restoreCode !== null && pgRestoreCode !== 0) {
    throw new BackupError(
      `${options.pgRestore.path} failed (exit ${pgRestoreCode}); the database was left as it was:\n${errors.pgRestore.trim() || errors.psql.trim()}`,
    );
  }
  if (psqlCode !== 0) {
    throw new BackupError(
      `Restoring into the database failed; it was left as it was:\n${errors.psql.trim()}`,
    );
  }
}
