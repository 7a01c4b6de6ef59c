import { and, desc, eq } from 'drizzle-orm';
import { SALES_IMPORT_LIST_LIMIT, SalesImportMessages, type SalesImportOptions, type SalesImportReport, type SalesImportSummary } from '../../../shared/sales-imports.schemas.js';
import type { AppContext } from '../../context.js';
import { salesImports } from '../../db/schema.js';
import { HttpError, notFound } from '../../http-errors.js';
import { importDexFile } from './dex-import.js';
import type { SalesFile } from './sales-import-store.js';
import { importTelemetryCsv } from './telemetry-import.js';

/** Sales files: which kind a file is, and the imports an operator made. */

/** A DEX file opens with a segment (`DXS*…`, `ST*…`); anything else is taken for a telemetry CSV export. */
const DEX_START = /^[A-Z][A-Z0-9]{1,3}\*/;

export function isDexFile(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.subarray(0, 64)).toString('latin1').replace(/^\uFEFF/, '').trimStart();
  return DEX_START.test(start);
}

export async function importSalesFile(ctx: AppContext, userId: number, file: SalesFile, options: SalesImportOptions): Promise<SalesImportReport> {
  if (file.bytes.byteLength === 0) throw new HttpError(400, SalesImportMessages.empty);
  // Text files hold no NUL; a spreadsheet, an archive or a picture does.
  if (file.bytes.includes(0)) throw new HttpError(400, SalesImportMessages.notText);
  if (isDexFile(file.bytes)) return importDexFile(ctx, userId, file, options);
  // readAt and machineId are a DEX file's: a telemetry export gives each line its time and machine.
  return importTelemetryCsv(ctx, userId, file);
}

export async function listSalesImports(ctx: AppContext, userId: number): Promise<SalesImportSummary[]> {
  const rows = await ctx.db
    .select()
    .from(salesImports)
    .where(eq(salesImports.userId, userId))
    .orderBy(desc(salesImports.receivedAt), desc(salesImports.id))
    .limit(SALES_IMPORT_LIST_LIMIT);
  return rows.map((row) => {
    const report = row.report as Partial<SalesImportReport>;
    return { id: row.id, kind: row.kind, fileName: row.fileName, source: row.source, summary: report.summary ?? '', units: report.units ?? 0, receivedAt: row.receivedAt.toISOString() };
  });
}

export async function getSalesImport(ctx: AppContext, userId: number, id: number): Promise<SalesImportReport> {
  const [row] = await ctx.db.select().from(salesImports).where(and(eq(salesImports.id, id), eq(salesImports.userId, userId))).limit(1);
  if (!row) throw notFound(SalesImportMessages.importNotFound);
  return { ...(row.report as unknown as SalesImportReport), id: row.id };
}
