import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { createImageStorage } from './create-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage, IMMUTABLE_CACHE_CONTROL } from './s3-storage';
import { type ImageStorage, s3PublicBase } from './storage';
import { type LocalS3, startLocalS3 } from './test-s3';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'mm-uploads-'));
let s3: LocalS3;
let s3Storage: Awaited<ReturnType<typeof createS3Storage>>;

beforeAll(async () => {
  s3 = await startLocalS3();
  s3Storage = await createS3Storage(s3.config);
});
afterAll(async () => {
  s3Storage?.close();
  await s3?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** What a browser gets for a stored URL: local URLs are read from the folder the app serves. */
async function read(
  storage: ImageStorage,
  url: string,
): Promise<{ status: number; body?: Buffer; type?: string | null; cache?: string | null }> {
  if (storage.kind === 'local') {
    const file = path.join(uploadsDir, url.replace(/^\/uploads\//, ''));
    const body = await readFile(file).catch(() => null);
    return body ? { status: 200, body } : { status: 404 };
  }
  const response = await fetch(url);
  if (!response.ok) return { status: response.status };
  return {
    status: 200,
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
  };
}

const stores: [string, () => ImageStorage][] = [
  ['local disk', () => createLocalStorage(uploadsDir)],
  ['s3rver', () => s3Storage],
];

describe.each(stores)('image storage on %s', (_name, storageOf) => {
  const bytes = Buffer.from('RIFF....WEBPVP8 pretend');

  it('puts a file, gives its URL and reads back its key', async () => {
    const storage = storageOf();
    const url = await storage.put('products/abc123-640.webp', bytes, 'image/webp');
    if (storage.kind === 'local') expect(url).toBe('/uploads/products/abc123-640.webp');
    else expect(url).toBe(`${s3.config.endpoint}/${s3.config.bucket}/products/abc123-640.webp`);
    expect(storage.keyOf(url)).toBe('products/abc123-640.webp');
    const got = await read(storage, url);
    expect(got.status).toBe(200);
    expect(got.body?.equals(bytes)).toBe(true);
    if (storage.kind === 's3') {
      expect(got.type).toBe('image/webp');
      expect(got.cache).toBe(IMMUTABLE_CACHE_CONTROL);
    }
  });

  it('deletes several files at once, and a missing one is no error', async () => {
    const storage = storageOf();
    const urls = await Promise.all(
      ['a', 'b', 'c'].map((n) => storage.put(`banners/${n}-320.webp`, bytes, 'image/webp')),
    );
    await storage.delete(['banners/a-320.webp', 'banners/b-320.webp', 'banners/none-320.webp']);
    expect((await read(storage, urls[0] as string)).status).toBe(404);
    expect((await read(storage, urls[1] as string)).status).toBe(404);
    expect((await read(storage, urls[2] as string)).status).toBe(200);
    await storage.delete([]);
  });

  it('refuses keys it did not make, and URLs that are not its own', async () => {
    const storage = storageOf();
    for (const key of ['../secret.webp', 'products/../../x.webp', '/abs.webp', 'a b.webp', '']) {
      await expect(storage.put(key, bytes, 'image/webp')).rejects.toThrow(/not a storage key/);
      await expect(storage.delete([key])).rejects.toThrow(/not a storage key/);
    }
    expect(storage.keyOf('https://elsewhere.example.com/products/a-320.webp')).toBeNull();
    expect(storage.keyOf('/uploads/../db/x.webp')).toBeNull();
  });
});

describe('storage from the environment', () => {
  it('is local by default and S3 with STORAGE=s3, read through S3_PUBLIC_URL when set', async () => {
    const base = { NODE_ENV: 'test', DATA_DIR: uploadsDir };
    expect((await createImageStorage(loadConfig(base))).kind).toBe('local');
    const viaCdn = loadConfig({
      ...base,
      ...s3.env,
      S3_PUBLIC_URL: 'https://images.example.com/shop/',
    });
    expect(viaCdn.storage).toMatchObject({
      kind: 's3',
      publicUrl: 'https://images.example.com/shop',
    });
    const storage = await createImageStorage(viaCdn);
    const url = await storage.put('products/cdn-640.webp', Buffer.from('x'), 'image/webp');
    expect(url).toBe('https://images.example.com/shop/products/cdn-640.webp');
    expect(storage.keyOf(url)).toBe('products/cdn-640.webp');
    storage.close();
    expect(() => loadConfig({ ...base, ...s3.env, S3_PUBLIC_URL: 'ftp://x' })).toThrow(
      /S3_PUBLIC_URL/,
    );
  });

  it('reads AWS buckets from their own address when no endpoint is given', () => {
    expect(
      s3PublicBase({ bucket: 'mm', endpoint: null, region: 'ap-south-1', publicUrl: null }),
    ).toBe('https://mm.s3.ap-south-1.amazonaws.com');
  });
});
