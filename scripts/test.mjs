// `npm test`: install what is missing, then run every check: types, lint, unit, API (on PGlite,
// and again on PostgreSQL when TEST_DATABASE_URL is set), the production build, the shop behind
// deploy/'s nginx site (when nginx is installed), and the browser journeys in a real Chromium.
// No suite is skipped silently. Each suite's heading and summary line
// name the Node it ran on.
//
// The quick suites (types, lint, unit) run side by side, one per core, each one's output held back
// and printed whole when it ends. The bundle (which must start within a deadline), the API suites
// and the journeys, which use every core themselves, then run one after another with their output
// as it comes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ensureDependencies, ensureNode, log, root, run, runSync } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine's programs the tests use, each with the Debian package that has it. */
const TOOLS = [
  { path: CHROMIUM, pkg: 'chromium', why: 'the browser journeys run in it' },
  {
    path: '/usr/bin/pdftotext',
    pkg: 'poppler-utils',
    why: "the invoice tests read the shop's PDFs with it",
  },
];

function ensureTools() {
  const missing = TOOLS.filter((tool) => !existsSync(tool.path));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.pkg);
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    for (const tool of missing) {
      console.error(`${tool.path} was not found: ${tool.why}.`);
    }
    console.error(
      `Install Debian's ${packages.join(' and ')} (sudo apt-get install -y ${packages.join(' ')})` +
        ' (or set CHROMIUM_PATH to a Chromium binary), then run npm test again.',
    );
    process.exit(1);
  }
  log(`Installing Debian's ${packages.join(' and ')} for the tests`);
  if (
    runSync('apt-get', ['update', '-qq']) !== 0 ||
    runSync('apt-get', ['install', '-y', '-qq', ...packages]) !== 0
  ) {
    console.error(
      `Installing ${packages.join(' and ')} with apt-get failed; see the output above.`,
    );
    process.exit(1);
  }
}

await ensureNode();
ensureDependencies();
ensureTools();

const bin = (name) => `${root}/node_modules/.bin/${name}`;

// `parallel`: a quick suite, run beside the others before the long ones; `slow`: among those, one
// of the longest, started first so that the short ones fill the gaps.
const suites = [
  {
    name: 'types: domain',
    parallel: true,
    command: bin('tsc'),
    args: ['--noEmit', '-p', 'packages/domain'],
  },
  {
    name: 'types: api',
    parallel: true,
    slow: true,
    command: bin('tsc'),
    args: ['--noEmit', '-p', 'apps/api'],
  },
  {
    name: 'types: web',
    parallel: true,
    slow: true,
    command: bin('tsc'),
    args: ['--noEmit', '-p', 'apps/web'],
  },
  { name: 'types: e2e', parallel: true, command: bin('tsc'), args: ['--noEmit', '-p', 'e2e'] },
  { name: 'lint and format', parallel: true, command: bin('biome'), args: ['check', '.'] },
  {
    // The rule's own tests plant crossing imports in a scratch tree, then check this repository;
    // and `npm run reset` on a scratch data folder.
    name: 'import boundaries and reset',
    parallel: true,
    command: process.execPath,
    args: ['--test', 'scripts/check-boundaries.test.mjs', 'scripts/reset.test.mjs'],
  },
  {
    // What `npm start` runs: the API bundled by esbuild, started on a fresh PGlite.
    name: 'api: the built bundle',
    // Not beside the others: the bundle has 25 s to start a fresh PGlite and seed it.
    command: process.execPath,
    args: ['--test', 'scripts/api-bundle.test.mjs'],
  },
  {
    name: 'unit: domain',
    parallel: true,
    command: bin('vitest'),
    args: ['run'],
    cwd: `${root}/packages/domain`,
  },
  {
    name: 'unit: storefront',
    parallel: true,
    slow: true,
    command: bin('vitest'),
    args: ['run'],
    cwd: `${root}/apps/web`,
  },
  {
    name: 'api: embedded PGlite',
    command: bin('vitest'),
    args: ['run'],
    cwd: `${root}/apps/api`,
    env: { API_TEST_DB: 'pglite' },
  },
];

if (process.env.TEST_DATABASE_URL) {
  suites.push(
    {
      name: 'api: PostgreSQL server',
      command: bin('vitest'),
      args: ['run'],
      cwd: `${root}/apps/api`,
      env: { API_TEST_DB: 'postgres' },
    },
    {
      // The built bundle with two workers and METRICS_PORT: the primary sums their metrics.
      name: "metrics: a cluster's, summed by its primary",
      command: process.execPath,
      args: ['--test', 'scripts/cluster-metrics.test.mjs'],
    },
    {
      // The built bundle with two workers under paid checkouts, one worker killed and PostgreSQL
      // lost mid-run (a database of its own on that server), then the invariants: about 70 s.
      name: 'crash: a worker killed and PostgreSQL lost mid-checkout',
      command: process.execPath,
      args: ['--test', 'scripts/crash.test.mjs'],
    },
  );
} else {
  log(
    'TEST_DATABASE_URL is not set: the API suite runs on the embedded PGlite only, and the crash test (a worker killed and PostgreSQL lost mid-checkout) is skipped',
  );
}

// Debian's nginx and its brotli module, which deploy/nginx/makhana-shop.conf needs.
const NGINX = ['/usr/sbin/nginx', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'];
if (NGINX.every((path) => existsSync(path))) {
  suites.push({
    // The production bundle behind deploy/'s nginx site on local ports, with a self-signed
    // certificate: pages, assets, uploads, the webhook and the rate limits through it. About 30 s.
    name: 'deployment: the shop behind nginx',
    needsWebBuild: true,
    command: process.execPath,
    args: ['--test', 'scripts/deploy.test.mjs'],
  });
} else {
  log(
    "nginx or its brotli module is not installed (Debian's nginx and libnginx-mod-http-brotli-static): the deployment test (the shop behind deploy/nginx) is skipped",
  );
}

if (!process.env.TEST_REDIS_URL) {
  log('TEST_REDIS_URL is not set: the shared rate-limit test on Redis is skipped');
}

suites.push({
  name: 'browser journeys (Chromium)',
  // Built fresh beside the quick suites.
  needsWebBuild: true,
  command: bin('playwright'),
  args: ['test'],
  cwd: `${root}/e2e`,
  env: { CHROMIUM_PATH: CHROMIUM },
});

/**
 * The Node a suite runs on, asked of the suite's own environment: the tools' bin shims start with
 * `#!/usr/bin/env node` and Playwright's web server runs `node`, so the PATH they get decides.
 */
function nodeVersionFor(suite) {
  const result = spawnSync('node', ['--version'], {
    cwd: suite.cwd ?? root,
    env: { ...process.env, ...suite.env },
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : 'no node on PATH';
}

/** Runs a command with its output (stdout and stderr, in order) held back; resolves to both. */
function runBuffered(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const chunks = [];
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      // The tools see a pipe, not a terminal: keep their colours when this run has a terminal.
      env: {
        ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
        ...process.env,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const done = (code) => resolvePromise({ code, output: Buffer.concat(chunks).toString() });
    child.on('close', (code, signal) => done(signal ? 1 : (code ?? 1)));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(127);
    });
  });
}

const results = new Map();

/** The storefront the journeys serve, built again from its sources while the quick suites run. */
const webBuild = {
  name: 'the storefront build for the browser journeys',
  command: 'npm',
  args: ['run', 'build', '-w', 'apps/web'],
};
let webBuilt = false;

async function runQuick(job) {
  const node = nodeVersionFor(job);
  const started = Date.now();
  const { code, output } = await runBuffered(job.command, job.args, {
    cwd: job.cwd,
    env: job.env,
  });
  const seconds = (Date.now() - started) / 1000;
  log(`${job.name} (Node ${node}, ${seconds.toFixed(1)} s, run beside others)`);
  process.stdout.write(output);
  if (job === webBuild) webBuilt = code === 0;
  else results.set(job, { name: job.name, node, ok: code === 0, seconds });
}

const quick = suites.filter((suite) => suite.parallel);
const queue = [...quick.filter((s) => s.slow), ...quick.filter((s) => !s.slow), webBuild];
const width = Math.min(availableParallelism(), queue.length);
log(`${queue.map((job) => job.name).join(', ')}: ${width} at a time`);
await Promise.all(
  Array.from({ length: width }, async () => {
    while (queue.length > 0) await runQuick(queue.shift());
  }),
);

for (const suite of suites.filter((suite) => !suite.parallel)) {
  const node = nodeVersionFor(suite);
  log(`${suite.name} (Node ${node})`);
  if (suite.needsWebBuild && !webBuilt) {
    console.error('Not run: the storefront build failed (its output is above).');
    results.set(suite, { name: suite.name, node, ok: false, seconds: 0 });
    continue;
  }
  const started = Date.now();
  const code = await run(suite.command, suite.args, { cwd: suite.cwd, env: suite.env });
  const seconds = (Date.now() - started) / 1000;
  results.set(suite, { name: suite.name, node, ok: code === 0, seconds });
}

log('Summary');
const summary = suites.map((suite) => results.get(suite));
for (const r of summary) {
  console.log(
    `${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}  (${r.seconds.toFixed(1)} s, Node ${r.node})`,
  );
}
const failed = summary.filter((r) => !r.ok).length;
console.log(`suites: ${summary.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
