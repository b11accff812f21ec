import { assertKey, type ImageStorage, keyAfter, s3PublicBase } from './storage';

export interface S3StorageConfig {
  bucket: string;
  /** an S3-compatible service (R2, MinIO, Spaces…); null is AWS itself */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** where the bucket is read from by browsers (a CDN); null reads it from the endpoint */
  publicUrl: string | null;
}

/** Names change when content does, so a stored picture may be cached for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Any S3-compatible store, through the AWS SDK. The bucket (or the CDN) must allow public reads.
 * The SDK is loaded only here: imported at start it held about 20 MB of a process that stores its
 * pictures on disk.
 */
export async function createS3Storage(
  config: S3StorageConfig,
): Promise<ImageStorage & { close(): void }> {
  const { DeleteObjectsCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
  });
  const base = `${s3PublicBase(config)}/`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      return `${base}${key}`;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      for (const key of keys) assertKey(key);
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
      if (failed.length > 0) {
        throw new Error(`S3 kept ${failed.length} file(s): ${failed[0]?.Code} ${failed[0]?.Key}`);
      }
    },
    keyOf: (url) => keyAfter(base, url),
    close: () => client.destroy(),
  };
}
