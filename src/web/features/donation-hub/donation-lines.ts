import type { DonationLineInput } from '../../../shared/donation-hub.schemas.js';
import { formatCents } from '../../../shared/money.js';

/**
 * The Record Donation dialog's product rows (spec extended 3 and 5). The fields keep what was typed;
 * the figures read it as the spec says: quantity as a whole number, unit value as a decimal, and
 * anything else as 0. Only rows with a name and a quantity above 0 are sent.
 */
export interface DonationLineDraft {
  /** Stable across edits and removals, for React keys and for the server's errors. */
  key: string;
  /** The catalogue product the row was picked from, if it was. */
  productId: number | null;
  name: string;
  brand: string;
  quantity: string;
  unitValue: string;
  /** Cost basis of one unit; empty when not known. */
  unitCost: string;
}

let nextKey = 0;

export function newLine(fields: Partial<Omit<DonationLineDraft, 'key'>> = {}): DonationLineDraft {
  nextKey += 1;
  return { key: `line-${nextKey}`, productId: null, name: '', brand: '', quantity: '1', unitValue: '0.00', unitCost: '', ...fields };
}

/** parseInt's reading: '12' and '12.7' are 12; empty, negative or not a number is 0. */
export function parseQuantity(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** An amount in whole cents: '1.5' is 150, '1.999' rounds to 200; empty, negative or not a number is 0. */
export function parseCents(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}

/** Cents as the API's decimal string: 150 → '1.50'. */
export const centsText = (cents: number | bigint) => formatCents(BigInt(cents));

/** Quantity times unit value, in cents; a bigint, so a million units of a costly line stay exact. */
export function lineTotalCents(line: Pick<DonationLineDraft, 'quantity' | 'unitValue'>): bigint {
  return BigInt(parseQuantity(line.quantity)) * BigInt(parseCents(line.unitValue));
}

/** The rows that count: a name and a quantity above 0. */
export const isSendable = (line: DonationLineDraft) => line.name.trim() !== '' && parseQuantity(line.quantity) > 0;

/** The donation's value: the rows that will be sent, as the server will add them up. */
export function donationTotalCents(lines: readonly DonationLineDraft[]): bigint {
  return lines.filter(isSendable).reduce((sum, line) => sum + lineTotalCents(line), 0n);
}

export interface SendableLines {
  products: DonationLineInput[];
  /** The row each sent product came from: the server's 'products.2.quantity' is `rowKeys[2]`'s quantity. */
  rowKeys: string[];
}

/** The payload's products, in the rows' order, and where each came from. */
export function sendableLines(lines: readonly DonationLineDraft[]): SendableLines {
  const sent = lines.filter(isSendable);
  return {
    products: sent.map((line) => ({
      ...(line.productId === null ? {} : { productId: line.productId }),
      name: line.name.trim(),
      brand: line.brand.trim(),
      quantity: parseQuantity(line.quantity),
      unitValue: centsText(parseCents(line.unitValue)),
      unitCost: line.unitCost.trim() === '' ? null : centsText(parseCents(line.unitCost)),
    })),
    rowKeys: sent.map((line) => line.key),
  };
}

export const LINE_FIELDS = ['productId', 'name', 'brand', 'quantity', 'unitValue', 'unitCost'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export interface SortedFieldErrors {
  /** Per row key, the messages of its fields. */
  rows: Record<string, Partial<Record<LineField, string>>>;
  /** Everything else, by the server's key ('donationDate', 'inReturn.value', 'products'). */
  other: Record<string, string>;
}

/** Puts the server's errors beside the fields they belong to: product errors by row, the rest by name. */
export function sortFieldErrors(errors: Record<string, string> | undefined, rowKeys: readonly string[]): SortedFieldErrors {
  const sorted: SortedFieldErrors = { rows: {}, other: {} };
  for (const [key, message] of Object.entries(errors ?? {})) {
    const match = /^products\.(\d+)\.(\w+)$/.exec(key);
    const rowKey = match ? rowKeys[Number(match[1])] : undefined;
    const field = match?.[2] as LineField | undefined;
    if (rowKey && field && (LINE_FIELDS as readonly string[]).includes(field)) {
      sorted.rows[rowKey] = { ...sorted.rows[rowKey], [field]: message };
    } else {
      sorted.other[key] = message;
    }
  }
  return sorted;
}

/** The day on the operator's calendar ('2026-05-01'), which is what the server calls today. */
export function calendarDay(timeZone: string | undefined, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The first day a gift may be recorded on: January 1st, `years` tax years back. */
export function earliestDay(today: string, years: number): string {
  return `${Number(today.slice(0, 4)) - years}-01-01`;
}
