/**
 * `npm run backup [-- --out PATH]`: one archive of the database (DATABASE_URL, or the embedded one
 * in DATA_DIR) and the uploaded files, written to PATH (a folder or a .tar.gz file), else to
 * BACKUP_DIR, else DATA_DIR/backups. The embedded database is open only to the server that runs on
 * it: while that server runs, this command refuses, and the server's scheduled backups
 * (BACKUP_SCHEDULE) are the way to back it up without stopping it.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { readEnv } from './env.js';
import { writeBackup } from './features/backups/make-backup.js';
import { fileStoreFrom } from './integrations/file-store/index.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = readEnv();
  const dataDir = resolve(env.DATA_DIR);
  if (!env.DATABASE_URL && !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) {
    console.error(`There is no database in ${dataDir} to back up. Set DATA_DIR to the install's data directory, or DATABASE_URL to its server.`);
    return 2;
  }
  let database;
  try {
    database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `${error.message}\nThe embedded database can only be read by the server running on it. Either stop the server and run ` +
        'npm run backup again, or let the server make backups itself: set BACKUP_SCHEDULE (e.g. "30 2 * * *") and restart it.',
    );
    return 1;
  }
  try {
    const target = resolve(values.out ?? env.BACKUP_DIR ?? join(dataDir, 'backups'));
    const result = await writeBackup({ database, fileStore: fileStoreFrom(env, dataDir), dataDir }, target);
    const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backup written to ${result.file} in ${result.seconds.toFixed(1)} s: ${result.manifest.tables.length} tables, ` +
        `${rows} rows, ${result.manifest.uploads.length} uploaded files, at migration ${result.manifest.migration}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
