import { and, eq, gt, gte, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { vendingMachines } from '../../db/schema.js';
import type { CsvCell } from '../../integrations/spreadsheet-csv.js';

/** What reading an export needs: the database alone, so a job can write the same files as a request. */
export type ExportContext = Pick<AppContext, 'db'>;

/** Whose rows, from which machine, over which instants: the same for every batch of one file. */
export interface ExportScope {
  ownerId: number;
  /** One of the owner's machines (checked before the file starts); absent for all of them. */
  machineId?: number;
  /** The period as instants: the start of its first day, and the start of the day after its last, on the owner's calendar. */
  start?: Date;
  end?: Date;
  /** The owner's currency, which their catalogue's prices are in. */
  currency: Currency;
}

/** Where a batch starts and ends: ids after `afterId`, up to `ceiling`, at most `limit` of them. */
export interface ExportPage {
  afterId: number;
  ceiling: number;
  limit: number;
}

export interface ExportRow {
  id: number;
  cells: CsvCell[];
}

export interface ExportDefinition {
  headers(scope: ExportScope): readonly string[];
  /** The table whose ids the file walks; its highest id when the download starts ends the file. */
  table: PgTable & { id: PgColumn };
  /** The next rows in order of id (keyset paging: each batch starts where the last ended, on an index). */
  batch(ctx: ExportContext, scope: ExportScope, page: ExportPage): Promise<ExportRow[]>;
}

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The period's bounds on a timestamp column; nothing for an open end. */
export function during(column: AnyColumn, scope: ExportScope): (SQL | undefined)[] {
  return [scope.start ? gte(column, scope.start) : undefined, scope.end ? lt(column, scope.end) : undefined];
}

/** The same bounds in plain SQL, each with its leading `and`. */
export function periodSql(column: SQL, scope: ExportScope): SQL {
  return sql`${scope.start ? sql`and ${column} >= ${scope.start.toISOString()}::timestamptz` : sql``}
    ${scope.end ? sql`and ${column} < ${scope.end.toISOString()}::timestamptz` : sql``}`;
}

/**
 * A timestamp as whole milliseconds since 1970 (int8), for isoFromMs to write: at a million rows
 * PostgreSQL's to_char took longer than the rest of the query together.
 */
export const epochMs = (column: SQL) => sql`(date_part('epoch', date_trunc('milliseconds', ${column})) * 1000)::int8`;

/** Those milliseconds (text from node-postgres, a number or bigint from PGlite) as ISO 8601 in UTC; null stays null. */
export const isoFromMs = (value: string | number | bigint | null) => (value === null ? null : new Date(Number(value)).toISOString());

export const keyset = (id: PgColumn, page: ExportPage) => [gt(id, page.afterId), lte(id, page.ceiling)];

/** A machine of the owner's named on a row that may have lost it (deleted machines leave null). */
export const ownMachine = (ownerId: number, machineId: AnyColumn) =>
  and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, ownerId));

/** The table's highest id now (0 when empty). */
export async function highestId(ctx: ExportContext, definition: ExportDefinition): Promise<number> {
  const [row] = await ctx.db.select({ id: sql<number>`coalesce(max(${definition.table.id}), 0)::int` }).from(definition.table);
  return row?.id ?? 0;
}
