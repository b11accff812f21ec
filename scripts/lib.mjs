// Helpers shared by the two commands. Plain Node, no dependencies: they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\n\x1b[1m▸ ${message}\x1b[0m\n`);
}

// The oldest Node the dependencies accept: Vite's bundler (rolldown) needs 22.12 and jsdom 22.13.
// Keep in step with `engines.node` in package.json.
const MIN_NODE = [22, 13];
const MIN_NODE_TEXT = MIN_NODE.join('.');
// Set in the environment of the re-executed script, so a runtime that still reports an old
// version stops with an error instead of re-executing again and again.
const REEXEC_GUARD = 'MAKHANA_NODE_REEXEC';
const runtimeDir = join(root, '.runtime');
const runtimeManifest = join(root, 'scripts', 'runtime', 'package.json');

function supported(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

export function checkNodeVersion() {
  if (supported(process.versions.node)) return;
  console.error(
    `Node ${process.versions.node} is too old: the shop needs Node ${MIN_NODE_TEXT} or newer ` +
      '(Node 24 LTS recommended).',
  );
  process.exit(1);
}

/** The version a node binary reports, without the "v"; null when it is missing or will not run. */
function versionOf(binary) {
  if (!existsSync(binary)) return null;
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * The Node that scripts/runtime pins for this platform, installed into .runtime/ when it is not
 * there yet. The registry publishes each Node release as a package per platform holding just the
 * binary; `npm ci` against the committed lock file checks it against the lock's integrity hash.
 */
function provisionNode() {
  const pins = JSON.parse(readFileSync(runtimeManifest, 'utf8')).optionalDependencies;
  const os = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${os}-${process.arch}`;
  const version = pins[pkg];
  if (!version) {
    console.error(
      `Node ${process.versions.node} is too old for the shop, and the npm registry has no Node 24 ` +
        `package for ${process.platform}/${process.arch} (known: ${Object.keys(pins).join(', ')}). ` +
        'Install Node 24 LTS (https://nodejs.org) and run the command again.',
    );
    process.exit(1);
  }
  const exe = process.platform === 'win32' ? 'node.exe' : 'node';
  const target = join(runtimeDir, `${pkg}-${version}`);
  const binDir = join(target, 'node_modules', pkg, 'bin');
  const binary = join(binDir, exe);
  // Reuse what an earlier run fetched: running it is the check, no network needed.
  if (versionOf(binary) === version) return { binDir, binary, version };

  log(`Fetching Node ${version} (${pkg}) from the npm registry into .runtime/`);
  mkdirSync(runtimeDir, { recursive: true });
  // Folders left by a fetch that was interrupted.
  for (const entry of readdirSync(runtimeDir)) {
    const staging = /^\.staging-(\d+)$/.exec(entry);
    if (staging && !pidAlive(Number(staging[1])))
      rmSync(join(runtimeDir, entry), { recursive: true, force: true });
  }
  // Installed beside the target and renamed into place, so a half-finished fetch is never taken
  // for a runtime and two commands started together do not install over each other.
  const staging = join(runtimeDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  copyFileSync(runtimeManifest, join(staging, 'package.json'));
  copyFileSync(
    join(dirname(runtimeManifest), 'package-lock.json'),
    join(staging, 'package-lock.json'),
  );
  const started = Date.now();
  const status = runSync(
    'npm',
    ['ci', '--prefix', staging, '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: staging },
  );
  const fetched = versionOf(join(staging, 'node_modules', pkg, 'bin', exe));
  if (status !== 0 || fetched !== version) {
    rmSync(staging, { recursive: true, force: true });
    console.error(
      `Fetching Node ${version} failed (npm ci exited with ${status}; see the output above). ` +
        'Check the connection to the npm registry, or install Node 24 LTS and run the command again.',
    );
    process.exit(1);
  }
  if (versionOf(binary) === version) {
    // Another command finished the same fetch first, and may be running on it: use its copy.
    rmSync(staging, { recursive: true, force: true });
  } else {
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  }
  // Versions pinned before this one.
  for (const entry of readdirSync(runtimeDir)) {
    if (entry.startsWith('node-') && join(runtimeDir, entry) !== target)
      rmSync(join(runtimeDir, entry), { recursive: true, force: true });
  }
  console.log(`Node ${version} is in .runtime/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { binDir, binary, version };
}

/** Runs this same script again on `binary`, first on PATH, and exits as it exits. */
function reexec({ binDir, binary }) {
  const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const env = {
    ...process.env,
    // Every child finds this node first: npm, the tools' `#!/usr/bin/env node` shims,
    // Playwright's web server command.
    [pathKey]: [binDir, process.env[pathKey]].filter(Boolean).join(delimiter),
    [REEXEC_GUARD]: '1',
  };
  // `npm start` and `npm test` record the node npm ran on; point them at the one in use.
  if (env.NODE) env.NODE = binary;
  if (env.npm_node_execpath) env.npm_node_execpath = binary;
  const child = spawn(binary, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  // A terminal's Ctrl-C reaches the whole process group; `kill <pid>` reaches only this process.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Could not start ${binary}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
  });
  // Nothing after this point runs in this process: the child runs the script.
  return new Promise(() => {});
}

/**
 * The first step of every command. On Node 22.13 or newer, carries on with it; on an older Node,
 * fetches the pinned Node 24 LTS once and runs the command on it, so a machine whose node is past
 * its end of life still starts and tests the shop on a supported runtime.
 */
export async function ensureNode() {
  const current = process.versions.node;
  if (process.env[REEXEC_GUARD]) {
    checkNodeVersion();
    return;
  }
  if (supported(current)) {
    log(`Running on Node ${current} (this machine's node)`);
    return;
  }
  const runtime = provisionNode();
  const why =
    Number(current.split('.')[0]) < 22
      ? 'is past its end of life'
      : `is older than the ${MIN_NODE_TEXT} the dependencies need`;
  log(
    `Node ${current} ${why}: running on Node ${runtime.version} from the npm registry (.runtime/)`,
  );
  await reexec(runtime);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** A TCP port free on 127.0.0.1 now, for a server a test is about to start. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** Runs a command in the repository, inheriting the terminal; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env },
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolvePromise(signal ? 1 : (code ?? 1)));
    child.on('error', () => resolvePromise(127));
  });
}

export function runSync(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

// The builds' own tools: an install that left out the development dependencies lacks them.
const BUILD_TOOLS = ['vite', 'esbuild'];

/**
 * Installs dependencies when they are missing, older than the lock file, or lack the build tools.
 * The development dependencies are installed under NODE_ENV=production too (which `npm ci` would
 * otherwise leave out): the shop is built where it runs (decision 018).
 */
export function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale =
    !existsSync(installed) ||
    statSync(lock).mtimeMs > statSync(installed).mtimeMs ||
    BUILD_TOOLS.some((tool) => !existsSync(join(root, 'node_modules', tool, 'package.json')));
  if (!stale) return;
  log('Installing dependencies (npm ci --include=dev)');
  if (runSync('npm', ['ci', '--include=dev', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(1);
  }
}

/** Builds the storefront when its build is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const web = join(root, 'apps', 'web');
  // The page template and the server's render of the same pages, built together.
  const builds = [join(web, 'dist', 'index.html'), join(web, 'dist-ssr', 'entry-server.js')];
  const sources = Math.max(
    newestMtime(join(web, 'src')),
    newestMtime(join(web, 'public')),
    newestMtime(join(web, 'index.html')),
    newestMtime(join(web, 'vite.config.ts')),
    newestMtime(join(root, 'packages', 'domain', 'src')),
    newestMtime(join(root, 'package-lock.json')),
  );
  const upToDate = builds.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources);
  if (!force && upToDate) return;
  log('Building the storefront');
  if (runSync('npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
    console.error('The storefront build failed; see the output above.');
    process.exit(1);
  }
}

export const API_BUNDLE = join(root, 'apps', 'api', 'dist', 'main.js');

/**
 * How `npm start` runs the bundle: stack traces through its source map, and a young generation
 * capped at 8 MB a half, which keeps one process on PostgreSQL at about 140 MB at rest instead of
 * 155 (docs/performance.md, "Start and memory").
 */
export const API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];

/** Builds the API into apps/api/dist/main.js when the bundle is missing or older than its sources. */
export function ensureApiBuild({ force = false } = {}) {
  const api = join(root, 'apps', 'api');
  const sources = Math.max(
    newestMtime(join(api, 'src')),
    newestMtime(join(api, 'scripts', 'build.mjs')),
    newestMtime(join(root, 'packages', 'domain', 'src')),
    newestMtime(join(root, 'package-lock.json')),
  );
  if (!force && existsSync(API_BUNDLE) && statSync(API_BUNDLE).mtimeMs >= sources) return;
  log('Building the API');
  if (runSync(process.execPath, [join(api, 'scripts', 'build.mjs')]) !== 0) {
    console.error('The API build failed; see the output above.');
    process.exit(1);
  }
}

/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How the scripts start Chromium here: headless as root, and without the background connections
 * a closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A bench yardstick's server (a bare server beside the shop) with as many processes as the shop:
 * the primary forks `processes` workers that each run `serve`, and stops them on SIGTERM; one
 * process serves by itself.
 */
export async function serveInProcesses(processes, serve) {
  if (cluster.isPrimary && processes > 1) {
    for (let i = 0; i < processes; i++) cluster.fork();
    process.on('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      process.exit(0);
    });
  } else {
    await serve();
  }
}
