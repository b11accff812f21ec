/**
 * PostgreSQL's own client tools (pg_dump, pg_restore, psql) for the backup: which one to run for a
 * server's version, and how to hand them DATABASE_URL without putting its password on a command
 * line (where `ps` shows it to every user of the machine).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './errors';

const run = promisify(execFile);

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql';

export interface FoundTool {
  path: string;
  /** as the tool reports it, e.g. "15.20" */
  version: string;
  major: number;
}

/** The major version of "15.20", "9.6.24" or a `server_version` such as "16.4 (Debian ...)". */
export function majorOf(version: string): number {
  const [first = '', second = ''] = version.trim().split(/[.\s]/);
  const major = Number(first);
  if (!Number.isInteger(major)) throw new Error(`Not a PostgreSQL version: ${version}`);
  // Before 10, the major version was the first two numbers (9.6).
  return major >= 10 ? major : Number(`${first}.${second}`);
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" -> "15.20"; null for anything else. */
export function parseToolVersion(output: string): string | null {
  return /\(PostgreSQL\)\s+(\d+(?:\.\d+)*)/.exec(output)?.[1] ?? null;
}

/**
 * Where each system keeps one PostgreSQL version's tools, next to the one PATH finds: Debian and
 * Ubuntu's /usr/bin/pg_dump picks the newest version installed, which may not be the server's.
 */
function versionedDirs(major: number): string[] {
  if (process.platform === 'win32') return [`C:\\Program Files\\PostgreSQL\\${major}\\bin`];
  return [
    `/usr/lib/postgresql/${major}/bin`,
    `/usr/pgsql-${major}/bin`,
    `/opt/homebrew/opt/postgresql@${major}/bin`,
    `/usr/local/opt/postgresql@${major}/bin`,
  ];
}

async function versionOf(file: string): Promise<FoundTool | null> {
  try {
    const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
    const version = parseToolVersion(stdout);
    return version ? { path: file, version, major: majorOf(version) } : null;
  } catch {
    return null;
  }
}

/**
 * The tool of the server's major version: first in that version's own folder, then on PATH.
 * Refuses, naming the versions found and what to install, when none matches.
 */
export async function findTool(
  tool: PostgresTool,
  server: { version: string; major: number },
  env: NodeJS.ProcessEnv,
  purpose: string,
  /** folders to look in first: psql beside the pg_restore whose output it reads */
  first: string[] = [],
): Promise<FoundTool> {
  const executable = process.platform === 'win32' ? `${tool}.exe` : tool;
  const pathDirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const seen = new Set<string>();
  const found: FoundTool[] = [];
  for (const dir of [...first, ...versionedDirs(server.major), ...pathDirs]) {
    const file = path.join(dir, executable);
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const tried = await versionOf(file);
    if (!tried) continue;
    if (tried.major === server.major) return tried;
    found.push(tried);
  }
  throw new BackupError(toolMismatch(tool, server, found, purpose));
}

/** What to say when no tool of the server's version is installed. */
export function toolMismatch(
  tool: PostgresTool,
  server: { version: string; major: number },
  found: FoundTool[],
  purpose: string,
): string {
  const have =
    found.length === 0
      ? `${tool} was not found`
      : `${tool} ${found.map((one) => `${one.version} (${one.path})`).join(', ')} does not match`;
  return [
    `${have}: ${purpose} needs ${tool} ${server.major}, the major version of the server (PostgreSQL ${server.version}).`,
    `Install PostgreSQL ${server.major}'s client tools (Debian/Ubuntu: apt install postgresql-client-${server.major}; macOS: brew install postgresql@${server.major}) or put their folder first on PATH, then run this again.`,
  ].join('\n');
}

/** DATABASE_URL's query parameters that libpq reads from the environment, by their variable. */
const LIBPQ_PARAMETERS: Record<string, string> = {
  host: 'PGHOST',
  hostaddr: 'PGHOSTADDR',
  port: 'PGPORT',
  dbname: 'PGDATABASE',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  passfile: 'PGPASSFILE',
  service: 'PGSERVICE',
  options: 'PGOPTIONS',
  application_name: 'PGAPPNAME',
  sslmode: 'PGSSLMODE',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslrootcert: 'PGSSLROOTCERT',
  sslcrl: 'PGSSLCRL',
  channel_binding: 'PGCHANNELBINDING',
  gssencmode: 'PGGSSENCMODE',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  target_session_attrs: 'PGTARGETSESSIONATTRS',
  client_encoding: 'PGCLIENTENCODING',
};

/**
 * DATABASE_URL as libpq's environment variables (PGHOST, PGUSER, PGPASSWORD...), over the
 * inherited ones as node-postgres reads them: the tools then reach the database the shop uses,
 * and the password never appears in a process list or a log.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1');
  if (host) env.PGHOST = host;
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [name, value] of url.searchParams) {
    // node-postgres's own spellings of the TLS settings, in libpq's words.
    if (name === 'ssl') {
      env.PGSSLMODE = ['0', 'false', 'no', 'off'].includes(value) ? 'disable' : 'require';
      continue;
    }
    if (name === 'sslmode' && value === 'no-verify') {
      env.PGSSLMODE = 'require';
      continue;
    }
    const variable = LIBPQ_PARAMETERS[name];
    if (!variable) {
      throw new BackupError(
        `DATABASE_URL's parameter "${name}" is not one PostgreSQL's tools understand; the ones they take: ${Object.keys(LIBPQ_PARAMETERS).join(', ')}, ssl.`,
      );
    }
    env[variable] = value;
  }
  return env;
}
