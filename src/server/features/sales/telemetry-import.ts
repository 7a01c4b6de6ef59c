import { eq, sql } from 'drizzle-orm';
import { SALES_FILE_MAX_BYTES, SalesImportMessages, type ImportLine, type SalesImportReport } from '../../../shared/sales-imports.schemas.js';
import { countOf } from '../../../shared/wording.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { products, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { formatTime } from './dex-import.js';
import { emptyReport, findImportOf, insertSales, machinesOf, reportLine, saveReport, storedTransactionKeys, storeImport, yieldToEventLoop, type SalesFile } from './sales-import-store.js';
import { slotSpellsOf } from './slot-spells.js';
import { readTelemetryCsv, type TelemetryTable } from './telemetry-csv.js';
import { mapTelemetryLines, type TelemetrySale } from './telemetry-lines.js';
import { suggestMapping } from './telemetry-mapping-guess.js';
import { mappingForColumns } from './telemetry-mappings.service.js';
import { matchMachines, saleRows, transactionKeys } from './telemetry-sales.js';
import { isKnownTimeZone } from './telemetry-times.js';

/**
 * Importing a telemetry provider's CSV export: each file once (by its content), read through the
 * mapping saved for its shape (or asking for one), all of it or none of it. A line that cannot be
 * read or a machine the operator does not have refuses the whole file, so fixing the cause and
 * sending the same file again imports it whole.
 */

const SAMPLE_LINES = 5;

/** 'a', 'a and b', 'a, b and c'. */
const listed = (parts: readonly string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

export async function importTelemetryCsv(ctx: AppContext, userId: number, file: SalesFile): Promise<SalesImportReport> {
  const report = emptyReport('csv', file);
  const timeZone = await timeZoneOf(ctx.db, userId);
  const existing = await findImportOf(ctx.db, userId, file.contentHash);
  if (existing) return alreadyImported(report, existing, timeZone);
  if (file.bytes.length > SALES_FILE_MAX_BYTES) return refuse(report, SalesImportMessages.tooLarge, []);

  const read = readTelemetryCsv(file.bytes);
  if (!read.ok) return refuse(report, read.message, []);
  const { table } = read;
  await yieldToEventLoop();
  const mapping = await mappingForColumns(ctx.db, userId, table.columns);
  if (!mapping) return needsMapping(report, table);

  const mapped = mapTelemetryLines(table, mapping, timeZone, file.receivedAt);
  await yieldToEventLoop();
  const match = matchMachines(mapped.sales, await machinesOf(ctx.db, userId));
  const problems = [...read.problems.map((problem) => ({ ...problem, outcome: 'problem' as const })), ...mapped.problems].sort((a, b) => a.line - b.line);
  if (problems.length > 0 || match.problems.length > 0) {
    report.unknownSerials = match.unknown;
    const parts = [
      match.unknownCount > 0 ? `${countOf(match.unknownCount, 'machine')} in the file ${match.unknownCount === 1 ? 'is' : 'are'} not among yours` : null,
      match.ambiguousCount > 0 ? `${countOf(match.ambiguousCount, 'machine')} in the file could be several of yours` : null,
      problems.length > 0 ? `${countOf(problems.length, 'line')} cannot be read` : null,
    ].filter((part) => part !== null);
    return refuse(report, `Nothing was imported: ${listed(parts)}. Correct that, then send the file again.`, [...match.problems, ...problems]);
  }

  const machineIds = [...new Set([...match.machines.values()].map((machine) => machine.id))];
  const keys = transactionKeys(mapped.sales, match.machines);
  const [spells, catalogue] = await Promise.all([slotSpellsOf(ctx.db, userId, machineIds), productsByName(ctx.db, userId)]);

  try {
    await ctx.db.transaction(async (tx) => {
      // One telemetry import of an operator at a time, so that two exports that overlap, sent
      // together, each see what the other stored.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sales.telemetry'), ${userId})`);
      const stored = keys.some((key) => key !== null) ? await storedTransactionKeys(tx, machineIds, ...timeSpan(mapped.sales)) : new Set<string>();
      const { rows, repeated, totals, unrecognised, unrecognisedLines } = saleRows(userId, mapped.sales, match.machines, spells, catalogue, keys, stored);
      report.status = 'imported';
      report.units = totals.reduce((sum, total) => sum + total.units, 0);
      report.machines = totals
        .map(({ machine, units, cents, priced }) => ({ machineId: machine.id, machineName: machine.name, units, value: priced ? (cents / 100).toFixed(2) : null, readAt: null }))
        .sort((a, b) => a.machineName.localeCompare(b.machineName));
      if (repeated.firstLine !== null) reportLine(report, { line: repeated.firstLine, outcome: 'skipped', message: SalesImportMessages.repeatedSales(repeated.lines, repeated.units, repeated.firstLine) });
      for (const line of [...unrecognised, ...mapped.skipped]) reportLine(report, line);
      report.summary = [
        `Imported ${countOf(report.units, 'unit')} from ${countOf(rows.length, 'line')} for ${countOf(totals.length, 'machine')}`,
        repeated.lines > 0 ? `; ${countOf(repeated.lines, 'line')} already imported from an earlier file` : '',
        mapped.skipped.length > 0 ? `; ${countOf(mapped.skipped.length, 'line')} skipped` : '',
        unrecognisedLines > 0 ? `; ${countOf(unrecognisedLines, 'line')} with a product not recognised` : '',
        '.',
      ].join('');

      report.id = await storeImport(tx, userId, file, report);
      for (const row of rows) row.importId = report.id;
      await insertSales(tx, rows);
      await saveReport(tx, report.id, report);
    });
  } catch (error) {
    // The same file sent twice at once: the other request stored it first.
    const stored = isUniqueViolation(error) ? await findImportOf(ctx.db, userId, file.contentHash) : null;
    if (!stored) throw error;
    return alreadyImported(emptyReport('csv', file), stored, timeZone);
  }
  return report;
}

/** The first and the last sale's times. */
function timeSpan(sales: readonly TelemetrySale[]): [Date, Date] {
  let [from, to] = [sales[0]!.soldAt, sales[0]!.soldAt];
  for (const { soldAt } of sales) {
    if (soldAt < from) from = soldAt;
    if (soldAt > to) to = soldAt;
  }
  return [from, to];
}

async function timeZoneOf(db: Database, userId: number): Promise<string> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return user && isKnownTimeZone(user.timeZone) ? user.timeZone : 'UTC';
}

/** The catalogue by lower-cased name; a name several products share names none of them (null). */
async function productsByName(db: Database, userId: number): Promise<Map<string, number | null>> {
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.userId, userId));
  const byName = new Map<string, number | null>();
  for (const { id, name } of rows) {
    const key = name.trim().toLowerCase();
    byName.set(key, byName.has(key) ? null : id);
  }
  return byName;
}

function alreadyImported(report: SalesImportReport, existing: { id: number; receivedAt: Date }, timeZone: string): SalesImportReport {
  return { ...report, id: existing.id, status: 'already-imported', summary: SalesImportMessages.alreadyImported(formatTime(existing.receivedAt, timeZone)) };
}

function refuse(report: SalesImportReport, summary: string, lines: ImportLine[]): SalesImportReport {
  report.status = 'refused';
  report.summary = summary;
  for (const line of lines) reportLine(report, line);
  return report;
}

function needsMapping(report: SalesImportReport, table: TelemetryTable): SalesImportReport {
  const sample = table.rows.slice(0, SAMPLE_LINES).map((row) => row.cells);
  return {
    ...report,
    status: 'needs-mapping',
    summary: SalesImportMessages.needsMapping,
    mapping: { columns: table.columns, sample, suggested: suggestMapping(table.columns, sample) },
  };
}
