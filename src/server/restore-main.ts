/**
 * `npm run restore -- FILE [--force]`: restores a backup into the database the settings name
 * (DATABASE_URL, or the embedded one in DATA_DIR) and the file store (S3_URL, or DATA_DIR/uploads).
 * Both must be empty unless --force is given. An embedded install's backup restores into a
 * PostgreSQL server too: that is how an install moves off the embedded database.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { readEnv } from './env.js';
import { BackupInvalidError } from './features/backups/backup-manifest.js';
import { restoreBackup, TargetNotEmptyError } from './features/backups/restore-backup.js';
import { fileStoreFrom } from './integrations/file-store/index.js';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('Name one backup file: npm run restore -- backups/vendvote-backup-….tar.gz [--force]');
    return 2;
  }
  const archive = resolve(positionals[0]!);
  if (!existsSync(archive)) {
    console.error(`Not found: ${archive}`);
    return 2;
  }
  const env = readEnv();
  const dataDir = resolve(env.DATA_DIR);
  const fileStore = fileStoreFrom(env, dataDir);
  const target = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, dataDir, fileStore } : { dataDir, fileStore };
  try {
    const { manifest, seconds } = await restoreBackup(archive, target, { force: values.force });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} (VendVote ${manifest.appVersion}, ${manifest.engine} database) into ` +
        `${env.DATABASE_URL ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${dataDir}`} in ${seconds.toFixed(1)} s: ` +
        `${manifest.tables.length} tables and ${rows} rows, each table checked against the backup's checksum, and ${manifest.uploads.length} uploaded files.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupInvalidError || error instanceof TargetNotEmptyError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
