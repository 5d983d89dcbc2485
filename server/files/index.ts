/** The file store the configuration names: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR. */
import type { Config } from '../config';
import { LocalFileStore } from './local';
import { S3FileStore } from './s3';
import type { FileStore } from './store';

export type { ByteRange, FileBody, FileStore, StoredFile } from './store';
export { readAll } from './store';
export { LocalFileStore, S3FileStore };

export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(config.dataDir);
}
