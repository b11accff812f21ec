/**
 * The backup file: one uncompressed tar holding the database's dump, `uploads/` and `private/`
 * as they are in DATA_DIR, and manifest.json last, with the size and SHA-256 of every other file.
 * Its members are compressed already (pg_dump's format, PGlite's gzip, WebP and JPEG pictures), so
 * gzip over the whole would spend the CPU for nothing (decision 040).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { BackupError } from './errors';
import { type FileEntry, MANIFEST_FILE, type Manifest, parseManifest } from './manifest';

/** The folders of DATA_DIR a backup holds. */
export const FILE_FOLDERS = ['uploads', 'private'] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];

/** The largest manifest read: thousands of pictures make a few megabytes. */
const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * Leaves out what the shop is half way through writing: a picture's `.partial` and a complaint's
 * `.<name>.tmp`, both renamed into place once whole; and anything but files and folders.
 */
function keptOnDisk(name: string, stats: { isFile(): boolean; isDirectory(): boolean }): boolean {
  const base = path.basename(name);
  if (base.endsWith('.partial') || (base.startsWith('.') && base.endsWith('.tmp'))) return false;
  return stats.isFile() || stats.isDirectory();
}

/**
 * Writes the backup to `file` (through `file.partial`, renamed once whole, so a file of that name
 * is always complete): the database's dump from `staging`, the folders from `dataDir`, then the
 * manifest with the checksums read back from what was written. Readable by its owner only: it
 * holds the customers' data and the owner's password hash.
 */
export async function writeArchive(options: {
  file: string;
  staging: string;
  databaseFile: string;
  dataDir: string;
  folders: readonly FileFolder[];
  manifest: Omit<Manifest, 'files'>;
}): Promise<Manifest> {
  const partial = `${options.file}.partial`;
  try {
    // Made readable by its owner only from the first byte, the umask permitting no more.
    await tar.c({ file: partial, cwd: options.staging, portable: true, mode: 0o600 }, [
      options.databaseFile,
    ]);
    for (const folder of options.folders) {
      if (!existsSync(path.join(options.dataDir, folder))) continue;
      await tar.r(
        {
          file: partial,
          cwd: options.dataDir,
          portable: true,
          filter: (name, stats) =>
            keptOnDisk(name, stats as { isFile(): boolean; isDirectory(): boolean }),
        },
        [folder],
      );
    }
    // Read back from the file, so the checksums are of what the file holds, even of a picture
    // that changed while it was being copied.
    const { entries } = await readMembers(partial, options.file);
    const files: Record<string, FileEntry> = {};
    for (const [name, entry] of entries) {
      if (entry.type === 'File') files[name] = { bytes: entry.bytes, sha256: entry.sha256 };
    }
    const manifest: Manifest = { ...options.manifest, files };
    await writeFile(
      path.join(options.staging, MANIFEST_FILE),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    await tar.r({ file: partial, cwd: options.staging, portable: true }, [MANIFEST_FILE]);
    await rename(partial, options.file);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

interface Member {
  type: 'File' | 'Directory' | string;
  bytes: number;
  sha256: string;
}

/** Every member's type, size and SHA-256, and manifest.json's text, read in one pass. */
async function readMembers(
  file: string,
  shownAs: string,
): Promise<{
  entries: Map<string, Member>;
  manifestText: string | null;
  duplicate: string | null;
}> {
  const entries = new Map<string, Member>();
  let manifestText: string | null = null;
  let duplicate: string | null = null;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry(entry) {
        const name = entry.path.replace(/\/$/, '');
        if (entries.has(name)) duplicate ??= name;
        const type = entry.type === 'OldFile' ? 'File' : entry.type;
        const member: Member = { type, bytes: entry.size ?? 0, sha256: '' };
        entries.set(name, member);
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let kept = 0;
        entry.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          if (name === MANIFEST_FILE && kept < MANIFEST_LIMIT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        entry.on('end', () => {
          member.sha256 = hash.digest('hex');
          if (name === MANIFEST_FILE) manifestText = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`${shownAs} does not exist.`);
    }
    throw new BackupError(
      `${shownAs} is not a backup of this shop, or it is damaged: it cannot be read as a tar archive (${reason}). Nothing was changed.`,
    );
  }
  return { entries, manifestText, duplicate };
}

/** A member's name as a backup writes it: the manifest, the dump, or a path under a folder. */
function expectedName(name: string, databaseFile: string): boolean {
  if (name === MANIFEST_FILE || name === databaseFile) return true;
  const parts = name.split('/');
  if (!FILE_FOLDERS.includes(parts[0] as FileFolder)) return false;
  return parts.every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * Reads the whole file and checks it against its manifest before anything is touched: a
 * foreign file, a member changed, added or missing is refused, naming it.
 */
export async function verifyArchive(file: string, shownAs = file): Promise<Manifest> {
  const { entries, manifestText, duplicate } = await readMembers(file, shownAs);
  if (manifestText === null) {
    throw new BackupError(
      `${shownAs} is not a backup of this shop: it holds no manifest.json. Nothing was changed.`,
    );
  }
  const manifest = parseManifest(manifestText, shownAs);
  const damaged = (what: string) =>
    new BackupError(`${shownAs} is damaged: ${what}. Nothing was changed.`);
  if (duplicate) throw damaged(`it holds ${duplicate} twice`);
  for (const [name, member] of entries) {
    if (name === MANIFEST_FILE) continue;
    if (!expectedName(name, manifest.database.file)) {
      throw damaged(`it holds ${name}, which no backup of this shop holds`);
    }
    if (member.type === 'Directory') continue;
    if (member.type !== 'File') throw damaged(`${name} is a ${member.type}, not a file`);
    const listed = manifest.files[name];
    if (!listed) throw damaged(`it holds ${name}, which its manifest does not list`);
    if (listed.bytes !== member.bytes || listed.sha256 !== member.sha256) {
      throw damaged(`${name} differs from its checksum in the manifest`);
    }
  }
  for (const name of Object.keys(manifest.files)) {
    if (!entries.has(name)) throw damaged(`${name}, listed in its manifest, is missing`);
  }
  if (!manifest.files[manifest.database.file]) {
    throw damaged(`its database, ${manifest.database.file}, is missing`);
  }
  return manifest;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Extracts the verified file's members into `dest` (never the manifest, never a link), then
 * checks every extracted file again: what is restored is what was verified, even if the backup
 * file changed in between.
 */
export async function extractArchive(
  file: string,
  dest: string,
  manifest: Manifest,
  shownAs = file,
): Promise<void> {
  await tar.x({
    file,
    cwd: dest,
    strict: true,
    preserveOwner: false,
    filter: (name, entry) => {
      const kind = 'type' in entry ? entry.type : null;
      return (
        name !== MANIFEST_FILE && (kind === 'File' || kind === 'OldFile' || kind === 'Directory')
      );
    },
  });
  for (const [name, listed] of Object.entries(manifest.files)) {
    const target = path.join(dest, name);
    const size = existsSync(target) ? (await stat(target)).size : -1;
    if (size !== listed.bytes || (await sha256Of(target)) !== listed.sha256) {
      throw new BackupError(
        `${shownAs} changed while it was being restored (${name} differs from its checksum). Nothing was changed.`,
      );
    }
  }
}
