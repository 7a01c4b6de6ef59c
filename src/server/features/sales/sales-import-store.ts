import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { REPORT_MAX_LINES, type ImportLine, type SalesImportKind, type SalesImportReport } from '../../../shared/sales-imports.schemas.js';
import { queryRows, type Database } from '../../db/client.js';
import { machineSales, salesImports, vendingMachines } from '../../db/schema.js';
import { arrayLiteral, intArray } from '../../db/sql-arrays.js';

/**
 * What the DEX and telemetry imports share: the file as received, the import's record (one per
 * content, per operator), its report, the machines by serial, and writing sales in batches.
 */

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SalesFile {
  bytes: Uint8Array;
  fileName: string;
  source: 'upload' | 'api';
  /** SHA-256 of the bytes, hex. */
  contentHash: string;
  receivedAt: Date;
}

export function salesFileOf(bytes: Uint8Array, fileName: string, source: SalesFile['source'], receivedAt = new Date()): SalesFile {
  return { bytes, fileName, source, contentHash: createHash('sha256').update(bytes).digest('hex'), receivedAt };
}

export function emptyReport(kind: SalesImportKind, file: SalesFile): SalesImportReport {
  return {
    id: null,
    kind,
    fileName: file.fileName,
    status: 'imported',
    summary: '',
    receivedAt: file.receivedAt.toISOString(),
    machines: [],
    units: 0,
    lines: [],
    moreLines: 0,
    unknownSerials: [],
    mapping: null,
  };
}

/** Adds a line to the report, counting it instead once the report names REPORT_MAX_LINES. */
export function reportLine(report: SalesImportReport, line: ImportLine): void {
  if (report.lines.length < REPORT_MAX_LINES) report.lines.push(line);
  else report.moreLines += 1;
}

/** The import this operator already made of the same bytes, if any. */
export async function findImportOf(db: Database | Tx, userId: number, contentHash: string) {
  const [row] = await db
    .select({ id: salesImports.id, receivedAt: salesImports.receivedAt, report: salesImports.report })
    .from(salesImports)
    .where(and(eq(salesImports.userId, userId), eq(salesImports.contentHash, contentHash)))
    .limit(1);
  return row ?? null;
}

/** Stores the import's record and returns its id; the unique index refuses a second copy of the same file. */
export async function storeImport(tx: Tx, userId: number, file: SalesFile, report: SalesImportReport): Promise<number> {
  const [row] = await tx
    .insert(salesImports)
    .values({
      userId,
      kind: report.kind,
      contentHash: file.contentHash,
      fileName: file.fileName,
      source: file.source,
      report: {},
      receivedAt: file.receivedAt,
    })
    .returning({ id: salesImports.id });
  return row!.id;
}

/** Writes the finished report onto its import, so the list and a later look read what the answer said. */
export async function saveReport(tx: Tx, importId: number, report: SalesImportReport): Promise<void> {
  await tx.update(salesImports).set({ report: report as unknown as Record<string, unknown> }).where(eq(salesImports.id, importId));
}

export type NewSale = typeof machineSales.$inferInsert;

/**
 * Rows per INSERT: each column goes as one array parameter, so this bounds the statement's size,
 * and on the embedded database (which runs in the server's thread) how long one holds the thread.
 */
const SALES_PER_INSERT = 5_000;

type SaleColumn = readonly [column: { name: string }, arrayType: string, valueOf: (row: NewSale) => string | number | null | undefined];

/** The columns written, each with the array type its values are sent as. */
const SALE_COLUMNS: readonly SaleColumn[] = [
  [machineSales.userId, 'int[]', (row: NewSale) => row.userId],
  [machineSales.machineId, 'int[]', (row: NewSale) => row.machineId],
  [machineSales.importId, 'int[]', (row: NewSale) => row.importId],
  [machineSales.code, 'text[]', (row: NewSale) => row.code],
  [machineSales.productId, 'int[]', (row: NewSale) => row.productId],
  [machineSales.quantity, 'int[]', (row: NewSale) => row.quantity],
  [machineSales.value, 'numeric[]', (row: NewSale) => row.value],
  [machineSales.soldFrom, 'timestamptz[]', (row: NewSale) => row.soldFrom?.toISOString()],
  [machineSales.soldAt, 'timestamptz[]', (row: NewSale) => row.soldAt.toISOString()],
  [machineSales.transactionKey, 'text[]', (row: NewSale) => row.transactionKey],
];

/**
 * Inserts sales as one array per column through unnest: a telemetry file brings 100,000 rows, and
 * a row-per-VALUES insert spends more time building and parsing its parameters (ten a row) than
 * storing them; this takes a third of the time on both databases (docs/performance.md).
 */
export async function insertSales(tx: Tx, rows: readonly NewSale[]): Promise<void> {
  const columns = sql.join(SALE_COLUMNS.map(([column]) => sql.identifier(column.name)), sql`, `);
  for (let start = 0; start < rows.length; start += SALES_PER_INSERT) {
    const batch = rows.slice(start, start + SALES_PER_INSERT);
    const arrays = SALE_COLUMNS.map(([, type, valueOf]) => sql`${arrayLiteral(batch.map(valueOf))}::${sql.raw(type)}`);
    await tx.execute(sql`insert into ${machineSales} (${columns}) select * from unnest(${sql.join(arrays, sql`, `)})`);
    await yieldToEventLoop();
  }
}

/**
 * The transaction keys the machines already hold a sale of between `from` and `to` (a file's first
 * and last sale), each as storedSaleKey writes it. Only a sale at the same time can be the same
 * sale, so the time index bounds the read to the span the file covers.
 */
export async function storedTransactionKeys(db: Database | Tx, machineIds: readonly number[], from: Date, to: Date): Promise<Set<string>> {
  if (machineIds.length === 0) return new Set();
  const rows = await queryRows<{ machineId: number; transactionKey: string }>(
    db,
    sql`select machine_id as "machineId", transaction_key as "transactionKey" from ${machineSales}
      where machine_id = any(${intArray(machineIds)}) and sold_at between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz
        and transaction_key is not null`,
  );
  return new Set(rows.map((row) => storedSaleKey(row.machineId, row.transactionKey)));
}

/** How a stored sale is known across files: its machine and transaction key. */
export const storedSaleKey = (machineId: number, transactionKey: string) => `${machineId}\u001f${transactionKey}`;

/**
 * Lets timers and other requests' work run. PGlite answers in the server's thread with promises
 * that never leave the microtask queue, so a long import on the embedded database would otherwise
 * hold the thread from start to end (seconds for 100,000 lines); between its steps it lets go.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Serials compare trimmed and without case: a handheld may write what the plate shows in another case. */
export const serialKey = (serial: string) => serial.trim().toUpperCase();

export interface OwnedMachine {
  id: number;
  name: string;
  serialNumber: string;
}

export async function machinesOf(db: Database | Tx, userId: number): Promise<OwnedMachine[]> {
  return db
    .select({ id: vendingMachines.id, name: vendingMachines.name, serialNumber: vendingMachines.serialNumber })
    .from(vendingMachines)
    .where(eq(vendingMachines.userId, userId));
}

/** The operator's machines by serial; a serial two machines share maps to both, for the import to refuse. */
export function machinesBySerial(machines: readonly OwnedMachine[]): Map<string, OwnedMachine[]> {
  const bySerial = new Map<string, OwnedMachine[]>();
  for (const machine of machines) {
    const key = serialKey(machine.serialNumber);
    bySerial.set(key, [...(bySerial.get(key) ?? []), machine]);
  }
  return bySerial;
}

/** Money in the smallest unit to a decimal string with two places, for the `numeric` columns. */
export function moneyOf(minorUnits: number, decimalPlaces: number): string {
  return (minorUnits / 10 ** decimalPlaces).toFixed(2);
}
