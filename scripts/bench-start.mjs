// The bench's start and memory: the production bundle started as `npm start` starts it, one
// process, timed until its first healthy answer, and its resident memory once it has rested.
import {
  freshDatabase,
  productionEnv,
  residentMemory,
  row,
  startShop,
  stopShop,
  waitForHealth,
} from './bench-shop.mjs';

export const START_HEADING = '## Start and memory';
const MEMORY_TARGET_MB = 150;
const REST_SECONDS = 20;

/** One start: milliseconds from spawn to the first 200 of /api/v1/health, and its memory at rest. */
async function timedStart(port, env, dataDir, { rest }) {
  const started = performance.now();
  const shop = startShop(port, { ...productionEnv(port), WEB_CONCURRENCY: '1', ...env }, dataDir);
  try {
    await waitForHealth(shop.origin);
    const toHealthyMs = Math.round(performance.now() - started);
    // The home page and the catalogue answer too, as a visitor's first requests would ask.
    for (const path of ['/', '/api/v1/products/getProductDetails']) {
      const res = await fetch(`${shop.origin}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status} after the start`);
    }
    if (!rest) return { toHealthyMs, memoryMb: null };
    await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
    return { toHealthyMs, memoryMb: residentMemory(shop.pid)[0] };
  } finally {
    if (rest) await stopShop(shop);
    else await stopWithoutRemoving(shop);
  }
}

/** Stops a shop whose data folder the next start reuses. */
async function stopWithoutRemoving(shop) {
  const gone = new Promise((resolve) => shop.once('exit', resolve));
  process.kill(-shop.pid, 'SIGTERM');
  await gone;
}

/**
 * The bundle's start on PGlite (a new data folder) and, with a PostgreSQL server, on a new
 * database of its own: the first start (migrations, the demo catalogue) and a second one, after
 * which the process rests before its memory is read.
 */
export async function measureStart({ port, serverUrl, workDir }) {
  const runs = [];
  const databases = [['PGlite', {}]];
  if (serverUrl) {
    databases.push([
      'PostgreSQL',
      { DATABASE_URL: await freshDatabase(serverUrl, 'makhana_bench_start') },
    ]);
  }
  for (const [database, env] of databases) {
    const dataDir = `${workDir}/start-${database}`;
    const first = await timedStart(port, { SEED_DEMO: 'true', ...env }, dataDir, { rest: false });
    const again = await timedStart(port, { SEED_DEMO: 'true', ...env }, dataDir, { rest: true });
    runs.push({
      database,
      first: first.toHealthyMs,
      again: again.toHealthyMs,
      memoryMb: again.memoryMb,
    });
  }
  return runs;
}

export function startReport(runs, { date, node, load }) {
  return [
    START_HEADING,
    '',
    `Measured by \`npm run bench\` (or \`npm run bench -- --start\`) on ${date} (2 cores, load average`,
    `${load.join(' before, ')} after; Node ${node}): the built bundle started as \`npm start\` starts it in production`,
    `(\`node ${'--enable-source-maps --max-semi-space-size=8'} apps/api/dist/main.js\`, \`NODE_ENV=production\`, \`WEB_CONCURRENCY=1\`),`,
    'builds up to date. "To healthy" is from starting the process to the first 200 of `/api/v1/health`',
    '(the home page and the catalogue then answer 200 too); the first start on a new database migrates',
    `it and loads the demo catalogue. Memory is the process's resident set (\`ps -o rss\`) after ${REST_SECONDS} s at rest`,
    `following the second start. Target: one process under ${MEMORY_TARGET_MB} MB at rest on PostgreSQL (on PGlite the embedded`,
    'database lives in the same process; decision 001).',
    '',
    row([
      'database',
      'first start, to healthy (s)',
      'again, to healthy (s)',
      'resident memory at rest (MB)',
      `under ${MEMORY_TARGET_MB} MB`,
    ]),
    row(Array(5).fill('---')),
    ...runs.map((r) =>
      row([
        r.database,
        (r.first / 1000).toFixed(1),
        (r.again / 1000).toFixed(1),
        r.memoryMb,
        r.database === 'PGlite'
          ? `${r.memoryMb <= MEMORY_TARGET_MB ? 'yes' : 'no'} (not a target: the database is inside)`
          : r.memoryMb <= MEMORY_TARGET_MB
            ? 'yes'
            : '**no**',
      ]),
    ),
    '',
  ].join('\n');
}
