import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../db/client.js';
import type { SqlSession } from './sql-session.js';

/**
 * What a dump and a load need to know of the database: its tables and their columns (generated
 * ones left out, since they are computed again), the order that satisfies every foreign key, its
 * sequences, and the migration it is at. Read from the catalogue, so a new table is backed up
 * without anyone listing it here.
 */
export interface TableShape {
  name: string;
  columns: string[];
}

export const quoted = (name: string) => `"public"."${name}"`;

export async function readTables(session: SqlSession): Promise<TableShape[]> {
  const columns = await session.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
     order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  const references = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent from pg_constraint c
     join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
     join pg_namespace n on n.oid = child.relnamespace
     where c.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  return loadOrder([...byTable.keys()].sort(), references).map((name) => ({ name, columns: byTable.get(name)! }));
}

/** Parents before children; a cycle between tables (there is none today) is refused rather than half-loaded. */
function loadOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && references.every((ref) => ref.child !== table || placed.has(ref.parent)));
    if (ready.length === 0) throw new Error(`The tables ${tables.filter((t) => !placed.has(t)).join(', ')} refer to each other in a cycle`);
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

export async function readSequences(session: SqlSession): Promise<{ name: string; value: string; isCalled: boolean }[]> {
  const names = await session.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`);
  const sequences = [];
  for (const { name } of names) {
    // Sequences stand outside the snapshot; their value now is at least any id the snapshot holds.
    const [row] = await session.query<{ value: string; is_called: boolean }>(`select last_value::text as value, is_called from ${quoted(name)}`);
    sequences.push({ name, value: row!.value, isCalled: row!.is_called });
  }
  return sequences;
}

/** Row count and content checksum of a table, computed by the engine that holds it. */
export async function tableFigures(session: SqlSession, table: string): Promise<{ rows: number; checksum: string }> {
  const [row] = await session.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows, coalesce(sum(('x' || substr(md5(t::text), 1, 16))::bit(64)::bigint), 0)::text as checksum from ${quoted(table)} t`,
  );
  return { rows: Number(row!.rows), checksum: row!.checksum };
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
}

/** The tag of the last migration applied; the migrator records them in order, one row each. */
export async function currentMigration(session: SqlSession): Promise<string> {
  const [row] = await session.query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations');
  const tag = knownMigrations()[(row?.applied ?? 0) - 1];
  if (!tag) throw new Error('The database has migrations this version of VendVote does not know: back it up with the version that runs it');
  return tag;
}
