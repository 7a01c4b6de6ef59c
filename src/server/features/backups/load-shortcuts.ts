import type { SqlSession } from './sql-session.js';

/**
 * What pg_restore does to load fast: rows go into tables without their secondary indexes and
 * foreign keys, which are then built once from sorted data and checked in one join each. Keeping
 * them while a million votes go in costs an index update and a lookup per row per index; on the
 * embedded database, with its small buffers, that is most of an hour's difference (docs/performance.md).
 * Runs inside the load's transaction, so a failure leaves every index and key as it was.
 */
export async function withoutIndexesAndKeys(session: SqlSession, load: () => Promise<void>): Promise<void> {
  const foreignKeys = await session.query<{ table_name: string; name: string; definition: string }>(
    `select t.relname as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
     from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and c.contype = 'f' order by 1, 2`,
  );
  // Indexes of their own only: primary keys and unique constraints stay (foreign keys rest on them).
  const indexes = await session.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid) order by 1`,
  );
  for (const key of foreignKeys) await session.query(`alter table "public"."${key.table_name}" drop constraint "${key.name}"`);
  for (const index of indexes) await session.query(`drop index "public"."${index.name}"`);
  await load();
  // Sorts for the index builds in memory rather than in temporary files.
  await session.query("set local maintenance_work_mem = '256MB'");
  for (const index of indexes) await session.query(index.definition);
  for (const key of foreignKeys) await session.query(`alter table "public"."${key.table_name}" add constraint "${key.name}" ${key.definition}`);
}
