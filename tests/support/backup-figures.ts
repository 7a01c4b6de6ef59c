import { inArray, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle, type DatabaseOptions } from '../../src/server/db/client.js';
import { votes } from '../../src/server/db/schema.js';

export type TableFigures = Map<string, { rows: number; checksum: string }>;

/**
 * Row count and content checksum of every table, computed here (not by the backup code): the
 * sum of the first 64 bits of md5(row::text), with timestamps printed in UTC, so that the same
 * rows give the same figure on the embedded database and on a server.
 */
export async function tableFiguresOf(database: DatabaseHandle): Promise<TableFigures> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const figures: TableFigures = new Map();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    for (const { name } of tables) {
      const [row] = await queryRows<{ rows: string; checksum: string }>(
        tx,
        sql.raw(`select count(*)::text as rows, coalesce(sum(('x' || substr(md5(t::text), 1, 16))::bit(64)::bigint), 0)::text as checksum from "public"."${name}" t`),
      );
      figures.set(name, { rows: Number(row!.rows), checksum: row!.checksum });
    }
  });
  return figures;
}

/** The figures of a stopped install, and how many of the given voters' votes it holds. */
export async function inspectDatabase(options: DatabaseOptions, voterIds: string[]): Promise<{ figures: TableFigures; votesOfVoters: number }> {
  const database = await openDatabase(options);
  try {
    const figures = await tableFiguresOf(database);
    const found = voterIds.length ? await database.db.select({ id: votes.id }).from(votes).where(inArray(votes.voterId, voterIds)) : [];
    return { figures, votesOfVoters: found.length };
  } finally {
    await database.close();
  }
}
