import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../../integrations/file-store/file-store.js';

/** Backups kept in the same bucket are not uploads: a backup never holds the previous ones. */
async function* uploadKeys(store: FileStore): AsyncIterable<string> {
  for await (const key of store.list()) if (!key.startsWith('backups/')) yield key;
}

export interface UploadEntry {
  key: string;
  part: string;
}

/**
 * Copies every stored file into `staging/uploads/<key>`. Files are listed after the database
 * snapshot, so each row that names a file finds it; a file uploaded meanwhile comes along unused.
 */
export async function copyUploadsOut(store: FileStore, staging: string): Promise<UploadEntry[]> {
  const entries: UploadEntry[] = [];
  for await (const key of uploadKeys(store)) {
    const file = await store.get(key);
    if (!file) continue; // deleted since it was listed
    const part = `uploads/${key}`;
    await mkdir(dirname(join(staging, part)), { recursive: true });
    await pipeline(file.stream, createWriteStream(join(staging, part)));
    entries.push({ key, part });
  }
  return entries;
}

/** Puts each file of the backup back under its key. */
export async function copyUploadsIn(store: FileStore, extracted: string, uploads: UploadEntry[]): Promise<void> {
  for (const upload of uploads) {
    await store.put(upload.key, createReadStream(join(extracted, upload.part)), 'application/octet-stream');
  }
}

/** Whether the store holds any file (a restore refuses to mix its files with another install's). */
export { uploadKeys };

export async function storeHasFiles(store: FileStore): Promise<boolean> {
  for await (const key of uploadKeys(store)) {
    void key;
    return true;
  }
  return false;
}
