import { z } from 'zod';
import { ProductInputSchema } from './products.schemas.js';

/** Rows per `POST /api/products/import`: one transaction each, small enough to answer quickly. */
export const IMPORT_BATCH_ROWS = 1_000;
/** Files larger than this are refused before they are read. */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Data rows (not counting the header and empty lines) one file may hold. */
export const IMPORT_MAX_ROWS = 50_000;
/** Columns read from each row of a spreadsheet: the template has five; the headers must be among the first hundred. */
export const IMPORT_MAX_COLUMNS = 100;
/**
 * What an .xlsx may unpack to. A real 50,000-row sheet unpacks to about 10 MB; a zip bomb of a
 * few kilobytes can unpack to gigabytes, and is refused before it is unpacked.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** The template's columns, in order; the first three are required. */
export const IMPORT_COLUMNS = ['Name', 'Brand', 'Category', 'Price', 'Description'] as const;
export const IMPORT_REQUIRED_COLUMNS = ['Name', 'Brand', 'Category'] as const;
export const IMPORT_TEMPLATE_FILE_NAME = 'product-import-template.xlsx';
export const IMPORT_TEMPLATE_URL = '/api/products/template/download';
export const IMPORT_URL = '/api/products/import';

/** The screens' wording (spec extended 5 and 8), kept with the rules they describe. */
export const ImportMessages = {
  invalidFileTypeTitle: 'Invalid File Type',
  invalidFileType: 'Please upload a CSV or Excel (.xlsx) file.',
  oldExcelFormat:
    'This is an old Excel (.xls) file, which we cannot read safely. In Excel choose File > Save As, pick "Excel Workbook (.xlsx)" or "CSV", and upload that file.',
  fileTooLarge: `This file is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: `This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
  unpacksTooLarge: `This Excel file unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB, far more than a product list needs. Save it again as .xlsx or CSV with only the product sheet.`,
  notAnXlsx: 'This file is not a valid Excel (.xlsx) workbook.',
  noSheet: 'This workbook has no sheet to read.',
  parseErrorTitle: 'Parse Error',
  parseErrorFallback: 'Failed to parse Excel file',
  uploadErrorTitle: 'Upload Error',
  uploadErrorFallback: 'Failed to process file',
  noValidTitle: 'No Valid Products',
  noValid: 'Fix validation errors before importing.',
  found: (rows: number, valid: number) => `Found ${rows} rows, ${valid} valid for import.`,
  imported: (imported: number, failed: number) => `Successfully imported ${imported} products. ${failed} failed.`,
  missingColumns: (missing: readonly string[]) =>
    `The first row must name the columns ${IMPORT_REQUIRED_COLUMNS.join(', ')} (Price and Description are optional). Missing: ${missing.join(', ')}.`,
  batchTooLarge: `At most ${IMPORT_BATCH_ROWS.toLocaleString('en-US')} rows per request`,
  batchEmpty: 'Send at least one row',
  batchKey: 'The batch key must be a UUID',
  batchKeyReused: 'This batch key was already used for different rows. Send these rows under a new batch key.',
  existing: 'Choose skip or update for products you already have',
  rowNumber: 'The row number must be a whole number from 2',
} as const;

/** What happens to a row whose name and brand (ignoring case) match a product the operator has. */
export const EXISTING_PRODUCT_ACTIONS = ['skip', 'update'] as const;
export type ExistingProductAction = (typeof EXISTING_PRODUCT_ACTIONS)[number];

/**
 * One product row as the server receives it, checked by the same rules as Add Product. Price and
 * description stay absent when the file leaves them empty: a new product then gets 0.00 and '',
 * an updated one keeps its own.
 */
export const ImportRowSchema = z.strictObject({
  /** The row's number in the file (the header is row 1), so answers can point at it. */
  row: z.number({ error: ImportMessages.rowNumber }).int(ImportMessages.rowNumber).min(2, ImportMessages.rowNumber),
  name: ProductInputSchema.shape.name,
  brand: ProductInputSchema.shape.brand,
  category: ProductInputSchema.shape.category,
  price: ProductInputSchema.shape.price.unwrap().optional(),
  description: ProductInputSchema.shape.description.unwrap().optional(),
});
export type ImportRowInput = z.input<typeof ImportRowSchema>;
export type ImportRow = z.output<typeof ImportRowSchema>;

export const ImportBatchSchema = z.strictObject({
  /** A fresh UUID per batch; sending the same batch again answers the first result and imports nothing. */
  batchKey: z.uuid({ error: ImportMessages.batchKey }),
  existing: z.enum(EXISTING_PRODUCT_ACTIONS, { error: ImportMessages.existing }),
  rows: z.array(ImportRowSchema).min(1, ImportMessages.batchEmpty).max(IMPORT_BATCH_ROWS, ImportMessages.batchTooLarge),
});
export type ImportBatch = z.input<typeof ImportBatchSchema>;

export const IMPORT_ROW_OUTCOMES = ['created', 'updated', 'skipped'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export const ImportResultSchema = z.object({
  batchKey: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), outcome: z.enum(IMPORT_ROW_OUTCOMES) })),
  /** True when this batch had been imported before and this is the stored answer. */
  replayed: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
