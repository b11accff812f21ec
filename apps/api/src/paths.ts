import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the API's package.json (apps/api), found by walking up from this module, so
 * the same answer comes whether the code runs from its TypeScript sources (tsx, tests) or from the
 * bundle in dist/ (decision 018), where every module shares the bundle's one `import.meta.url`.
 */
function packageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const API_DIR = packageDir(path.dirname(fileURLToPath(import.meta.url)));

/** The repository root: DATA_DIR, .env and the storefront build are found relative to it. */
export const REPO_ROOT = path.resolve(API_DIR, '../..');

/** Files the API reads at run time, kept in the source tree rather than copied into the bundle. */
export const MIGRATIONS_DIR = path.join(API_DIR, 'src/db/migrations');
/** the demo pictures, copied to DATA_DIR/uploads/demo at start */
export const DEMO_IMAGES_DIR = path.join(API_DIR, 'seed/images');
export const PINCODE_DIRECTORY_FILE = path.join(
  API_DIR,
  'src/adapters/pincode/india-pincodes.json',
);
