// `npm run seed:scale`: loads 10,000 products, 50,000 customers and 100,000 orders into the
// configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), through the
// API's own client and migrations (apps/api/scripts/seed-scale.ts). Flags: --small (a handful,
// for a quick look), --force (load over existing orders), --if-empty (skip a database with orders).
import { join } from 'node:path';
import { ensureDependencies, ensureNode, log, root, run } from './lib.mjs';

await ensureNode();
ensureDependencies();
log('Loading the shop at scale');
const loader = join(root, 'apps', 'api', 'scripts', 'seed-scale.ts');
process.exit(await run(process.execPath, ['--import', 'tsx', loader, ...process.argv.slice(2)]));
