// `npm run backup`, `npm run restore` and `npm run owner:password`: one of the API's own commands,
// run from its TypeScript through tsx on a Node the shop supports (fetched into .runtime/ once,
// as `npm start` does, when the machine's own is older, such as Debian 12's 18).
//   node scripts/api-command.mjs <the command's .ts file> [its arguments]
import { ensureNode, run } from './lib.mjs';

await ensureNode();
const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/api-command.mjs <file.ts> [arguments]');
  process.exit(2);
}
process.exit(await run(process.execPath, ['--import', 'tsx', file, ...args]));
