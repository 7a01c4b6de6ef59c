/**
 * `npm run charities:import -- FILE…`: imports IRS EO BMF extract files into the charity directory
 * of the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR while the server
 * is stopped), and prints what became of the rows.
 */
import { createReadStream, existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { prepareEmbeddedDataDirApart } from './db/first-start.js';
import { readEnv } from './env.js';
import { recordAuditEvent } from './features/audit/record-audit.js';
import { importCharityFiles } from './features/donation-hub/charity-import.js';
import { HttpError } from './http-errors.js';

async function main(paths: string[]): Promise<number> {
  if (paths.length === 0) {
    console.error('Name one or more IRS EO BMF files: npm run charities:import -- eo_tx.csv eo_ok.csv');
    return 2;
  }
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    console.error(`Not found: ${missing.join(', ')}`);
    return 2;
  }
  const env = readEnv();
  const dataDir = resolve(env.DATA_DIR);
  if (!env.DATABASE_URL) await prepareEmbeddedDataDirApart(dataDir);
  let database;
  try {
    database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nThe embedded database is open in a running server: stop it first, or upload the files in the admin panel.`);
      return 1;
    }
    throw error;
  }
  try {
    const files = paths.map((path) => ({ name: basename(path), stream: createReadStream(path) }));
    const report = await importCharityFiles(database.db, files, { source: 'irs', userId: null });
    // Run at a shell, so no signed-in user or client address: the trail shows it as the system's.
    await recordAuditEvent(database.db, {
      actorUserId: null,
      ipHash: null,
      action: 'charities.imported',
      targetType: 'charity_directory',
      details: { files: report.files.join(', '), imported: report.imported, updated: report.updated, partial: false, via: 'command line' },
    });
    console.log(
      `Read ${report.rowsRead} rows from ${report.files.join(', ')} in ${report.seconds} s: ${report.imported} charities added, ${report.updated} updated, ` +
        `${report.skippedNotCharitable} not 501(c)(3) skipped, ${report.rejected} rejected.`,
    );
    for (const problem of report.problems) console.log(`  ${problem.file} line ${problem.line}${problem.ein ? ` (EIN ${problem.ein})` : ''}: ${problem.reason}`);
    if (report.rejected > report.problems.length) console.log(`  … and ${report.rejected - report.problems.length} more rejected rows`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
