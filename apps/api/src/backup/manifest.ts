/**
 * The manifest inside every backup (manifest.json): what made it, from which database at which
 * migration, how many rows each table held, and a checksum of every other file in it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../config/config';
import { MIGRATIONS_DIR } from '../paths';
import { BackupError } from './errors';

export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'makhana-shop-backup';
export const FORMAT_VERSION = 1;
/** The database's member: pg_dump's custom format, or PGlite's own gzipped dump of its folder. */
export const DATABASE_FILES = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' };

/** Enough SQL to count and read the migrations table, on either driver. */
export interface SqlClient {
  rows<T extends Record<string, unknown>>(text: string): Promise<T[]>;
}

const fileEntry = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string() });

const migrationShape = z.object({
  /** the migration's name in MIGRATIONS_DIR, null when this copy of the shop does not have it */
  tag: z.string().nullable(),
  hash: z.string(),
  /** drizzle's `created_at`: the migration's `when` in the journal */
  createdAt: z.number(),
});

export const manifestShape = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  shop: z.object({ version: z.string().nullable(), commit: z.string().nullable() }),
  migration: migrationShape,
  database: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('postgres'),
      file: z.literal(DATABASE_FILES.postgres),
      name: z.string(),
      serverVersion: z.string(),
      pgDumpVersion: z.string(),
    }),
    z.object({
      kind: z.literal('pglite'),
      file: z.literal(DATABASE_FILES.pglite),
      serverVersion: z.string(),
    }),
  ]),
  storage: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('local') }),
    z.object({ kind: z.literal('s3'), bucket: z.string() }),
  ]),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.record(z.string(), fileEntry),
});

export type Manifest = z.infer<typeof manifestShape>;
export type Migration = z.infer<typeof migrationShape>;
export type FileEntry = z.infer<typeof fileEntry>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Exact row counts of every table the database holds, the shop's (`orders`) and drizzle's
 * (`drizzle.__drizzle_migrations`), read as the caller's transaction sees them.
 */
export async function countTables(client: SqlClient): Promise<Record<string, number>> {
  const tables = await client.rows<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by table_schema, table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = await client.rows<{ n: string | number }>(
      `select count(*) as n from ${quote(schema)}.${quote(name)}`,
    );
    counts[schema === 'public' ? name : `${schema}.${name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Orders in the database, or 0 when it has no shop tables yet. */
export async function countOrders(client: SqlClient): Promise<number> {
  const [table] = await client.rows<{ t: string | null }>(
    `select to_regclass('public.orders')::text as t`,
  );
  if (!table?.t) return 0;
  const [row] = await client.rows<{ n: string | number }>('select count(*) as n from orders');
  return Number(row?.n ?? 0);
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this copy of the shop has, oldest first (drizzle-kit's journal). */
export function shopMigrations(): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The latest migration applied to the database; refuses a database the shop never migrated. */
export async function latestMigration(client: SqlClient, database: string): Promise<Migration> {
  const [table] = await client.rows<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  const [row] = table?.t
    ? await client.rows<{ hash: string; created_at: string | number }>(
        'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      )
    : [];
  if (!row) {
    throw new BackupError(
      `${database} has no applied migrations: it is not a database the shop has started on. Check DATABASE_URL and DATA_DIR.`,
    );
  }
  const createdAt = Number(row.created_at);
  const tag = shopMigrations().find((entry) => entry.when === createdAt)?.tag ?? null;
  return { tag, hash: row.hash, createdAt };
}

/**
 * Refuses a backup whose database is at a migration this copy of the shop does not have: the
 * code would run against tables it does not know. The way out is the newer code.
 */
export function refuseNewerMigration(manifest: Manifest): void {
  const known = shopMigrations();
  const last = known.at(-1);
  if (last && manifest.migration.createdAt > last.when) {
    throw new BackupError(
      `This backup was made by a newer version of the shop (${describeShop(manifest.shop)}): its database is at migration ${manifest.migration.tag ?? manifest.migration.hash.slice(0, 12)}, which this copy does not have (its last is ${last.tag}). Update the shop's code first, then restore.`,
    );
  }
}

/** The root package.json's version and, in a git checkout, the commit. */
export function shopVersion(): Manifest['shop'] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version?: string;
  };
  let commit: string | null = null;
  if (existsSync(path.join(REPO_ROOT, '.git'))) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      // git itself is missing: the version alone names the shop.
    }
  }
  return { version: pkg.version ?? null, commit };
}

/** "the shop 1.4.0 at commit 08ef04427047", as far as the manifest knows it. */
export function describeShop(shop: Manifest['shop']): string {
  const version = shop.version ? `the shop ${shop.version}` : 'the shop';
  if (shop.commit) return `${version} at commit ${shop.commit.slice(0, 12)}`;
  return shop.version ? version : 'a shop of unknown version';
}

/** Reads and checks manifest.json's text; refuses anything that is not one of ours. */
export function parseManifest(text: string, file: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not a backup of this shop: its manifest.json is not JSON.`);
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== FORMAT) {
    throw new BackupError(
      `${file} is not a backup of this shop: its manifest.json does not say "${FORMAT}".`,
    );
  }
  if (format.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup in format ${String(format.formatVersion)}; this shop reads format ${FORMAT_VERSION}. Restore it with the version of the shop that made it.`,
    );
  }
  const parsed = manifestShape.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${file}'s manifest.json is damaged: ${issue?.path.join('.') || 'its content'}: ${issue?.message ?? 'invalid'}.`,
    );
  }
  return parsed.data;
}
