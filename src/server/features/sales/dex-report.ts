import type { SalesImportReport } from '../../../shared/sales-imports.schemas.js';
import type { AuditSales } from './audit-sales.js';
import type { DexAudit } from './dex-audit.js';
import { moneyOf, reportLine, type NewSale } from './sales-import-store.js';
import { productAt, type SlotSpells } from './slot-spells.js';

/** An audit's sales as rows of machine_sales, and what the report says of each selection, by its PA1 line. */

interface SaleRowsInput {
  userId: number;
  machineId: number;
  importId: number;
  sales: AuditSales;
  spells: SlotSpells;
  soldFrom: Date | null;
  soldAt: Date;
  decimalPlaces: number;
}

/**
 * One row per selection that sold. The product is the one the slot held when the audit was read:
 * a slot's product changed between two audits splits nothing, as the counters cannot tell which
 * units were sold before the change.
 */
export function auditSaleRows(input: SaleRowsInput): NewSale[] {
  return input.sales.sales.map((sale) => ({
    userId: input.userId,
    machineId: input.machineId,
    importId: input.importId,
    code: sale.code,
    productId: productAt(input.spells, input.machineId, sale.code, input.soldAt) ?? null,
    quantity: sale.vends,
    value: sale.value === null ? null : moneyOf(sale.value, input.decimalPlaces),
    soldFrom: input.soldFrom,
    soldAt: input.soldAt,
  }));
}

const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

/** `reportedBefore`: what the machine's previous audit reported sold out, so only a new report is noted. */
export function reportAuditLines(report: SalesImportReport, audit: DexAudit, sales: AuditSales, rows: readonly NewSale[], reportedBefore: readonly { code: string; at: string }[]): void {
  const lineOf = new Map(audit.selections.map((selection) => [selection.code, selection.line]));
  const line = (code: string) => lineOf.get(code) ?? 1;
  const entries: SalesImportReport['lines'] = [];
  for (const row of rows) {
    const where = row.productId === null ? ' (not in the machine’s planogram: kept under its selection code)' : '';
    entries.push({ line: line(row.code!), outcome: 'imported', message: `${row.code}: ${units(row.quantity)} sold${where}.` });
  }
  for (const baseline of sales.baselines) {
    const message =
      baseline.reason === 'first-audit'
        ? `${baseline.code}: first audit of this selection; its counter (${countOf(audit, baseline.code)}) is the baseline for the next.`
        : `${baseline.code}: the counter went back from ${baseline.before} to ${baseline.now} (the controller was reset or replaced); a new baseline, and no sales counted.`;
    entries.push({ line: line(baseline.code), outcome: 'baseline', message });
  }
  for (const code of sales.uncounted) {
    entries.push({ line: line(code), outcome: 'skipped', message: `${code}: no paid-vend counter (PA201) in this file; its sales are counted at the next audit that has one.` });
  }
  const before = new Map(reportedBefore.map((soldOut) => [soldOut.code, soldOut.at]));
  for (const selection of audit.selections) {
    if (selection.soldOutAt === null || before.get(selection.code) === selection.soldOutAt) continue;
    const [day, time] = selection.soldOutAt.split('T') as [string, string];
    entries.push({ line: selection.line, outcome: 'note', message: `${selection.code}: last sold out ${day} at ${time.slice(0, 5)} by the machine’s clock.` });
  }
  if (audit.decimalPlaces === null) entries.push({ line: 1, outcome: 'note', message: 'The file gives no decimal places (ID4); amounts were read with 2.' });
  if (!audit.checked) entries.push({ line: 1, outcome: 'note', message: 'The file has no G85 check, so damage on the way could not be ruled out.' });
  for (const warning of audit.warnings) entries.push({ line: warning.line, outcome: 'note', message: warning.message });
  entries.sort((a, b) => a.line - b.line);
  for (const entry of entries) reportLine(report, entry);
}

function countOf(audit: DexAudit, code: string): number | string {
  return audit.selections.find((selection) => selection.code === code)?.paidVendsSinceInit ?? '—';
}
