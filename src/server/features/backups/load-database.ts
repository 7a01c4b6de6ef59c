import { join } from 'node:path';
import type { DatabaseHandle } from '../../db/client.js';
import { BackupInvalidError, type Manifest } from './backup-manifest.js';
import { quoted, readTables, tableFigures } from './database-schema.js';
import { withoutIndexesAndKeys } from './load-shortcuts.js';
import { inTransaction } from './sql-session.js';

/**
 * Loads a backup's rows into a migrated database in one transaction. The tables are emptied first
 * (a migration may have added rows), triggers are off while the rows go in (users.machine_count
 * comes from the backup, not from counting the machines again), indexes and foreign keys are
 * built and checked once after the rows (load-shortcuts.ts),
 * sequences continue where they stood, and every table must then match the manifest's row count
 * and checksum, or nothing is committed.
 */
export async function loadDatabase(database: DatabaseHandle, extracted: string, manifest: Manifest): Promise<void> {
  await inTransaction(database, 'load', async (session) => {
    const present = new Map((await readTables(session)).map((table) => [table.name, table]));
    const missing = manifest.tables.find((table) => !present.has(table.name));
    if (missing) throw new BackupInvalidError(`The backup has a table ${missing.name} this database does not have.`);
    // Off for the truncate too: the audit trail's table refuses TRUNCATE through a trigger of its own.
    const tables = [...present.keys()].map(quoted);
    for (const name of tables) await session.query(`alter table ${name} disable trigger user`);
    await session.query(`truncate ${tables.join(', ')} restart identity`);
    await withoutIndexesAndKeys(session, async () => {
      for (const table of manifest.tables) {
        await session.copyIn(`copy ${quoted(table.name)} (${table.columns.map((c) => `"${c}"`).join(', ')}) from stdin`, join(extracted, table.part));
      }
    });
    for (const name of tables) await session.query(`alter table ${name} enable trigger user`);
    for (const sequence of manifest.sequences) {
      await session.query(`select setval('${quoted(sequence.name)}', ${sequence.value}, ${sequence.isCalled})`);
    }
    for (const table of manifest.tables) {
      const figures = await tableFigures(session, table.name);
      if (figures.rows !== table.rows || figures.checksum !== table.checksum) {
        throw new Error(`The restored table ${table.name} does not match the backup (${figures.rows} rows, ${table.rows} expected); nothing was restored.`);
      }
    }
  });
}
