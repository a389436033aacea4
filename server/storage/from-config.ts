import type { AppConfig } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage, uploadsDirOf } from './local-disk';
import { S3Storage } from './s3';

/** S3 when S3_BUCKET is set; otherwise DATA_DIR/uploads, where the files have always been. */
export function createFileStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(uploadsDirOf(config.dataDir));
}
