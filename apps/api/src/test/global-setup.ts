/**
 * Runs once per `vitest run`, before any file: migrates one template database, from which each
 * test file's own database is then copied (a copy is several times cheaper than migrating again).
 * PGlite: a dump of a migrated in-memory database, in a file the workers read. PostgreSQL: a
 * template database on the server, for CREATE DATABASE ... TEMPLATE.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { usesPostgres } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the PGlite run's template: a tar of a migrated data directory */
    pgliteTemplate: string | null;
    /** the PostgreSQL run's template database, on TEST_DATABASE_URL's server */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (usesPostgres()) {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `mm_test_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Migrated, then closed: a template may have no open connection while it is copied.
    await (await openPostgres(url.toString(), { max: 1 })).close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', null);
    return async () => {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-api-template-'));
  const file = path.join(dir, 'pglite.tar');
  const handle = await openPglite(null);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
