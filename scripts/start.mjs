// `npm start`: install what is missing, build the storefront and the API when needed, then run
// the built API (decision 018), in development and production alike. The API migrates and seeds
// its database and creates the owner account as it starts.
// `npm run dev` runs the API from its TypeScript (tsx) and Vite's dev server (hot reload) instead.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  API_BUNDLE,
  API_NODE_FLAGS,
  ensureApiBuild,
  ensureDependencies,
  ensureNode,
  ensureWebBuild,
  log,
  root,
} from './lib.mjs';

const dev = process.argv.includes('--dev');
// Installs and builds what is missing or stale, then stops: a deployment builds as the shop's
// user before it (re)starts the service, which may write nothing but its data (deploy/README.md).
const buildOnly = process.argv.includes('--build');

await ensureNode();
ensureDependencies();
if (!dev) {
  ensureWebBuild();
  ensureApiBuild();
}
if (buildOnly) {
  log('Built: start the shop with `npm start` or its service');
  process.exit(0);
}

log(dev ? 'Starting the API and the storefront dev server' : 'Starting the shop');
const apiArgs = dev
  ? ['--import', 'tsx', join('apps', 'api', 'src', 'main.ts')]
  : [...API_NODE_FLAGS, API_BUNDLE];
const children = [
  spawn(process.execPath, apiArgs, { cwd: root, stdio: 'inherit', env: process.env }),
];
if (dev) {
  children.push(
    spawn(join(root, 'node_modules', '.bin', 'vite'), [], {
      cwd: join(root, 'apps', 'web'),
      stdio: 'inherit',
      env: { ...process.env, VITE_API_ORIGIN: `http://localhost:${process.env.PORT ?? 3000}` },
    }),
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
for (const child of children) {
  child.on('exit', (code, signal) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(signal ? 0 : (code ?? 0));
  });
}
