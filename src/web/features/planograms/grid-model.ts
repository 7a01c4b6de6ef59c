import { PlanogramInputSchema, PlanogramMessages, type Planogram, type PlanogramInput } from '../../../shared/planograms.schemas.js';

/**
 * The planogram grid as the operator edits it: every cell is text until it is saved, so a half-typed
 * number or a product name that matches nothing stays on screen with its problem instead of vanishing.
 */

export const GRID_COLUMNS = ['code', 'product', 'capacity', 'par', 'price'] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];
export const COLUMN_LABELS: Record<GridColumn, string> = { code: 'Code', product: 'Product', capacity: 'Capacity', par: 'Par', price: 'Price' };

export interface GridRow {
  /** Stable across inserts and deletes, so errors and focus stay with their row. */
  key: string;
  code: string;
  productId: number | null;
  /** What the product cell shows: the product's name, or typed text that names no product (an error). */
  productText: string;
  capacity: string;
  par: string;
  price: string;
  /** The saved slot's product and since when it holds it; null for a row not saved yet. */
  saved: { productId: number | null; since: string } | null;
}

export interface CatalogueProduct {
  id: number;
  name: string;
  price: string;
}

/** Errors by cell: `${row.key}:${column}`. */
export type CellErrors = Record<string, string>;
export const cellKey = (rowKey: string, column: GridColumn) => `${rowKey}:${column}`;

let lastKey = 0;
export const newRowKey = () => `row-${++lastKey}`;

export const emptyRow = (): GridRow => ({ key: newRowKey(), code: '', productId: null, productText: '', capacity: '', par: '', price: '', saved: null });

export function rowsOf(planogram: Planogram): GridRow[] {
  return planogram.slots.map((slot) => ({
    key: newRowKey(),
    code: slot.code,
    productId: slot.productId,
    productText: slot.productName ?? '',
    capacity: String(slot.capacity),
    par: String(slot.par),
    price: slot.price ?? '',
    saved: { productId: slot.productId, since: slot.since },
  }));
}

const isBlank = (row: GridRow) => [row.code, row.productText, row.capacity, row.par, row.price].every((text) => text.trim() === '');

/** Whole numbers as typed; anything else becomes NaN, which the schema words as the field's own error. */
const wholeOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The PUT body, and the key of the row behind each slot. Rows left wholly blank are not slots. */
export function inputOf(rows: readonly GridRow[]): { input: PlanogramInput; keys: string[] } {
  const kept = rows.filter((row) => !isBlank(row));
  return {
    keys: kept.map((row) => row.key),
    input: {
      slots: kept.map((row) => ({
        code: row.code.trim(),
        productId: row.productId,
        capacity: wholeOf(row.capacity),
        par: wholeOf(row.par),
        price: row.price.trim() === '' ? null : row.price.trim(),
      })),
    },
  };
}

/** The catalogue product a typed or pasted name means: its name in any case, or `#12` for its id. */
export function matchProduct(text: string, products: readonly CatalogueProduct[]): CatalogueProduct[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  const byId = /^#(\d+)$/.exec(wanted);
  if (byId) return products.filter((product) => product.id === Number(byId[1]));
  return products.filter((product) => product.name.trim().toLowerCase() === wanted);
}

/** The row's product cell set to `text`, the product found when the name names exactly one. */
export function withProductText(row: GridRow, text: string, products: readonly CatalogueProduct[]): GridRow {
  const found = matchProduct(text, products);
  return found.length === 1 ? { ...row, productText: found[0]!.name, productId: found[0]!.id } : { ...row, productText: text, productId: null };
}

/** Product names that match no product, or several: shown at once, as the operator types or pastes. */
export function productErrors(rows: readonly GridRow[], products: readonly CatalogueProduct[]): CellErrors {
  const errors: CellErrors = {};
  for (const row of rows) {
    if (row.productId !== null || row.productText.trim() === '') continue;
    const name = row.productText.trim();
    errors[cellKey(row.key, 'product')] =
      matchProduct(name, products).length > 1 ? PlanogramMessages.csvProductAmbiguous(name) : PlanogramMessages.csvProductUnknown(name);
  }
  return errors;
}

const FIELD_COLUMNS: Record<string, GridColumn> = { code: 'code', productId: 'product', capacity: 'capacity', par: 'par', price: 'price' };

/** The shared schema's verdict on the grid, by cell, before anything is sent. */
export function validateRows(rows: readonly GridRow[], products: readonly CatalogueProduct[]): CellErrors {
  const { input, keys } = inputOf(rows);
  const errors: CellErrors = {};
  const result = PlanogramInputSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [, index, field] = issue.path;
      const column = FIELD_COLUMNS[String(field)];
      const rowKey = keys[Number(index)];
      if (column && rowKey) errors[cellKey(rowKey, column)] ??= issue.message;
    }
  }
  return { ...errors, ...productErrors(rows, products) };
}

/**
 * The server's field errors ('slots.3.code') put on the cells of the rows that were sent; what
 * names no cell is answered as `rest`, for a message above the grid.
 */
export function serverCellErrors(errors: Record<string, string>, keys: readonly string[]): { cells: CellErrors; rest: string[] } {
  const cells: CellErrors = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    const [, index, name] = /^slots\.(\d+)\.(\w+)$/.exec(field) ?? [];
    const column = name ? FIELD_COLUMNS[name] : undefined;
    const rowKey = index === undefined ? undefined : keys[Number(index)];
    if (column && rowKey) cells[cellKey(rowKey, column)] = message;
    else rest.push(message);
  }
  return { cells, rest };
}

/** Whether the grid differs from the saved planogram in anything that would be sent. */
export function isDirty(rows: readonly GridRow[], saved: Planogram): boolean {
  const now = inputOf(rows).input.slots;
  if (now.length !== saved.slots.length || rows.some((row) => row.productId === null && row.productText.trim() !== '')) return true;
  return now.some((slot, index) => {
    const before = saved.slots[index]!;
    const price = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : Number(value));
    return (
      slot.code !== before.code ||
      slot.productId !== before.productId ||
      slot.capacity !== before.capacity ||
      slot.par !== before.par ||
      price(slot.price) !== price(before.price)
    );
  });
}
