import { createRequire } from 'node:module';
import type PapaModule from 'papaparse';

let papa: typeof PapaModule | undefined;
/** Papa Parse, loaded with the first CSV written rather than at start. */
const Papa = () => (papa ??= createRequire(import.meta.url)('papaparse') as typeof PapaModule);

/**
 * A text cell that a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with
 * = + - @ (or their full-width forms, which some spreadsheets read alike), a tab, a carriage return
 * or a line break, or with = + - @ after leading white space (' =1+2', '\n=1+2'), which spreadsheets
 * skip. Papa's own `escapeFormulae: true` tests /^[=+\-@\t\r].*$/, which a line break later in the
 * cell defeats ('.' stops at it), so only the start counts here.
 */
export const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Excel reads a UTF-8 file as its local code page unless it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * CSV for spreadsheets: a byte order mark, CRLF lines, and every text cell that could start a
 * formula prefixed with an apostrophe (which the spreadsheet shows as text).
 */
export function spreadsheetCsv(fields: readonly string[], rows: (string | number)[][]): string {
  return BYTE_ORDER_MARK + Papa().unparse({ fields: [...fields], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/** A cell of a streamed CSV; null and undefined are written as empty cells. */
export type CsvCell = string | number | null | undefined;

/**
 * The same CSV written in parts, for files too large to build whole: this first part is the byte
 * order mark and the header line; spreadsheetCsvLines writes the rows that follow, a batch at a time.
 */
export function spreadsheetCsvHeader(fields: readonly string[]): string {
  return BYTE_ORDER_MARK + spreadsheetCsvLines([fields]);
}

/** Rows of a streamed CSV, each line ending in CRLF (so batches join up), escaped and guarded as above. */
export function spreadsheetCsvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa().unparse(rows as CsvCell[][], { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}
