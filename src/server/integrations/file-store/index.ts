import { join } from 'node:path';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore, parseS3Url } from './s3-file-store.js';

export { assertFileKey, InvalidFileKeyError, newFileKey, type FileStore, type StoredFile } from './file-store.js';
export { createLocalFileStore } from './local-file-store.js';
export { createS3FileStore, parseS3Url, type S3Settings } from './s3-file-store.js';

/** The store the settings name: a bucket when S3_URL is set, otherwise DATA_DIR/uploads. */
export function fileStoreFrom(env: { S3_URL?: string; S3_REGION: string }, dataDir: string): FileStore {
  return env.S3_URL ? createS3FileStore(parseS3Url(env.S3_URL, env.S3_REGION)) : createLocalFileStore(join(dataDir, 'uploads'));
}

/** Where the store is, for the start-up log: the bucket and host, never the credentials. */
export function describeFileStore(env: { S3_URL?: string }, dataDir: string): string {
  if (!env.S3_URL) return join(dataDir, 'uploads');
  const settings = parseS3Url(env.S3_URL);
  return `bucket ${settings.bucket} at ${settings.endpoint}`;
}
