import { and, desc, eq } from 'drizzle-orm';
import { SalesImportMessages, type SalesImportOptions, type SalesImportReport } from '../../../shared/sales-imports.schemas.js';
import type { AppContext } from '../../context.js';
import { dexAudits, users, vendingMachines } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { notFound } from '../../http-errors.js';
import { salesSinceLastAudit, type AuditSales } from './audit-sales.js';
import { readDexAudit, type DexAudit } from './dex-audit.js';
import { auditSaleRows, reportAuditLines } from './dex-report.js';
import { emptyReport, findImportOf, insertSales, machinesBySerial, machinesOf, saveReport, serialKey, storeImport, type OwnedMachine, type SalesFile } from './sales-import-store.js';
import { slotSpellsOf } from './slot-spells.js';

/**
 * Imports one DEX audit file: the machine by its serial, the sales since its last audit (the
 * difference of each selection's counters), all in one transaction with the import's record, so
 * a file is either taken whole or changes nothing.
 */

/** Money in the file is in the currency's smallest unit; a file without ID4 is read with two decimals. */
const DEFAULT_DECIMAL_PLACES = 2;

const refused = (report: SalesImportReport, summary: string): SalesImportReport => ({ ...report, status: 'refused', summary });

export async function importDexFile(ctx: AppContext, userId: number, file: SalesFile, options: SalesImportOptions): Promise<SalesImportReport> {
  const report = emptyReport('dex', file);
  const timeZone = await timeZoneOf(ctx, userId);
  const earlier = await findImportOf(ctx.db, userId, file.contentHash);
  if (earlier) return alreadyImported(report, earlier, timeZone);

  const read = readDexAudit(file.bytes);
  if (!read.ok) {
    report.lines = read.problems.map((problem) => ({ line: problem.line, outcome: 'problem', message: problem.message }));
    const checkFailed = read.problems.some((problem) => problem.message.includes('G85'));
    return refused(report, checkFailed ? SalesImportMessages.checkFailed : `The file cannot be read: ${read.problems.length === 1 ? 'one line is' : `${read.problems.length} lines are`} not as a DEX audit file must be, so nothing was imported.`);
  }
  const { audit } = read;
  const machine = await machineOf(ctx, userId, audit, options, report);
  if (!machine) return report;

  const readAt = options.readAt ?? file.receivedAt;
  try {
    return await ctx.db.transaction(async (tx) => {
      // Audits of one machine take turns: each is counted from the one before it.
      await tx.select({ id: vendingMachines.id }).from(vendingMachines).where(eq(vendingMachines.id, machine.id)).for('update');
      const [latest] = await tx
        .select({ readAt: dexAudits.readAt, counters: dexAudits.counters, soldOut: dexAudits.soldOut })
        .from(dexAudits)
        .where(eq(dexAudits.machineId, machine.id))
        .orderBy(desc(dexAudits.readAt))
        .limit(1);
      if (latest && latest.readAt.getTime() >= readAt.getTime()) {
        return refused(report, SalesImportMessages.olderThanLatest(machine.name, formatTime(latest.readAt, timeZone)));
      }
      const sales = salesSinceLastAudit(latest?.counters ?? [], audit.selections);
      const spells = await slotSpellsOf(tx, userId, [machine.id]);
      const decimalPlaces = audit.decimalPlaces ?? DEFAULT_DECIMAL_PLACES;
      const importId = await storeImport(tx, userId, file, report);
      const rows = auditSaleRows({ userId, machineId: machine.id, importId, sales, spells, soldFrom: latest?.readAt ?? null, soldAt: readAt, decimalPlaces });
      await tx.insert(dexAudits).values({ userId, machineId: machine.id, importId, readAt, counters: sales.counters, totals: totalsOf(audit, decimalPlaces), soldOut: soldOutOf(audit) });
      await insertSales(tx, rows);
      reportAuditLines(report, audit, sales, rows, latest?.soldOut ?? []);
      fillSummary(report, machine, rows, sales, { readAt, since: latest?.readAt ?? null, timeZone });
      report.id = importId;
      await saveReport(tx, importId, report);
      return report;
    });
  } catch (error) {
    // The same file sent twice at once: the second finds the first's record.
    if (!isUniqueViolation(error)) throw error;
    const first = await findImportOf(ctx.db, userId, file.contentHash);
    if (!first) throw error;
    return alreadyImported(emptyReport('dex', file), first, timeZone);
  }
}

/** The machine the file is from: by its serial, or the one chosen for a file without a serial. Null (and the report says why) when none. */
async function machineOf(ctx: AppContext, userId: number, audit: DexAudit, options: SalesImportOptions, report: SalesImportReport): Promise<OwnedMachine | null> {
  const machines = await machinesOf(ctx.db, userId);
  if (audit.serial === null) {
    const chosen = options.machineId === undefined ? undefined : machines.find((machine) => machine.id === options.machineId);
    if (options.machineId !== undefined && !chosen) throw notFound(SalesImportMessages.machineNotFound);
    if (chosen) return chosen;
    report.lines.push({ line: 1, outcome: 'problem', message: SalesImportMessages.noSerial });
    Object.assign(report, refused(report, SalesImportMessages.noSerial));
    return null;
  }
  const matches = machinesBySerial(machines).get(serialKey(audit.serial)) ?? [];
  if (matches.length === 1) {
    const [machine] = matches as [OwnedMachine];
    if (options.machineId !== undefined && options.machineId !== machine.id) {
      Object.assign(report, refused(report, SalesImportMessages.serialOfAnotherMachine(audit.serial, machine.name)));
      return null;
    }
    return machine;
  }
  report.unknownSerials = matches.length === 0 ? [audit.serial] : [];
  const message = matches.length === 0 ? SalesImportMessages.unknownSerial(audit.serial) : SalesImportMessages.ambiguousSerial(audit.serial, matches.length);
  Object.assign(report, refused(report, message));
  return null;
}

/** The selections the machine reports having sold out, with when by its clock (PA5). */
function soldOutOf(audit: DexAudit): { code: string; at: string }[] {
  return audit.selections.flatMap((selection) => (selection.soldOutAt === null ? [] : [{ code: selection.code, at: selection.soldOutAt }]));
}

function alreadyImported(report: SalesImportReport, earlier: { id: number; receivedAt: Date }, timeZone: string): SalesImportReport {
  return { ...report, id: earlier.id, status: 'already-imported', summary: SalesImportMessages.alreadyImported(formatTime(earlier.receivedAt, timeZone)) };
}

function fillSummary(report: SalesImportReport, machine: OwnedMachine, rows: ReturnType<typeof auditSaleRows>, sales: AuditSales, times: { readAt: Date; since: Date | null; timeZone: string }) {
  const units = rows.reduce((sum, row) => sum + row.quantity, 0);
  const priced = rows.filter((row) => row.value != null);
  const value = priced.length > 0 ? priced.reduce((sum, row) => sum + Number(row.value), 0).toFixed(2) : null;
  report.units = units;
  report.machines = [{ machineId: machine.id, machineName: machine.name, units, value, readAt: times.readAt.toISOString() }];
  const read = formatTime(times.readAt, times.timeZone);
  report.summary = times.since
    ? `${machine.name}, read ${read}: ${units} ${units === 1 ? 'unit' : 'units'} sold since the audit of ${formatTime(times.since, times.timeZone)}${sales.baselines.length > 0 ? `; ${sales.baselines.length} ${sales.baselines.length === 1 ? 'selection starts' : 'selections start'} a new baseline` : ''}.`
    : `${machine.name}, read ${read}: its first audit. Its counters are the baseline; sales are counted from the next audit on.`;
}

function totalsOf(audit: DexAudit, decimalPlaces: number): Record<string, number | null> | null {
  if (!audit.totals) return null;
  const money = (value: number | null) => (value === null ? null : value / 10 ** decimalPlaces);
  return { valueSinceInit: money(audit.totals.valueSinceInit), vendsSinceInit: audit.totals.vendsSinceInit, valueSinceReset: money(audit.totals.valueSinceReset), vendsSinceReset: audit.totals.vendsSinceReset };
}

async function timeZoneOf(ctx: AppContext, userId: number): Promise<string> {
  const [row] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(and(eq(users.id, userId))).limit(1);
  return row?.timeZone ?? 'UTC';
}

/** A time as the operator reads it: '28 Nov 2026, 14:05'. */
export function formatTime(time: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(time);
}
