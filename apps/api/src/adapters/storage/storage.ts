/**
 * Where uploaded pictures live. Keys are paths such as `products/<name>.webp`; the storage turns
 * a key into the public URL kept in the database, and a URL of its own back into a key.
 */
export interface ImageStorage {
  kind: 'local' | 's3';
  /** Stores one file under `key` (replacing any) and gives its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Deletes the files under `keys`; a key with no file is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The key of a URL this storage gives out, or null for any other URL (a demo picture, a typo). */
  keyOf(url: string): string | null;
}

/** Keys are made by the server: folders and names of letters, digits, `-`, `_` and one dot. */
const KEY = /^(?:[a-z0-9_-]+\/)*[a-zA-Z0-9_-]+\.[a-z0-9]{1,8}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/** The key after `prefix` in `url`, when it is one, or null. */
export function keyAfter(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return KEY.test(key) ? key : null;
}

/** The URL the bucket's objects are read from, without a trailing slash. */
export function s3PublicBase(config: {
  bucket: string;
  endpoint: string | null;
  region: string;
  publicUrl: string | null;
}): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (config.endpoint) return `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`;
  const region = config.region === 'auto' ? 'us-east-1' : config.region;
  return `https://${config.bucket}.s3.${region}.amazonaws.com`;
}
