import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, type Environment, loadConfig } from '../config/config';
import type { Database } from '../db/client';

/** A throw-away DATA_DIR for one test file. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-api-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(dataDir: string, env: Environment = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0', ...env });
}

export async function testApp(options: {
  db: Database;
  dataDir: string;
  env?: Environment;
  webDistDir?: string | null;
}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.dataDir, options.env),
    db: options.db,
    webDistDir: options.webDistDir ?? null,
  });
  await app.ready();
  return app;
}
