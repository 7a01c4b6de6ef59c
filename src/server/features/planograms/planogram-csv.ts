import { PLANOGRAM_CSV_COLUMNS, PlanogramMessages, type PlanogramCsvProblem } from '../../../shared/planograms.schemas.js';
import { FORMULA_START, spreadsheetCsv } from '../../integrations/spreadsheet-csv.js';

/**
 * The planogram as a CSV file and back: code,product,capacity,par,price, a line per slot. The
 * product is named as the catalogue names it, or '#12' where a name would not say which product.
 */

export type PlanogramCsvColumn = (typeof PLANOGRAM_CSV_COLUMNS)[number];

/** One line of slot data, its cells by column (trimmed), with its line number in the file. */
export interface PlanogramCsvLine {
  line: number;
  cells: Record<PlanogramCsvColumn, string>;
}

export interface CsvSlot {
  code: string;
  /** The product's name or '#id'; empty for an empty slot. */
  product: string;
  capacity: number;
  par: number;
  price: string | null;
}

/** Formula-guarded, with a byte order mark, as every CSV the app hands to spreadsheets. */
export function writePlanogramCsv(slots: readonly CsvSlot[]): string {
  return spreadsheetCsv(PLANOGRAM_CSV_COLUMNS, slots.map((slot) => [slot.code, slot.product, slot.capacity, slot.par, slot.price ?? '']));
}

/** '#12': product 12, however it is called. */
export function productIdOfCell(cell: string): number | null {
  const match = /^#(\d{1,10})$/.exec(cell);
  return match ? Number(match[1]) : null;
}

/**
 * A cell as the operator meant it: the export guards a name such as '-Zero Sugar' as "'-Zero
 * Sugar", so the apostrophe before a formula character comes off again on the way back in.
 */
const unguarded = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell).trim();

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** Where each column is, from a header naming the five columns once each, in any order and case; other columns are ignored. */
function columnsOf(header: readonly string[]): Record<PlanogramCsvColumn, number> | null {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const at = {} as Record<PlanogramCsvColumn, number>;
  for (const column of PLANOGRAM_CSV_COLUMNS) {
    const index = names.indexOf(column);
    if (index < 0 || names.lastIndexOf(column) !== index) return null;
    at[column] = index;
  }
  return at;
}

/**
 * Splits the file into its slot lines. Comma or semicolon (as a spreadsheet in a decimal-comma
 * locale saves CSV), decided by the header line; blank lines are skipped but still counted, and a
 * quoted cell running over several lines counts them all, so every number matches the file.
 */
export async function readPlanogramCsv(text: string): Promise<{ lines: PlanogramCsvLine[]; problems: PlanogramCsvProblem[] }> {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '') return { lines: [], problems: [{ line: 1, message: PlanogramMessages.csvEmpty }] };
  const headerLine = source.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const delimiter = headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';

  // Loaded with the first file read rather than at start: most instances never import a planogram.
  const { default: Papa } = await import('papaparse');
  const records: { line: number; cells: string[]; unreadable: boolean }[] = [];
  let line = 1;
  let consumed = 0;
  Papa.parse<string[]>(source, {
    delimiter,
    step: (result) => {
      records.push({ line, cells: result.data, unreadable: result.errors.length > 0 });
      line += lineBreaks(source.slice(consumed, result.meta.cursor));
      consumed = result.meta.cursor;
    },
  });

  const [header, ...rest] = records;
  const columns = header && !header.unreadable ? columnsOf(header.cells) : null;
  if (!columns) return { lines: [], problems: [{ line: 1, message: PlanogramMessages.csvHeader }] };
  const lines: PlanogramCsvLine[] = [];
  const problems: PlanogramCsvProblem[] = [];
  for (const record of rest) {
    if (record.cells.every((cell) => cell.trim() === '')) continue;
    if (record.unreadable) {
      problems.push({ line: record.line, message: PlanogramMessages.csvUnreadable });
      continue;
    }
    const cell = (column: PlanogramCsvColumn) => unguarded(record.cells[columns[column]] ?? '');
    lines.push({ line: record.line, cells: { code: cell('code'), product: cell('product'), capacity: cell('capacity'), par: cell('par'), price: cell('price') } });
  }
  // A header alone would empty the machine: more likely the blank template than the operator's wish (PUT can empty it).
  if (lines.length === 0 && problems.length === 0) problems.push({ line: 2, message: PlanogramMessages.csvEmpty });
  return { lines, problems };
}
