import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Database } from './client.js';

interface JournalEntry {
  tag: string;
  /** The migration's timestamp, which drizzle stores as `created_at` when it applies it. */
  when: number;
}

let journal: JournalEntry[] | undefined;

/** The migrations this code ships, oldest first (drizzle's journal, read once). */
export function codeMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

export type MigrationState =
  | { state: 'current' }
  /** The database lacks migrations of this code: `database` is its newest (null: none at all). */
  | { state: 'behind'; database: string | null; code: string }
  /** The database has a migration newer than any of this code's (a newer release migrated it). */
  | { state: 'ahead'; code: string };

/**
 * Compares the newest migration the database has applied with the newest this code ships.
 * drizzle's migrator keeps one row per applied migration in `drizzle.__drizzle_migrations`, with the
 * journal's `when` as `created_at`, and applies every journal entry newer than the newest row; so
 * the two newest timestamps tell whether the schema is the one the code was written for.
 */
export async function migrationState(db: Pick<Database, 'execute'>): Promise<MigrationState> {
  const entries = codeMigrations();
  const code = entries.at(-1)!;
  const head = await newestApplied(db);
  if (head === code.when) return { state: 'current' };
  if (head !== null && head > code.when) return { state: 'ahead', code: code.tag };
  const applied = head === null ? undefined : entries.filter((entry) => entry.when <= head).at(-1);
  return { state: 'behind', database: applied?.tag ?? null, code: code.tag };
}

/** A database that was never migrated has no drizzle schema or table (SQLSTATE 3F000, 42P01). */
const NEVER_MIGRATED = new Set(['3F000', '42P01']);

async function newestApplied(db: Pick<Database, 'execute'>): Promise<number | null> {
  try {
    const [row] = await queryRows<{ head: string | null }>(db, sql`select max(created_at)::text as head from drizzle.__drizzle_migrations`);
    return row?.head === null || row?.head === undefined ? null : Number(row.head);
  } catch (error) {
    for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
      if (NEVER_MIGRATED.has((current as { code?: unknown }).code as string)) return null;
    }
    throw error;
  }
}
