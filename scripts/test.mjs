// `npm test`: install what is missing, then run every check: types, lint, unit, API (on PGlite,
// and again on PostgreSQL when TEST_DATABASE_URL is set), the production build, and the browser
// journeys in a real Chromium. No suite is skipped silently. Each suite's heading and summary line
// name the Node it ran on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies, ensureNode, ensureWebBuild, log, root, run, runSync } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `Chromium was not found at ${CHROMIUM}. The browser journeys need it. Install Debian's chromium ` +
        '(sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
    );
    process.exit(1);
  }
  log("Installing Debian's chromium for the browser journeys");
  if (
    runSync('apt-get', ['update', '-qq']) !== 0 ||
    runSync('apt-get', ['install', '-y', '-qq', 'chromium']) !== 0
  ) {
    console.error('Installing chromium with apt-get failed; see the output above.');
    process.exit(1);
  }
}

await ensureNode();
ensureDependencies();
ensureChromium();

const bin = (name) => `${root}/node_modules/.bin/${name}`;

const suites = [
  { name: 'types: domain', command: bin('tsc'), args: ['--noEmit', '-p', 'packages/domain'] },
  { name: 'types: api', command: bin('tsc'), args: ['--noEmit', '-p', 'apps/api'] },
  { name: 'types: web', command: bin('tsc'), args: ['--noEmit', '-p', 'apps/web'] },
  { name: 'types: e2e', command: bin('tsc'), args: ['--noEmit', '-p', 'e2e'] },
  { name: 'lint and format', command: bin('biome'), args: ['check', '.'] },
  {
    // The rule's own tests plant crossing imports in a scratch tree, then check this repository.
    name: 'import boundaries',
    command: process.execPath,
    args: ['--test', 'scripts/check-boundaries.test.mjs'],
  },
  {
    // What `npm start` runs: the API bundled by esbuild, started on a fresh PGlite.
    name: 'api: the built bundle',
    command: process.execPath,
    args: ['--test', 'scripts/api-bundle.test.mjs'],
  },
  { name: 'unit: domain', command: bin('vitest'), args: ['run'], cwd: `${root}/packages/domain` },
  { name: 'unit: storefront', command: bin('vitest'), args: ['run'], cwd: `${root}/apps/web` },
  {
    name: 'api: embedded PGlite',
    command: bin('vitest'),
    args: ['run'],
    cwd: `${root}/apps/api`,
    env: { API_TEST_DB: 'pglite' },
  },
];

if (process.env.TEST_DATABASE_URL) {
  suites.push({
    name: 'api: PostgreSQL server',
    command: bin('vitest'),
    args: ['run'],
    cwd: `${root}/apps/api`,
    env: { API_TEST_DB: 'postgres' },
  });
} else {
  log('TEST_DATABASE_URL is not set: the API suite runs on the embedded PGlite only');
}

if (!process.env.TEST_REDIS_URL) {
  log('TEST_REDIS_URL is not set: the shared rate-limit test on Redis is skipped');
}

suites.push({
  name: 'browser journeys (Chromium)',
  before: () => ensureWebBuild({ force: true }),
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

const results = [];
for (const suite of suites) {
  const node = nodeVersionFor(suite);
  log(`${suite.name} (Node ${node})`);
  const started = Date.now();
  suite.before?.();
  const code = await run(suite.command, suite.args, { cwd: suite.cwd, env: suite.env });
  results.push({ name: suite.name, node, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

log('Summary');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}  (${r.seconds.toFixed(1)} s, Node ${r.node})`,
  );
}
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
