/** A local S3-compatible server for tests (s3rver), with one bucket, and the config that reaches it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from './s3-storage';

export const TEST_BUCKET = 'makhana-test';

export interface LocalS3 {
  config: S3StorageConfig;
  /** STORAGE=s3 and its variables, for an app's environment */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'mm-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket: TEST_BUCKET,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: null,
    },
    env: {
      STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
