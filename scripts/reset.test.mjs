import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'reset.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mm-reset-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function reset(env) {
  const clean = { ...process.env };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'NODE_ENV']) delete clean[name];
  return spawnSync(process.execPath, [script], { env: { ...clean, ...env }, encoding: 'utf8' });
}

describe('npm run reset', () => {
  it('removes the data folder, database, outbox and pictures with it', () => {
    const data = join(scratch, 'data');
    mkdirSync(join(data, 'db'), { recursive: true });
    writeFileSync(join(data, 'db', 'PG_VERSION'), '17');
    mkdirSync(join(data, 'outbox'));
    const run = reset({ DATA_DIR: data });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(existsSync(data), false);
    assert.match(run.stdout, /demo catalogue/);
  });

  it('leaves a PostgreSQL shop and a production shop alone', () => {
    const data = join(scratch, 'kept');
    mkdirSync(data);
    for (const env of [
      { DATABASE_URL: 'postgres://x@127.0.0.1/shop' },
      { NODE_ENV: 'production' },
    ]) {
      const run = reset({ ...env, DATA_DIR: data });
      assert.equal(run.status, 1);
      assert.equal(existsSync(data), true);
    }
  });
});
