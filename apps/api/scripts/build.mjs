// Builds the API into one JavaScript file, dist/main.js (decision 018): its TypeScript and the
// @makhana/domain sources it imports, bundled by esbuild; every npm package stays an import of
// node_modules, so native and wasm packages (sharp, PGlite) load as they were installed.
//
//   node apps/api/scripts/build.mjs [outfile]    (default apps/api/dist/main.js)
//
// The bundle reads its data files (migrations, pincode directory, demo pictures) from the source
// tree through src/paths.ts, so an outfile must stay inside apps/api.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundled: the shop's own workspace package, and drizzle-orm, whose ESM build (hundreds of modules
 * joined by `export *`) costs Node 24 about 2.5 s and 200 MB of heap to link when imported as is.
 */
const BUNDLED = ['@makhana', 'drizzle-orm'];

/** Every other bare import stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildApi(outfile = join(apiDir, 'dist', 'main.js')) {
  await build({
    entryPoints: [join(apiDir, 'src', 'main.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    // Stack traces name the source file and line; the sources themselves need not be in memory.
    sourcesContent: false,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildApi(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
