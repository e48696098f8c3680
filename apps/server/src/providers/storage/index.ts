import path from 'node:path';
import type { Config } from '../../config/env.js';
import type { Clock } from '../clock.js';
import { createLocalMediaStorage, type MediaStorage } from './media-storage.js';
import { createS3MediaStorage } from './s3-media-storage.js';

/** The configured media storage: DATA_DIR/media on local disk, or the S3-compatible bucket. */
export function createMediaStorage(
  config: Pick<Config, 'mediaStorage' | 's3Storage' | 'dataDir'>,
  deps: { clock: Clock },
): MediaStorage {
  switch (config.mediaStorage) {
    case 'local':
      return createLocalMediaStorage(path.join(config.dataDir, 'media'));
    case 's3':
      if (!config.s3Storage) throw new Error('MEDIA_STORAGE=s3 without its settings');
      return createS3MediaStorage(config.s3Storage, deps.clock);
  }
}

export type { ByteRange, MediaStorage } from './media-storage.js';
