import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create as createTar } from 'tar';
import type { DatabaseHandle } from '../../db/client.js';
import type { FileStore } from '../../integrations/file-store/file-store.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BACKUP_NAME_PATTERN, backupFileName, MANIFEST_FILE, sha256OfFile, type Manifest, type TableEntry } from './backup-manifest.js';
import { currentMigration, quoted, readSequences, readTables, tableFigures } from './database-schema.js';
import { copyUploadsOut } from './upload-copy.js';
import { inTransaction } from './sql-session.js';

/** Generated secrets and the demo account's file: without them sealed secrets would not open after a restore. */
export const DATA_DIR_FILES = ['session.secret', 'encryption.secret', 'demo-account.json'];

export interface BackupSources {
  database: DatabaseHandle;
  fileStore: FileStore;
  /** The install's data directory, whose generated secrets go into the backup. */
  dataDir: string;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  seconds: number;
}

const packageJson = fileURLToPath(new URL('../../../../package.json', import.meta.url));

export { BACKUP_NAME_PATTERN, backupFileName };

/**
 * Writes one archive: every table's rows from one snapshot, the uploaded files, the generated
 * secrets, and a manifest with a SHA-256 for each. Built in a hidden folder beside the target and
 * renamed into place at the end, so a backup that fails half-way leaves no file that looks whole.
 */
export async function writeBackup(sources: BackupSources, target: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const file = resolve(target.endsWith('.tar.gz') ? target : join(target, backupFileName(now)));
  await mkdir(dirname(file), { recursive: true });
  const staging = await mkdtemp(join(dirname(file), '.vendvote-backup-'));
  try {
    await mkdir(join(staging, 'database'));
    const snapshot = await inTransaction(sources.database, 'snapshot', async (session) => {
      const migration = await currentMigration(session);
      const tables: TableEntry[] = [];
      for (const table of await readTables(session)) {
        const part = `database/${table.name}.tsv`;
        await session.copyOut(`copy ${quoted(table.name)} (${table.columns.map((c) => `"${c}"`).join(', ')}) to stdout`, join(staging, part));
        tables.push({ ...table, part, ...(await tableFigures(session, table.name)) });
      }
      return { migration, tables, sequences: await readSequences(session) };
    });
    const uploads = await copyUploadsOut(sources.fileStore, staging);
    const dataDirFiles = [];
    for (const name of DATA_DIR_FILES) {
      if (!existsSync(join(sources.dataDir, name))) continue;
      await mkdir(join(staging, 'data-dir'), { recursive: true });
      await copyFile(join(sources.dataDir, name), join(staging, 'data-dir', name));
      dataDirFiles.push({ name, part: `data-dir/${name}` });
    }
    const partPaths = [...snapshot.tables.map((t) => t.part), ...uploads.map((u) => u.part), ...dataDirFiles.map((f) => f.part)];
    const parts = [];
    for (const path of partPaths) {
      parts.push({ path, bytes: (await stat(join(staging, path))).size, sha256: await sha256OfFile(join(staging, path)) });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: (JSON.parse(await readFile(packageJson, 'utf8')) as { version: string }).version,
      createdAt: now.toISOString(),
      engine: sources.database.kind,
      ...snapshot,
      uploads,
      dataDirFiles,
      parts,
    };
    await writeFile(join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
    const entries = [MANIFEST_FILE, 'database', ...(uploads.length ? ['uploads'] : []), ...(dataDirFiles.length ? ['data-dir'] : [])];
    const partial = join(staging, `${basename(file)}.part`);
    // Level 1: the dump is text that still shrinks about fivefold, at a fraction of the default level's time.
    await createTar({ gzip: { level: 1 }, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, file);
    return { file, manifest, seconds: (performance.now() - started) / 1000 };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
