import Papa from 'papaparse';
import { SalesImportMessages } from '../../../shared/sales-imports.schemas.js';
import { decodeCsv } from '../../../shared/product-import-csv.js';

/**
 * Reading a telemetry provider's CSV export (Nayax, Cantaloupe and the like) into its header and
 * rows, each row with the line it starts on, so a report can name lines as an editor shows them.
 * Comma, semicolon and tab delimiters are found by papaparse from the file itself.
 */

export interface TelemetryRow {
  /** The line the row starts on; line 1 is the header. */
  line: number;
  cells: string[];
}

export interface TelemetryTable {
  delimiter: string;
  /** The header's column names, trimmed. */
  columns: string[];
  /** Every row after the header that is not blank, in order. */
  rows: TelemetryRow[];
}

export interface CsvProblem {
  line: number;
  message: string;
}

export type TelemetryReadResult = { ok: true; table: TelemetryTable; problems: CsvProblem[] } | { ok: false; message: string };

/** Control characters a text file has no use for: their presence means the bytes are not a CSV. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

/**
 * The file's table, or why it is not one. Text is read as UTF-8 (a BOM is dropped), or as
 * Windows-1252 when the bytes are not UTF-8, which is what Excel writes when a CSV is saved again;
 * bytes with control characters are not text. Rows with a field count other than the header's or
 * an unclosed quote come back as problems by line; blank lines are passed over.
 */
export function readTelemetryCsv(bytes: Uint8Array): TelemetryReadResult {
  if (bytes.length === 0) return { ok: false, message: SalesImportMessages.empty };
  const text = decodeCsv(bytes);
  if (BINARY.test(text)) return { ok: false, message: SalesImportMessages.notText };
  if (text.trim() === '') return { ok: false, message: SalesImportMessages.empty };

  let columns: string[] | null = null;
  const delimiter = delimiterOf(text);
  const rows: TelemetryRow[] = [];
  const problems: CsvProblem[] = [];
  // Rows carry the offset just past them; the line a row starts on counts the breaks before it,
  // so a quoted field holding a line break does not shift the numbers of the lines after it.
  let line = 1;
  let consumed = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result) => {
      const startLine = line;
      line += breaksIn(text, consumed, result.meta.cursor);
      consumed = result.meta.cursor;
      const cells = result.data;
      if (cells.length === 1 && cells[0]!.trim() === '') return;
      if (columns === null) {
        columns = cells.map((cell) => cell.trim());
        return;
      }
      if (result.errors.some((error) => error.type === 'Quotes')) {
        problems.push({ line: startLine, message: `Line ${startLine} opens a quote that is never closed` });
      } else if (cells.length !== columns.length) {
        problems.push({ line: startLine, message: `Line ${startLine} has ${cells.length} fields where the header has ${columns.length}` });
      } else rows.push({ line: startLine, cells });
    },
  });
  if (columns === null || (columns as string[]).every((column) => column === '')) return { ok: false, message: SalesImportMessages.noHeader };
  return { ok: true, table: { delimiter, columns, rows }, problems };
}

/**
 * The delimiter, guessed by papaparse from the first lines with blank ones left out (a blank line
 * would count as a row of one field and tip a short file's guess to the comma).
 */
function delimiterOf(text: string): string {
  return Papa.parse<string[]>(text.slice(0, 64 * 1024), { preview: 20, skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] }).meta.delimiter;
}

function breaksIn(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  // Old Mac files end lines with CR alone.
  if (count === 0 && to > from) for (let at = text.indexOf('\r', from); at !== -1 && at < to; at = text.indexOf('\r', at + 1)) count += 1;
  return count;
}

const normalName = (column: string) => column.trim().toLowerCase();

/** A file's shape: its columns trimmed and lower-cased, joined; a mapping is remembered by it. */
export function signatureOf(columns: readonly string[]): string {
  return columns.map(normalName).join('\u001f');
}

/** The position of `column` in the header, by the same comparison as the signature; -1 when absent. */
export function columnIndex(columns: readonly string[], column: string | null): number {
  if (column === null) return -1;
  const wanted = normalName(column);
  return columns.findIndex((name) => normalName(name) === wanted);
}
