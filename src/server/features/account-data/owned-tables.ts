import { and, asc, eq, getTableColumns, gt, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { charities, dexAudits, donationLines, donations, machineSales, planogramSlots, purchaseListItems, restockRecords, salesImports, telemetryMappings, vendingMachines } from '../../db/schema.js';
import { spreadsheetCsvHeader, spreadsheetCsvLines, type CsvCell } from '../../integrations/spreadsheet-csv.js';

/** Rows per query: one batch in memory at a time, as the CSV exports do. */
const BATCH_ROWS = 2_000;

type OwnedTable = PgTable & { id: PgColumn };

/** A table whose rows carry their owner, written whole as CSV with its columns' own names. */
interface TableDump {
  file: string;
  table: OwnedTable;
  /** The rows of the owner, by the column that names them. */
  owner: PgColumn;
}

/** Tables with no export of their own; each is written with every column, as stored. */
export const OWNED_TABLE_DUMPS: TableDump[] = [
  { file: 'machines.csv', table: vendingMachines, owner: vendingMachines.userId },
  { file: 'restocks.csv', table: restockRecords, owner: restockRecords.userId },
  { file: 'purchase-list.csv', table: purchaseListItems, owner: purchaseListItems.userId },
  { file: 'donations.csv', table: donations, owner: donations.userId },
  { file: 'charities.csv', table: charities, owner: charities.ownerId },
  { file: 'planograms.csv', table: planogramSlots, owner: planogramSlots.userId },
  { file: 'sales-imports.csv', table: salesImports, owner: salesImports.userId },
  { file: 'dex-audits.csv', table: dexAudits, owner: dexAudits.userId },
  { file: 'machine-sales.csv', table: machineSales, owner: machineSales.userId },
  { file: 'telemetry-mappings.csv', table: telemetryMappings, owner: telemetryMappings.userId },
];

function cellOf(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Column names as the database spells them ('user_id'), so the README and the file agree. */
const headersOf = (table: PgTable) => Object.values(getTableColumns(table)).map((column) => column.name);

/** The owner's rows of one table as CSV in parts, read by keyset on its id a batch at a time. */
export async function* tableCsvParts(db: Database, dump: TableDump, ownerId: number): AsyncGenerator<string> {
  const keys = Object.keys(getTableColumns(dump.table));
  yield spreadsheetCsvHeader(headersOf(dump.table));
  let afterId = 0;
  for (;;) {
    const rows = (await db
      .select()
      .from(dump.table)
      .where(and(eq(dump.owner, ownerId), gt(dump.table.id, afterId)))
      .orderBy(asc(dump.table.id))
      .limit(BATCH_ROWS)) as Record<string, unknown>[];
    if (rows.length > 0) yield spreadsheetCsvLines(rows.map((row) => keys.map((key) => cellOf(row[key]))));
    if (rows.length < BATCH_ROWS) return;
    afterId = rows[rows.length - 1]!.id as number;
  }
}

/** The lines of the owner's donations (they carry the donation, not the owner). */
export async function* donationLinesCsvParts(db: Database, ownerId: number): AsyncGenerator<string> {
  const keys = Object.keys(getTableColumns(donationLines));
  yield spreadsheetCsvHeader(headersOf(donationLines));
  let afterId = 0;
  for (;;) {
    const own = db.select({ id: donations.id }).from(donations).where(eq(donations.userId, ownerId));
    const rows = (await db
      .select()
      .from(donationLines)
      .where(and(inArray(donationLines.donationId, own), gt(donationLines.id, afterId)))
      .orderBy(asc(donationLines.id))
      .limit(BATCH_ROWS)) as Record<string, unknown>[];
    if (rows.length > 0) yield spreadsheetCsvLines(rows.map((row) => keys.map((key) => cellOf(row[key]))));
    if (rows.length < BATCH_ROWS) return;
    afterId = rows[rows.length - 1]!.id as number;
  }
}

/** The ids of the owner's donations, for their receipts. */
export async function donationIdsOf(db: Database, ownerId: number): Promise<number[]> {
  const rows = await db.select({ id: donations.id }).from(donations).where(eq(donations.userId, ownerId)).orderBy(asc(donations.id));
  return rows.map((row) => row.id);
}
