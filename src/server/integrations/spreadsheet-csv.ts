import Papa from 'papaparse';

/**
 * A text cell that a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with
 * = + - @, a tab or a carriage return. Papa's own `escapeFormulae: true` tests /^[=+\-@\t\r].*$/,
 * which a line break later in the cell defeats ('.' stops at it), so only the first character counts here.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel reads a UTF-8 file as its local code page unless it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * CSV for spreadsheets: a byte order mark, CRLF lines, and every text cell that could start a
 * formula prefixed with an apostrophe (which the spreadsheet shows as text).
 */
export function spreadsheetCsv(fields: readonly string[], rows: (string | number)[][]): string {
  return BYTE_ORDER_MARK + Papa.unparse({ fields: [...fields], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
