// Helpers shared by the two commands. Plain Node, no dependencies: they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\n\x1b[1m▸ ${message}\x1b[0m\n`);
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node ${process.versions.node} is too old: the shop needs Node 20.19 or newer.`);
    process.exit(1);
  }
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

/** Installs dependencies when they are missing or older than the lock file. */
export function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs;
  if (!stale) return;
  log('Installing dependencies (npm ci)');
  if (runSync('npm', ['ci', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(1);
  }
}

/** Builds the storefront when its build is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const web = join(root, 'apps', 'web');
  const built = join(web, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(join(web, 'src')),
    newestMtime(join(web, 'public')),
    newestMtime(join(web, 'index.html')),
    newestMtime(join(web, 'vite.config.ts')),
    newestMtime(join(root, 'packages', 'domain', 'src')),
    newestMtime(join(root, 'package-lock.json')),
  );
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('Building the storefront');
  if (runSync('npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
    console.error('The storefront build failed; see the output above.');
    process.exit(1);
  }
}
