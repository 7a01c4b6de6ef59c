import { SLOT_CODE_PATTERN } from '../../../shared/planograms.schemas.js';
import type { ImportLine, TelemetryMappingFields } from '../../../shared/sales-imports.schemas.js';
import { columnIndex, type TelemetryTable } from './telemetry-csv.js';
import { timeReader } from './telemetry-times.js';

/**
 * A telemetry file's rows read through its mapping into sale lines: the machine as the file names
 * it, the selection or product, the time, the units and the money. No database: which machine and
 * product those name is the import's business.
 */

export interface TelemetrySale {
  line: number;
  /** The machine column's value, trimmed: a serial number or a machine's name. */
  machine: string;
  code: string | null;
  productName: string | null;
  quantity: number;
  /** The line's amount in cents; null when the file gives none. */
  cents: number | null;
  soldAt: Date;
  /** The provider's id of the sale, when the mapping names its column and the line gives one. */
  transactionId: string | null;
}

export interface MappedLines {
  sales: TelemetrySale[];
  /** Lines read but not sales (refunds, voids, nothing sold), each with why. */
  skipped: ImportLine[];
  problems: ImportLine[];
}

/** Longer than any provider's transaction id: a column mistaken for it. */
export const MAX_TRANSACTION_ID_LENGTH = 100;
/** More units than any vend on one line: a column mistaken for the quantity. */
export const MAX_LINE_QUANTITY = 1_000;
/** Below numeric(12,2)'s limit with room for a file's sum. */
const MAX_LINE_CENTS = 1_000_000_00;
/** A sale may be told a day ahead (a machine's clock, time zones); more is a date read the wrong way round. */
const FUTURE_SLACK_MS = 24 * 60 * 60_000;
const WHOLE = /^[+-]?\d+(?:\.0+)?$/;

export type QuantityReading = { ok: true; quantity: number } | { ok: false; message: string };

/** Units on the line: empty is one; a whole number otherwise. */
export function readQuantity(text: string): QuantityReading {
  const value = text.trim();
  if (value === '') return { ok: true, quantity: 1 };
  if (!WHOLE.test(value)) return { ok: false, message: `the quantity “${value}” is not a whole number` };
  const quantity = Math.trunc(Number(value));
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, message: `the quantity ${quantity} is more than ${MAX_LINE_QUANTITY} units on one line` };
  return { ok: true, quantity };
}

const CURRENCY_BEFORE = /^(?:[A-Za-z]{3}|[A-Za-z]{0,2}[$€£¥])/;
const CURRENCY_AFTER = /(?:[$€£¥]|[A-Za-z]{3})$/;

/**
 * An amount in cents ('1.50', '$1.50', 'USD 1.50', '1,50 €', '1.234,50', '-$1.50', '(1.50)' for a
 * negative), or NaN. A lone comma is the decimal mark in a semicolon-separated file (written where
 * it is one) or when not followed by exactly three digits; with both marks the last is the decimal.
 */
export function readCents(text: string, delimiter: string): number {
  let value = text.replace(/[\s\u00a0]/g, '');
  let negative = false;
  const sign = () => {
    if (value.startsWith('-')) [value, negative] = [value.slice(1), !negative];
  };
  if (/^\(.*\)$/.test(value)) [value, negative] = [value.slice(1, -1), true];
  sign();
  value = value.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '');
  sign();
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma !== -1 && dot !== -1) value = comma > dot ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  else if (comma !== -1) value = delimiter === ';' || !/^\d{1,3}(?:,\d{3})+$/.test(value) ? value.replace(',', '.') : value.replace(/,/g, '');
  if (!/^\d+(?:\.\d+)?$/.test(value)) return NaN;
  const [whole, fraction = ''] = value.split('.');
  const cents = Number(whole) * 100 + Math.round(Number(`${fraction}000`.slice(0, 3)) / 10);
  return negative ? -cents : cents;
}

/** Reads every row through `mapping`; times without an offset are in `timeZone`. */
export function mapTelemetryLines(table: TelemetryTable, mapping: TelemetryMappingFields, timeZone: string, receivedAt: Date): MappedLines {
  const at = (column: string | null) => columnIndex(table.columns, column);
  const [machineAt, selectionAt, productAt, timeAt, timeOfDayAt, quantityAt, priceAt, transactionAt] = [
    at(mapping.machine), at(mapping.selection), at(mapping.product), at(mapping.time), at(mapping.timeOfDay), at(mapping.quantity), at(mapping.price), at(mapping.transactionId),
  ];
  const readTime = timeReader(timeZone, mapping.dateOrder);
  const latest = receivedAt.getTime() + FUTURE_SLACK_MS;
  const result: MappedLines = { sales: [], skipped: [], problems: [] };

  for (const { line, cells } of table.rows) {
    const said: string[] = [];
    const machine = cells[machineAt]!.trim();
    if (machine === '') said.push(`the machine column “${mapping.machine}” is empty`);
    const code = selectionAt === -1 ? null : cells[selectionAt]!.trim() || null;
    if (code !== null && !SLOT_CODE_PATTERN.test(code)) said.push(`“${code.slice(0, 40)}” is not a selection code such as A1 or 12`);
    const productName = productAt === -1 ? null : cells[productAt]!.trim() || null;
    const time = readTime(cells[timeAt]!, timeOfDayAt === -1 ? null : cells[timeOfDayAt]!);
    if (!time.ok) said.push(time.message);
    else if (time.at.getTime() > latest) said.push(`the time ${time.at.toISOString()} is in the future: check whether the month or the day comes first`);
    const quantity = quantityAt === -1 ? ({ ok: true, quantity: 1 } as const) : readQuantity(cells[quantityAt]!);
    if (!quantity.ok) said.push(quantity.message);
    const priceText = priceAt === -1 ? '' : cells[priceAt]!.trim();
    const cents = priceText === '' ? null : readCents(priceText, table.delimiter);
    if (cents !== null && (Number.isNaN(cents) || Math.abs(cents) >= MAX_LINE_CENTS)) said.push(`the amount “${priceText.slice(0, 40)}” is not an amount such as 1.50`);
    const transactionId = transactionAt === -1 ? null : cells[transactionAt]!.trim() || null;
    if (transactionId !== null && transactionId.length > MAX_TRANSACTION_ID_LENGTH) said.push(`the transaction ID is longer than ${MAX_TRANSACTION_ID_LENGTH} characters`);

    if (said.length > 0) {
      result.problems.push({ line, outcome: 'problem', message: `Line ${line}: ${said.join('; ')}` });
      continue;
    }
    if (!quantity.ok || !time.ok) continue;
    if (quantity.quantity < 0 || (cents !== null && cents < 0)) {
      result.skipped.push({ line, outcome: 'skipped', message: `Line ${line}: refund or void, not a sale` });
      continue;
    }
    if (quantity.quantity === 0) {
      result.skipped.push({ line, outcome: 'skipped', message: `Line ${line}: no units sold (quantity 0)` });
      continue;
    }
    result.sales.push({ line, machine, code, productName, quantity: quantity.quantity, cents, soldAt: time.at, transactionId });
  }
  return result;
}
