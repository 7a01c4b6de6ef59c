import { SalesImportMessages, type ImportLine } from '../../../shared/sales-imports.schemas.js';
import { countOf } from '../../../shared/wording.js';
import { machinesBySerial, serialKey, storedSaleKey, type NewSale, type OwnedMachine } from './sales-import-store.js';
import { productAt, type SlotSpells } from './slot-spells.js';
import type { TelemetrySale } from './telemetry-lines.js';

/**
 * A telemetry file's sale lines told with the operator's machines and products: which machine each
 * line's machine column names, which product it sold, and the rows to store. Lines whose product
 * is not known are still sales of the machine; the report groups them by selection, not by line.
 */

/** Distinct unknown machine values named in the report; past this they are counted. */
const UNKNOWN_MACHINES_LISTED = 100;

export interface MachineMatch {
  /** Each distinct machine value of the file and the machine it names. */
  machines: Map<string, OwnedMachine>;
  unknown: string[];
  unknownCount: number;
  /** Values naming several machines (a shared serial, or a shared name and no serial). */
  ambiguousCount: number;
  /** Why the file cannot be imported, by the first line naming each unknown or shared value. */
  problems: ImportLine[];
}

/** Matches each machine value by serial number first, then by the machine's name, both without case. */
export function matchMachines(sales: readonly TelemetrySale[], owned: readonly OwnedMachine[]): MachineMatch {
  const bySerial = machinesBySerial(owned);
  const byName = new Map<string, OwnedMachine[]>();
  for (const machine of owned) {
    const key = machine.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), machine]);
  }
  const seen = new Map<string, { line: number; lines: number }>();
  for (const sale of sales) {
    const entry = seen.get(sale.machine);
    if (entry) entry.lines += 1;
    else seen.set(sale.machine, { line: sale.line, lines: 1 });
  }
  const match: MachineMatch = { machines: new Map(), unknown: [], unknownCount: 0, ambiguousCount: 0, problems: [] };
  for (const [value, { line, lines }] of seen) {
    const where = lines === 1 ? `Line ${line}: ` : `Line ${line} and ${countOf(lines - 1, 'more line')}: `;
    const serials = bySerial.get(serialKey(value)) ?? [];
    const named = serials.length === 0 ? (byName.get(value.toLowerCase()) ?? []) : [];
    const found = serials.length > 0 ? serials : named;
    if (found.length === 1) {
      match.machines.set(value, found[0]!);
      continue;
    }
    if (found.length > 1) {
      match.ambiguousCount += 1;
      const message = serials.length > 1 ? SalesImportMessages.ambiguousSerial(value, found.length) : SalesImportMessages.ambiguousMachineName(value, found.length);
      match.problems.push({ line, outcome: 'problem', message: where + message });
      continue;
    }
    match.unknownCount += 1;
    if (match.unknown.length < UNKNOWN_MACHINES_LISTED) match.unknown.push(value);
    match.problems.push({ line, outcome: 'problem', message: where + SalesImportMessages.unknownSerial(value) });
  }
  return match;
}

export interface MachineTotals {
  machine: OwnedMachine;
  units: number;
  cents: number;
  /** Whether any line of the machine gave an amount; else its value is unknown, not zero. */
  priced: boolean;
}

/**
 * Each sale's transaction key: its transaction id and its place among the file's lines of that
 * transaction at that machine ('T-991#1', 'T-991#2' for a sale of two products), or null without
 * an id. An export that overlaps an earlier one lists a transaction's lines the same way, so the
 * same sale gets the same key.
 */
export function transactionKeys(sales: readonly TelemetrySale[], machines: Map<string, OwnedMachine>): (string | null)[] {
  const lines = new Map<string, number>();
  return sales.map((sale) => {
    if (sale.transactionId === null) return null;
    const counted = storedSaleKey(machines.get(sale.machine)!.id, sale.transactionId);
    const place = (lines.get(counted) ?? 0) + 1;
    lines.set(counted, place);
    return `${sale.transactionId}#${place}`;
  });
}

export interface SaleRows {
  /** Without their import's id, which the transaction sets. */
  rows: NewSale[];
  /** Lines an earlier file already brought (same machine and transaction key): not stored again. */
  repeated: { lines: number; units: number; firstLine: number | null };
  totals: MachineTotals[];
  /** One line per machine, selection and product name whose product was not recognised. */
  unrecognised: ImportLine[];
  unrecognisedLines: number;
}

/**
 * The rows to store: a selection's product is the one its slot held at the time (planogram
 * history); failing that, the product column's name, if exactly one product of the catalogue has it.
 */
export function saleRows(
  userId: number,
  sales: readonly TelemetrySale[],
  machines: Map<string, OwnedMachine>,
  spells: SlotSpells,
  productsByName: Map<string, number | null>,
  keys: readonly (string | null)[],
  stored: ReadonlySet<string>,
): SaleRows {
  const totals = new Map<number, MachineTotals>();
  const groups = new Map<string, { machine: OwnedMachine; sale: TelemetrySale; lines: number; units: number }>();
  const rows: NewSale[] = [];
  const repeated: SaleRows['repeated'] = { lines: 0, units: 0, firstLine: null };
  let unrecognisedLines = 0;
  sales.forEach((sale, index) => {
    const machine = machines.get(sale.machine)!;
    const transactionKey = keys[index] ?? null;
    if (transactionKey !== null && stored.has(storedSaleKey(machine.id, transactionKey))) {
      repeated.lines += 1;
      repeated.units += sale.quantity;
      repeated.firstLine ??= sale.line;
      return;
    }
    let productId = sale.code === null ? null : (productAt(spells, machine.id, sale.code, sale.soldAt) ?? null);
    if (productId === null && sale.productName !== null) productId = productsByName.get(sale.productName.toLowerCase()) ?? null;
    const value = sale.cents === null ? null : (sale.cents / 100).toFixed(2);
    rows.push({ userId, machineId: machine.id, importId: 0, code: sale.code, productId, quantity: sale.quantity, value, soldFrom: null, soldAt: sale.soldAt, transactionKey });

    const total = totals.get(machine.id) ?? { machine, units: 0, cents: 0, priced: false };
    totals.set(machine.id, total);
    total.units += sale.quantity;
    if (sale.cents !== null) [total.cents, total.priced] = [total.cents + sale.cents, true];
    if (productId !== null) return;
    unrecognisedLines += 1;
    const key = `${machine.id}\u001f${sale.code?.toUpperCase() ?? ''}\u001f${sale.productName?.toLowerCase() ?? ''}`;
    const group = groups.get(key) ?? { machine, sale, lines: 0, units: 0 };
    groups.set(key, group);
    group.lines += 1;
    group.units += sale.quantity;
  });
  const unrecognised = [...groups.values()].map(({ machine, sale, lines, units }) => ({
    line: sale.line,
    outcome: 'imported' as const,
    message: unrecognisedMessage(machine.name, sale, lines, units),
  }));
  return { rows, repeated, totals: [...totals.values()], unrecognised, unrecognisedLines };
}

function unrecognisedMessage(machineName: string, sale: TelemetrySale, lines: number, units: number): string {
  const what = [sale.code === null ? null : `selection ${sale.code}`, sale.productName === null ? null : `“${sale.productName}”`].filter(Boolean).join(' ');
  const where = what === '' ? `Lines naming no selection or product at ${machineName}` : `${what[0]!.toUpperCase()}${what.slice(1)} at ${machineName}`;
  const fixes = [sale.code === null ? null : 'put the selection in the machine’s planogram', sale.productName === null ? null : 'give a product of your catalogue that name'];
  const advice = fixes.some(Boolean) ? ` For the next files to count them for a product, ${fixes.filter(Boolean).join(' or ')}.` : '';
  return `${where}: product not recognised; ${countOf(units, 'unit')} on ${countOf(lines, 'line')} from line ${sale.line} were imported without a product.${advice}`;
}
