import { PRODUCT_CATEGORIES } from './catalog.js';
import {
  IMPORT_BATCH_ROWS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  ImportMessages,
  ImportRowSchema,
  type ImportRowInput,
} from './product-import.schemas.js';

// Reading an import file into rows and checking each one. Pure code: the import page runs it in
// a Web Worker, the benchmark and the tests under Node; the server checks the rows again with the
// same schema when they arrive. The readers of each format (and their libraries) live in
// product-import-csv.ts and product-import-xlsx.ts, so the page itself loads none of them.

export type ImportFileKind = 'csv' | 'xlsx' | 'xls';

/** A refusal of the whole file, worded for the user; `title` heads the message on screen. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly title: string = ImportMessages.parseErrorTitle,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** The kind of file by its name's ending (spec extended 5), or null for any other file. */
export function importFileKind(fileName: string): ImportFileKind | null {
  const match = /\.(csv|xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as ImportFileKind) : null;
}

/** Refuses what is not worth reading: another type, an old .xls, a file over the size limit. */
export function checkImportFile(fileName: string, size: number): ImportFileKind {
  const kind = importFileKind(fileName);
  if (!kind) throw new ImportFileError(ImportMessages.invalidFileType, ImportMessages.invalidFileTypeTitle);
  if (kind === 'xls') throw new ImportFileError(ImportMessages.oldExcelFormat, ImportMessages.invalidFileTypeTitle);
  if (size > IMPORT_MAX_FILE_BYTES) throw new ImportFileError(ImportMessages.fileTooLarge);
  return kind;
}

export const IMPORT_FIELDS = ['name', 'brand', 'category', 'price', 'description'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One data row of a file: its row number (the header is row 1) and its cells by column. */
export interface ImportRecord {
  row: number;
  values: Record<ImportField, string>;
}

/**
 * Collects a table's rows into records. The first non-empty row names the columns (any
 * capitalisation, any order, other columns ignored); empty rows are skipped but keep their
 * numbers, so each record's row is the one the user sees in a spreadsheet.
 */
export class RecordCollector {
  readonly records: ImportRecord[] = [];
  private columns: Partial<Record<ImportField, number>> | null = null;

  add(row: number, cells: readonly string[]): void {
    if (cells.every((cell) => cell.trim() === '')) return;
    if (!this.columns) {
      this.columns = columnsOf(cells);
      return;
    }
    if (this.records.length >= IMPORT_MAX_ROWS) throw new ImportFileError(ImportMessages.tooManyRows);
    const columns = this.columns;
    const values = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, (cells[columns[field] ?? -1] ?? '').trim()])) as Record<ImportField, string>;
    this.records.push({ row, values });
  }

  /** The records; a file without a header row has none. */
  finish(): ImportRecord[] {
    return this.records;
  }
}

function columnsOf(header: readonly string[]): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  header.forEach((cell, index) => {
    const field = cell.trim().toLowerCase() as ImportField;
    if ((IMPORT_FIELDS as readonly string[]).includes(field) && columns[field] === undefined) columns[field] = index;
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => columns[column.toLowerCase() as ImportField] === undefined);
  if (missing.length > 0) throw new ImportFileError(ImportMessages.missingColumns(missing));
  return columns;
}

/** One row of the preview: what the file says, and why it cannot be imported when it cannot. */
export interface PreviewRow {
  row: number;
  values: Record<ImportField, string>;
  /** Messages of the fields that break the rules; empty when the row is valid. */
  errors: Partial<Record<ImportField, string>>;
  /** What is sent to the server for a valid row; null for an invalid one. */
  input: ImportRowInput | null;
  /** The row number of an earlier row of this file with the same name and brand. */
  sameAsRow: number | null;
  /** True when the operator already has a product with this name and brand. */
  inCatalogue: boolean;
}

const CANONICAL_CATEGORIES = new Map(PRODUCT_CATEGORIES.map((category) => [category.toLowerCase(), category]));

/** The row as it is sent: a category typed in another case becomes the catalogue's spelling. */
function rowInput(record: ImportRecord): Record<string, unknown> {
  const { name, brand, category, price, description } = record.values;
  return {
    row: record.row,
    name,
    brand,
    category: CANONICAL_CATEGORIES.get(category.toLowerCase()) ?? category,
    ...(price === '' ? {} : { price }),
    ...(description === '' ? {} : { description }),
  };
}

/** A product's identity for matching: name and brand, ignoring case and surrounding spaces. */
export function productKey(name: string, brand: string): string {
  return JSON.stringify([name.trim().toLowerCase(), brand.trim().toLowerCase()]);
}

/**
 * Checks every record with the server's own schema and marks the rows that match a product in
 * `catalogue` or an earlier row of the file (by name and brand, ignoring case).
 */
export function previewRecords(records: readonly ImportRecord[], catalogue: readonly { name: string; brand: string }[] = []): PreviewRow[] {
  const known = new Set(catalogue.map((product) => productKey(product.name, product.brand)));
  const firstRowOf = new Map<string, number>();
  return records.map((record) => {
    const candidate = rowInput(record);
    const parsed = ImportRowSchema.safeParse(candidate);
    const errors: Partial<Record<ImportField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ImportField;
        errors[field] ??= issue.message;
      }
    }
    const key = productKey(record.values.name, record.values.brand);
    const sameAsRow = parsed.success ? (firstRowOf.get(key) ?? null) : null;
    if (parsed.success && sameAsRow === null) firstRowOf.set(key, record.row);
    return {
      row: record.row,
      values: record.values,
      errors,
      input: parsed.success ? (candidate as ImportRowInput) : null,
      sameAsRow,
      inCatalogue: known.has(key),
    };
  });
}

export interface PreviewSummary {
  rows: number;
  valid: number;
  invalid: number;
  /** Valid rows that match a product already in the catalogue or an earlier row. */
  existing: number;
}

export function summarizePreview(rows: readonly PreviewRow[]): PreviewSummary {
  let valid = 0;
  let existing = 0;
  for (const row of rows) {
    if (!row.input) continue;
    valid += 1;
    if (row.inCatalogue || row.sameAsRow !== null) existing += 1;
  }
  return { rows: rows.length, valid, invalid: rows.length - valid, existing };
}

/** The valid rows in batches of at most `size`, in file order. */
export function importBatches(rows: readonly PreviewRow[], size: number = IMPORT_BATCH_ROWS): ImportRowInput[][] {
  const inputs = rows.flatMap((row) => (row.input ? [row.input] : []));
  const batches: ImportRowInput[][] = [];
  for (let start = 0; start < inputs.length; start += size) batches.push(inputs.slice(start, start + size));
  return batches;
}
