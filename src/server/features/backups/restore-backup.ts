import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar';
import { openDatabase } from '../../db/client.js';
import { lockDataDir } from '../../db/data-dir-lock.js';
import type { FileStore } from '../../integrations/file-store/file-store.js';
import { BackupInvalidError, readManifest, sha256OfFile, type Manifest } from './backup-manifest.js';
import { knownMigrations } from './database-schema.js';
import { loadDatabase } from './load-database.js';
import { emptyPostgres, postgresIsEmpty } from './postgres-target.js';
import { copyUploadsIn, storeHasFiles, uploadKeys } from './upload-copy.js';

export type RestoreTarget = { databaseUrl: string; dataDir: string; fileStore: FileStore } | { dataDir: string; fileStore: FileStore };

export interface RestoreResult {
  manifest: Manifest;
  seconds: number;
}

/** The target holds data and `--force` was not given: nothing has been written. */
export class TargetNotEmptyError extends Error {}

/**
 * Restores a backup into an empty place: the embedded database of `dataDir`, or the server at
 * `databaseUrl`, plus the file store. Every part's checksum is verified before anything is
 * written; the rows are loaded in one transaction and checked against the manifest's counts and
 * checksums before it commits, so a restore either completes or leaves the database as it was.
 */
export async function restoreBackup(archive: string, target: RestoreTarget, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = performance.now();
  const extracted = await mkdtemp(join(tmpdir(), 'vendvote-restore-'));
  try {
    try {
      // Plain files and folders only: a link in an archive could point a part at any file of this machine.
      await extract({ file: archive, cwd: extracted, strict: true, filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
    } catch {
      throw new BackupInvalidError(`${archive} is not a readable backup archive (a .tar.gz written by npm run backup).`);
    }
    const manifest = await readManifest(extracted);
    await verifyParts(extracted, manifest);
    const latest = knownMigrations().at(-1);
    if (manifest.migration !== latest) {
      throw new BackupInvalidError(
        `This backup was made by VendVote ${manifest.appVersion} at migration ${manifest.migration}; this version is at ${latest}. ` +
          'Restore it with the version that made it, then start this version there to upgrade.',
      );
    }
    await prepareTarget(target, options.force === true);
    const database = await openDatabase('databaseUrl' in target ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: target.dataDir });
    try {
      await loadDatabase(database, extracted, manifest);
    } finally {
      await database.close();
    }
    await copyUploadsIn(target.fileStore, extracted, manifest.uploads);
    await mkdir(target.dataDir, { recursive: true });
    for (const file of manifest.dataDirFiles) {
      await writeFile(join(target.dataDir, file.name), await readFile(join(extracted, file.part)), { mode: 0o600 });
    }
    return { manifest, seconds: (performance.now() - started) / 1000 };
  } finally {
    await rm(extracted, { recursive: true, force: true });
  }
}

async function verifyParts(dir: string, manifest: Manifest): Promise<void> {
  const listed = new Set(manifest.parts.map((part) => part.path));
  const named = [...manifest.tables.map((t) => t.part), ...manifest.uploads.map((u) => u.part), ...manifest.dataDirFiles.map((f) => f.part)];
  const unlisted = named.find((path) => !listed.has(path));
  if (unlisted) throw new BackupInvalidError(`The backup's manifest names ${unlisted} without a checksum.`);
  for (const part of manifest.parts) {
    const file = join(dir, part.path);
    if (!existsSync(file)) throw new BackupInvalidError(`The backup is incomplete: ${part.path} is missing.`);
    if ((await stat(file)).size !== part.bytes || (await sha256OfFile(file)) !== part.sha256) {
      throw new BackupInvalidError(`The backup is damaged: ${part.path} does not match its checksum. Nothing was restored.`);
    }
  }
}

/** Refuses a target holding data unless forced; forced, empties it (never while a server runs on it). */
async function prepareTarget(target: RestoreTarget, force: boolean): Promise<void> {
  const found: string[] = [];
  if ('databaseUrl' in target) {
    if (!(await postgresIsEmpty(target.databaseUrl))) found.push('the database at DATABASE_URL has tables');
  } else if (existsSync(join(target.dataDir, 'pgdata'))) {
    found.push(`${target.dataDir} holds a database`);
  }
  if (await storeHasFiles(target.fileStore)) found.push('the file store holds uploaded files');
  if (found.length === 0) return;
  if (!force) throw new TargetNotEmptyError(`Nothing was restored: ${found.join(', and ')}. Restore into an empty place, or add --force to replace what is there.`);
  if ('databaseUrl' in target) {
    await emptyPostgres(target.databaseUrl);
  } else {
    // The lock proves no server has the directory open while its database is removed.
    const release = lockDataDir(target.dataDir);
    try {
      await rm(join(target.dataDir, 'pgdata'), { recursive: true, force: true });
    } finally {
      release();
    }
  }
  for await (const key of uploadKeys(target.fileStore)) await target.fileStore.delete(key);
}
