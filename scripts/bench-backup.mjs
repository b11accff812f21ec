// The bench's backup and restore (decision 040): `npm run backup` of the scale data set on
// BENCH_DATABASE_URL, with the demo pictures in its DATA_DIR as a shop's start leaves them, then
// `npm run restore` of that file into a new database on the same server and an empty DATA_DIR;
// each timed from start to exit, against a target of 2 minutes.
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, row } from './bench-shop.mjs';
import { log, root, run } from './lib.mjs';

export const BACKUP_HEADING = '## Backup and restore';
const TARGET_SECONDS = 120;
const MAIN = join('apps', 'api', 'src', 'backup', 'main.ts');
/** The tables the section names, with what a reader calls them. */
const NAMED = [
  ['products', 'products'],
  ['users', 'customers'],
  ['orders', 'orders'],
  ['order_items', 'order lines'],
  ['tax_documents', 'invoices and credit notes'],
  ['reviews', 'reviews'],
];

/** Every table's rows on `url`, as the manifest names them (drizzle's with its schema). */
async function tableCounts(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const counts = {};
    for (const { schema, name } of rows) {
      const counted = await client.query(`select count(*)::int as n from "${schema}"."${name}"`);
      counts[schema === 'public' ? name : `${schema}.${name}`] = counted.rows[0].n;
    }
    const version = await client.query('show server_version');
    const size = await client.query('select pg_database_size(current_database())::bigint as b');
    return {
      counts,
      server: version.rows[0].server_version.split(' ')[0],
      bytes: Number(size.rows[0].b),
    };
  } finally {
    await client.end();
  }
}

/** The manifest.json inside a backup file. */
async function manifestOf(file) {
  const tar = await import('tar');
  let text = '';
  await tar.t({
    file,
    filter: (path) => path === 'manifest.json',
    onReadEntry: (entry) => entry.on('data', (chunk) => (text += chunk)),
  });
  return JSON.parse(text);
}

/** Runs what `npm run <script>` runs (without npm's own start), timed to its exit. */
async function timed(args, env) {
  const started = performance.now();
  const code = await run(process.execPath, ['--import', 'tsx', MAIN, ...args], { env });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (code !== 0) throw new Error(`npm run ${args[0]} failed (exit ${code}); see above`);
  return seconds;
}

/**
 * Backs up the scale data set on `scaleUrl` (loading it first when it has no orders, as the
 * owner's part does) and restores it into `restoreName` on the same server; the markdown section.
 */
export async function backupPart(scaleUrl, { restoreName = 'makhana_bench_restore' } = {}) {
  let source = await tableCounts(scaleUrl);
  let seedSeconds = null;
  if (!source.counts.orders) {
    log('Loading the scale data into BENCH_DATABASE_URL (npm run seed:scale)');
    const started = performance.now();
    const code = await run(
      process.execPath,
      ['--import', 'tsx', join('apps', 'api', 'scripts', 'seed-scale.ts'), '--if-empty'],
      { env: { DATABASE_URL: scaleUrl } },
    );
    if (code !== 0) throw new Error('Loading the scale data failed; see the output above');
    seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    source = await tableCounts(scaleUrl);
  }

  const work = mkdtempSync(join(tmpdir(), 'makhana-bench-backup-'));
  try {
    const sourceData = join(work, 'source');
    const restoredData = join(work, 'restored');
    // The pictures the scale data's products show: the demo ones a start copies into uploads/demo.
    mkdirSync(join(sourceData, 'uploads'), { recursive: true });
    cpSync(join(root, 'apps', 'api', 'seed', 'images'), join(sourceData, 'uploads', 'demo'), {
      recursive: true,
    });
    const file = join(work, 'scale.tar');
    const loadBefore = loadavg()[0];
    log('Backing up the scale data set (npm run backup)');
    const backupSeconds = await timed(['backup', file], {
      DATABASE_URL: scaleUrl,
      DATA_DIR: sourceData,
    });
    const bytes = statSync(file).size;
    const manifest = await manifestOf(file);

    const restoreUrl = await freshDatabase(scaleUrl, restoreName);
    log(`Restoring it into ${restoreName} (npm run restore)`);
    const restoreSeconds = await timed(['restore', file], {
      DATABASE_URL: restoreUrl,
      DATA_DIR: restoredData,
    });
    const load = [loadBefore, loadavg()[0]].map((n) => n.toFixed(1));
    const restored = await tableCounts(restoreUrl);
    return backupReport({
      source,
      seedSeconds,
      manifest,
      restored,
      bytes,
      backupSeconds,
      restoreSeconds,
      restoreName,
      load,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function backupReport({
  source,
  seedSeconds,
  manifest,
  restored,
  bytes,
  backupSeconds,
  restoreSeconds,
  restoreName,
  load,
}) {
  const number = (n) => (n ?? 0).toLocaleString('en');
  const tables = Object.keys(manifest.tables);
  const differing = tables.filter((name) => manifest.tables[name] !== restored.counts[name]);
  const pictures = Object.keys(manifest.files).filter((name) => name.startsWith('uploads/'));
  const pictureBytes = pictures.reduce((sum, name) => sum + manifest.files[name].bytes, 0);
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  const within = (seconds) =>
    seconds <= TARGET_SECONDS ? 'yes' : `no (${TARGET_SECONDS / 60} minutes)`;
  return [
    BACKUP_HEADING,
    '',
    `Measured by \`BENCH_DATABASE_URL=postgres://… npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (load average ${load.join(' before, ')} after: the machine was shared), Node ${process.versions.node},`,
    `PostgreSQL ${source.server} on the same machine, pg_dump ${manifest.database.pgDumpVersion}. The scale data set (\`npm run seed:scale\`${seedSeconds ? `, loaded in ${seedSeconds} s` : ''}: ${NAMED.map(([table, name]) => `${number(source.counts[table])} ${name}`).join(', ')}; ${mb(source.bytes)} MB on the server)`,
    `was backed up by \`npm run backup\` with the demo pictures in its DATA_DIR (${pictures.length} files, ${mb(pictureBytes)} MB), then restored by \`npm run restore\``,
    `into a new database on the same server (${restoreName}) and an empty DATA_DIR. Each time runs from the command's start to its exit, as`,
    "`node --import tsx apps/api/src/backup/main.ts` (what the npm scripts run, without npm's own start). Target: each within 2 minutes.",
    '',
    row(['step', 'what it does', 'seconds', 'within 2 minutes']),
    row(Array(4).fill('---')),
    row([
      'backup',
      `counts and pg_dump in one snapshot, the pictures, checksums: a file of ${mb(bytes)} MB`,
      backupSeconds,
      within(backupSeconds),
    ]),
    row([
      'restore',
      'checksums, pg_restore into psql in one transaction, analyze, migrations, counts',
      restoreSeconds,
      within(restoreSeconds),
    ]),
    '',
    differing.length === 0
      ? `Restored: all ${tables.length} tables hold the manifest's counts (${number(Object.values(manifest.tables).reduce((a, b) => a + b, 0))} rows).`
      : `Restored: ${differing.length} of ${tables.length} tables differ from the manifest (${differing.map((name) => `${name}: ${number(manifest.tables[name])} in the manifest, ${number(restored.counts[name])} restored`).join('; ')}).`,
    '',
  ].join('\n');
}
