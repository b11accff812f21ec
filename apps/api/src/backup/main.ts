/**
 * `npm run backup [FILE]` and `npm run restore FILE [--force]`, with the shop's own configuration
 * (`.env`, DATA_DIR, DATABASE_URL, STORAGE) and database code. Decision 040.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, type Environment, loadDotenvFile } from '../config/config';
import { runBackup } from './backup';
import { BackupError } from './errors';
import { runRestore } from './restore';

export const USAGE = [
  'npm run backup [FILE]           the database, pictures and private files in one file',
  '                                (default: makhana-backup-<time>.tar in this folder)',
  'npm run restore FILE [--force]  restores FILE into the configured database and DATA_DIR;',
  '                                --force replaces a database that has orders',
].join('\n');

export type Command =
  | { command: 'backup'; file: string | null }
  | { command: 'restore'; file: string; force: boolean }
  | { command: 'help' };

/**
 * The command line after `main.ts`. npm takes a `--force` typed after `npm run restore FILE` as
 * its own and passes it on only as npm_config_force=true in the environment, so that counts too,
 * as does `npm run restore FILE -- --force`.
 */
export function parseCommand(argv: string[], env: Environment): Command {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') {
    throw new BackupError(`Expected backup or restore, not ${command ?? 'nothing'}.\n${USAGE}`);
  }
  let force = command === 'restore' && env.npm_config_force === 'true';
  const files: string[] = [];
  for (const arg of rest) {
    if (arg === '--help' || arg === '-h') return { command: 'help' };
    if (arg === '--force' && command === 'restore') force = true;
    else if (arg.startsWith('-')) throw new BackupError(`Unknown option ${arg}.\n${USAGE}`);
    else files.push(arg);
  }
  if (files.length > 1)
    throw new BackupError(`One file at a time, not ${files.join(' ')}.\n${USAGE}`);
  if (command === 'backup') return { command, file: files[0] ?? null };
  const [file] = files;
  if (!file) throw new BackupError(`Name the backup file to restore.\n${USAGE}`);
  return { command, file, force };
}

async function main(argv: string[], env: Environment): Promise<void> {
  const parsed = parseCommand(argv, env);
  // npm runs scripts at the repository's root; a relative FILE is where the command was typed.
  const cwd = env.INIT_CWD ?? process.cwd();
  const say = (line: string) => console.log(line);
  if (parsed.command === 'help') say(USAGE);
  else if (parsed.command === 'backup') await runBackup({ env, file: parsed.file, cwd, say });
  else await runRestore({ env, file: parsed.file, force: parsed.force, cwd, say });
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  loadDotenvFile();
  main(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (error: unknown) => {
      // Refusals and bad settings say what to do; print them plainly, without a stack.
      if (error instanceof BackupError || error instanceof ConfigError)
        console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
