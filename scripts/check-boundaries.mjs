// The import rules that keep the code's rooms apart, checked on every `npm run lint` and
// `npm test` rather than remembered:
// - storefront: a feature never imports another feature, its api/ calls included (a call several
//   features need lives in src/api/); lib, components, stores and api never import a feature;
//   nothing below app/ imports app/ (the direction is shared -> features -> app); api/ never
//   imports stores/ (slices import the thunks in api/, so the reverse would be a cycle);
// - API: a module that has an index.ts is entered only through it from outside the module, and
//   every module has one (so no module is left unchecked).
// Plain Node with no dependencies: it reads import specifiers as text and resolves relative ones.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results']);
// `from '...'`, `import '...'`, `import('...')`, `export ... from '...'`; one quoted run each, so
// nothing here can backtrack.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]{1,300})\1/g;

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry)) yield path;
  }
}

/** Relative import specifiers of a file, with the line each stands on. */
export function relativeImports(text) {
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2];
    if (!specifier.startsWith('.')) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ specifier, line });
  }
  return found;
}

/** `a/b/c` parts of a path below `base`, or null when it is not below it. */
function partsBelow(base, path) {
  const rel = relative(base, path);
  if (rel === '' || rel.startsWith('..') || resolve(base, rel) !== path) return null;
  return rel.split(sep);
}

/** The storefront's shared rooms: below every feature, so they never import one. */
const SHARED_ROOMS = ['lib', 'components', 'stores', 'api'];

/** The storefront's rule for one import, or null when it is allowed. */
function webViolation(src, from, to) {
  const fromParts = partsBelow(src, from);
  const toParts = partsBelow(src, to);
  if (!fromParts || !toParts) return null;
  const [fromRoom, fromFeature] = fromParts;
  const [toRoom, toFeature, toFolder] = toParts;
  const toFeatureCall = toRoom === 'features' && toFolder === 'api' && toParts.length > 3;
  if (toRoom === 'features' && fromRoom === 'features' && fromFeature !== toFeature) {
    return toFeatureCall
      ? `feature "${fromFeature}" imports a call of feature "${toFeature}": a call several features need belongs in api/`
      : `feature "${fromFeature}" imports feature "${toFeature}": move what both need to components/ or lib/`;
  }
  if (toRoom === 'features' && SHARED_ROOMS.includes(fromRoom)) {
    return toFeatureCall
      ? `${fromRoom}/ imports a call of feature "${toFeature}": a call shared code needs belongs in api/`
      : `${fromRoom}/ imports feature "${toFeature}": shared code must not depend on a feature`;
  }
  if (toRoom === 'app' && ['features', ...SHARED_ROOMS].includes(fromRoom)) {
    return `${fromRoom}/ imports app/: the app composes the rest, never the reverse`;
  }
  if (fromRoom === 'api' && toRoom === 'stores') {
    return 'api/ imports stores/: slices import the thunks in api/, never the reverse';
  }
  return null;
}

/** The API's rule for one import, or null when it is allowed. */
function apiViolation(modulesDir, from, to) {
  const toParts = partsBelow(modulesDir, to);
  if (!toParts || toParts.length < 2) return null;
  const [toModule] = toParts;
  const fromParts = partsBelow(modulesDir, from);
  if (fromParts && fromParts[0] === toModule) return null;
  const moduleDir = join(modulesDir, toModule);
  if (!existsSync(join(moduleDir, 'index.ts'))) return null;
  const entered = relative(moduleDir, to).replace(/\.(ts|js)$/, '');
  if (entered === 'index') return null;
  return `imports "${entered}" inside module "${toModule}": enter it through its index.ts`;
}

/** Every broken rule under `root` (a repository, or a test's copy of its shape). */
export function checkBoundaries(root) {
  const webSrc = join(root, 'apps', 'web', 'src');
  const apiSrc = join(root, 'apps', 'api', 'src');
  const modulesDir = join(apiSrc, 'modules');
  const problems = [];
  const check = (dir, rule) => {
    for (const file of sourceFiles(dir)) {
      for (const { specifier, line } of relativeImports(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), specifier);
        const problem = rule(file, target);
        if (problem) problems.push(`${relative(root, file)}:${line}: ${problem}`);
      }
    }
  };
  check(webSrc, (from, to) => webViolation(webSrc, from, to));
  check(apiSrc, (from, to) => apiViolation(modulesDir, from, to));
  return problems;
}

/** Module folders under apps/api/src/modules without an index.ts: nothing would guard them. */
export function modulesWithoutIndex(root) {
  const modulesDir = join(root, 'apps', 'api', 'src', 'modules');
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir)
    .filter((entry) => statSync(join(modulesDir, entry)).isDirectory())
    .filter((entry) => !existsSync(join(modulesDir, entry, 'index.ts')))
    .map(
      (entry) =>
        `${relative(root, join(modulesDir, entry))}: a module needs an index.ts, its only way in`,
    );
}

const runDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = [...modulesWithoutIndex(root), ...checkBoundaries(root)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} boundary problem(s): imports that cross one, or modules without an index.ts.`,
    );
    process.exit(1);
  }
  console.log('Import boundaries: no import crosses a boundary.');
}
