import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileStore } from '../../integrations/file-store/file-store.js';
import { BACKUP_NAME_PATTERN } from './backup-manifest.js';
import type { BackupResult, BackupSources } from './make-backup.js';

/** The backup writer (tar, pg's COPY streams), loaded with the first backup rather than at start. */
async function writeBackup(sources: BackupSources, target: string): Promise<BackupResult> {
  return (await import('./make-backup.js')).writeBackup(sources, target);
}

/** Backups in the bucket live under this folder, apart from the uploads a backup copies. */
export const BUCKET_BACKUP_FOLDER = 'backups';

/** A folder on disk, or the bucket of S3_URL. */
export type BackupDestination = { dir: string } | { store: FileStore };

/** BACKUP_DIR when set; otherwise the bucket when uploads go to one; otherwise DATA_DIR/backups. */
export function backupDestinationFrom(env: { BACKUP_DIR?: string; S3_URL?: string }, dataDir: string, store: FileStore): BackupDestination {
  if (env.BACKUP_DIR) return { dir: env.BACKUP_DIR };
  return env.S3_URL ? { store } : { dir: join(dataDir, 'backups') };
}

/** Bucket keys allow no dots or capitals: `backups/vendvote-backup-2026-11-28t12-30-00-000z-tar-gz`. */
const bucketKeyOf = (fileName: string) => `${BUCKET_BACKUP_FOLDER}/${fileName.toLowerCase().replace(/\./g, '-')}`;

/** Makes a backup at the destination, then keeps only the newest `keep` there. */
export async function backUpTo(sources: BackupSources, destination: BackupDestination, keep: number): Promise<BackupResult & { location: string }> {
  if ('dir' in destination) {
    const result = await writeBackup(sources, destination.dir);
    await keepNewestFiles(destination.dir, keep);
    return { ...result, location: result.file };
  }
  const scratch = await mkdtemp(join(tmpdir(), 'vendvote-backup-'));
  try {
    const result = await writeBackup(sources, scratch);
    const key = bucketKeyOf(result.file.split('/').at(-1)!);
    await destination.store.put(key, createReadStream(result.file), 'application/gzip');
    await keepNewestKeys(destination.store, keep);
    return { ...result, location: `bucket key ${key}` };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Only our own archives are counted and removed; anything else in the folder is left alone. */
async function keepNewestFiles(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => BACKUP_NAME_PATTERN.test(name)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(join(dir, name), { force: true });
}

async function keepNewestKeys(store: FileStore, keep: number): Promise<void> {
  const keys: string[] = [];
  for await (const key of store.list()) if (key.startsWith(`${BUCKET_BACKUP_FOLDER}/vendvote-backup-`)) keys.push(key);
  keys.sort();
  for (const key of keys.slice(0, Math.max(0, keys.length - keep))) await store.delete(key);
}
