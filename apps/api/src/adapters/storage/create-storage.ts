import type { Config } from '../../config/config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { ImageStorage } from './storage';

export async function createImageStorage(
  config: Pick<Config, 'storage' | 'uploadsDir'>,
): Promise<ImageStorage & { close(): void }> {
  if (config.storage.kind === 's3') return createS3Storage(config.storage);
  return { ...createLocalStorage(config.uploadsDir), close: () => {} };
}
