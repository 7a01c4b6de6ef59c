import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored file as read back: its bytes as a stream, and how many there are. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live: the local disk (DATA_DIR/uploads) or an S3-compatible store. Keys
 * are made by `newFileKey`, never taken from a request; every store refuses any other shape.
 */
export interface FileStore {
  /** Writes the whole body under the key, or nothing: a failed or cut-off body leaves no object. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The file, or null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file's key (for backups); anything not shaped like our keys is left out. */
  list(): AsyncIterable<string>;
}

/** Lower-case words of letters and digits joined by '/' or '-': no dots, no leading slash, no '..'. */
const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const MAX_KEY_LENGTH = 200;

export class InvalidFileKeyError extends Error {
  constructor() {
    super('Invalid file key');
  }
}

export const isFileKey = (key: string) => key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);

export function assertFileKey(key: string): string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) throw new InvalidFileKeyError();
  return key;
}

/** A fresh key under a folder such as 'marketing-resources': 128 random bits, unguessable. */
export function newFileKey(folder: string): string {
  return assertFileKey(`${folder}/${randomBytes(16).toString('hex')}`);
}
