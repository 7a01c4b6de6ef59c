import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { spreadsheetCsv, spreadsheetCsvLines } from '../../src/server/integrations/spreadsheet-csv.js';

/** The cells of a CSV line as a spreadsheet reads them (quotes removed). */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data[0]!;

describe('the CSV formula guard', () => {
  test.each([
    '=1+2', '+1+2', '-1+2', '@SUM(A1)', '\t=1', '\r=1', '\n=1+2', ' =1+2', '   +cmd', '\u00A0=1', ' \n @x', '\uFF1D1+2', '=1\n+2',
  ])('%j is written as text, with an apostrophe in front', (cell) => {
    expect(cellsOf(spreadsheetCsvLines([[cell]]))).toEqual([`'${cell}`]);
    expect(cellsOf(spreadsheetCsv(['name'], [[cell]]).split('\r\n').slice(1).join('\r\n'))).toEqual([`'${cell}`]);
  });

  test.each(['Chips', 'Salt & Vinegar', 'a=b', 'Top 10 - snacks', ' spaced', 'e-mail: a@b.test'])('%j is written as it is', (cell) => {
    expect(cellsOf(spreadsheetCsvLines([[cell]]))).toEqual([cell]);
  });
});
