import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type ImageStorage, keyAfter } from './storage';

/** The URL path the app serves `DATA_DIR/uploads` under (plugins/static-files.ts). */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Files under `DATA_DIR/uploads`, served by the app itself at `/uploads/<key>`. */
export function createLocalStorage(uploadsDir: string): ImageStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(uploadsDir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a picture.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    keyOf: (url) => keyAfter(UPLOADS_URL_PREFIX, url),
  };
}
