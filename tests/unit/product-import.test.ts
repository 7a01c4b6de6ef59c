import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog.js';
import { checkImportFile, ImportFileError, importBatches, previewRecords, summarizePreview } from '../../src/shared/product-import.js';
import { readCsvRecords } from '../../src/shared/product-import-csv.js';
import { readXlsxRecords } from '../../src/shared/product-import-xlsx.js';
import { IMPORT_MAX_UNPACKED_BYTES, ImportMessages } from '../../src/shared/product-import.schemas.js';

const csv = (text: string) => new TextEncoder().encode(text);
const INVALID_CATEGORY = `Invalid category. Must be one of: ${PRODUCT_CATEGORIES.join(', ')}`;

function refusal(work: () => unknown): ImportFileError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return error as ImportFileError;
  }
  throw new Error('expected the file to be refused');
}

async function asyncRefusal(work: () => Promise<unknown>): Promise<ImportFileError> {
  const error = await work().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

async function xlsxOf(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  rows.forEach((cells, index) => {
    sheet.getRow(index + 1).values = cells as ExcelJS.CellValue[];
  });
  edit?.(sheet);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('the file itself', () => {
  test('CSV and .xlsx are read, in any capitalisation of the ending', () => {
    expect(checkImportFile('products.csv', 10)).toBe('csv');
    expect(checkImportFile('Products.XLSX', 10)).toBe('xlsx');
  });

  test('another type is an Invalid File Type with the spec message', () => {
    const error = refusal(() => checkImportFile('products.txt', 10));
    expect([error.title, error.message]).toEqual(['Invalid File Type', 'Please upload a CSV or Excel (.xlsx) file.']);
  });

  test('an old .xls is refused with how to save it as .xlsx or CSV', () => {
    const error = refusal(() => checkImportFile('old-list.xls', 10));
    expect(error.message).toBe(ImportMessages.oldExcelFormat);
    expect(error.message).toMatch(/\.xlsx.*CSV/);
  });

  test('a file over 5 MB is refused before it is read', () => {
    expect(refusal(() => checkImportFile('big.csv', 5 * 1024 * 1024 + 1)).message).toBe(ImportMessages.fileTooLarge);
    expect(refusal(() => readCsvRecords(new Uint8Array(5 * 1024 * 1024 + 1))).message).toBe(ImportMessages.fileTooLarge);
  });
});

describe('CSV', () => {
  test('headers in any capitalisation and order; other columns ignored; row numbers from 2', () => {
    const records = readCsvRecords(csv('BRAND,name,Notes,CATEGORY,price\nBarcel,Takis,x,Chips,1.5\nPlanters,Cashews,,Nuts,\n'));
    expect(records).toEqual([
      { row: 2, values: { name: 'Takis', brand: 'Barcel', category: 'Chips', price: '1.5', description: '' } },
      { row: 3, values: { name: 'Cashews', brand: 'Planters', category: 'Nuts', price: '', description: '' } },
    ]);
  });

  test('empty lines are skipped and the rows keep their place in the file', () => {
    const records = readCsvRecords(csv('Name,Brand,Category\n\nTakis,Barcel,Chips\n , ,\r\n"Chips, Salted",Lays,Chips\n\n'));
    expect(records.map((record) => [record.row, record.values.name])).toEqual([
      [3, 'Takis'],
      [5, 'Chips, Salted'],
    ]);
  });

  test('a missing required column is a Parse Error naming it', () => {
    const error = refusal(() => readCsvRecords(csv('Name,Category\nTakis,Chips\n')));
    expect(error.title).toBe('Parse Error');
    expect(error.message).toBe(ImportMessages.missingColumns(['Brand']));
  });

  test('50,000 rows are read; 50,001 are refused', () => {
    const lines = (n: number) => ['Name,Brand,Category', ...Array.from({ length: n }, (_, i) => `P${i},B,Chips`)].join('\n');
    expect(readCsvRecords(csv(lines(50_000)))).toHaveLength(50_000);
    const error = refusal(() => readCsvRecords(csv(lines(50_001))));
    expect(error.message).toBe(ImportMessages.tooManyRows);
    expect(error.message).toMatch(/^This file has more than 50,000 rows/);
  });

  test('a byte-order mark and Windows-1252 text (older Excel CSV) are read as meant', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...csv('Name,Brand,Category\nCafé,Brand,Coffee\n')]);
    expect(readCsvRecords(bom)[0]!.values.name).toBe('Café');
    const latin1 = new Uint8Array([...csv('Name,Brand,Category\nCaf'), 0xe9, ...csv(',Brand,Coffee\n')]);
    expect(readCsvRecords(latin1)[0]!.values.name).toBe('Café');
  });
});

describe('.xlsx', () => {
  test('the first sheet: headers in any capitalisation, empty rows skipped, numbers, formulas and rich text as text', async () => {
    const file = await xlsxOf([
      ['name', 'BRAND', 'Category', 'Price', 'Description'],
      ['Takis', 'Barcel', 'Chips', 1.5, 'Hot'],
      [],
      [{ richText: [{ text: 'Cash' }, { text: 'ews' }] }, 'Planters', 'Nuts', { formula: '1+1', result: 2 }, null],
    ]);
    expect(await readXlsxRecords(file)).toEqual([
      { row: 2, values: { name: 'Takis', brand: 'Barcel', category: 'Chips', price: '1.5', description: 'Hot' } },
      { row: 4, values: { name: 'Cashews', brand: 'Planters', category: 'Nuts', price: '2', description: '' } },
    ]);
  });

  test('a zip bomb (a small file that unpacks past the cap) is refused before it is unpacked', async () => {
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(10), 'xl/worksheets/sheet1.xml': new Uint8Array(IMPORT_MAX_UNPACKED_BYTES + 1) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const error = await asyncRefusal(() => readXlsxRecords(bomb));
    expect(error.message).toBe(ImportMessages.unpacksTooLarge);
  });

  test('a bomb whose headers understate its size is stopped while unpacking', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(IMPORT_MAX_UNPACKED_BYTES + 1024 * 1024) }, { level: 9 });
    const lying = Buffer.from(bomb);
    // The local header's and the central directory's uncompressed sizes both claim 1,000 bytes.
    lying.writeUInt32LE(1000, 22);
    lying.writeUInt32LE(1000, lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    // The unpacked-size refusal (not the headers' claim) is what stops it; speed is not asserted here,
    // as a timed assertion fails on a busy machine.
    const error = await asyncRefusal(() => readXlsxRecords(new Uint8Array(lying)));
    expect(error.message).toBe(ImportMessages.unpacksTooLarge);
  });

  test('a validation over the whole sheet (which the reader would expand cell by cell) is dropped, not walked', async () => {
    const file = await xlsxOf([['Name', 'Brand', 'Category'], ['Takis', 'Barcel', 'Chips']], (sheet) => {
      (sheet as unknown as { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } }).dataValidations.add('A1:XFD1048576', {
        type: 'list',
        formulae: ['"a,b"'],
      });
    });
    const started = performance.now();
    expect(await readXlsxRecords(file)).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test('one cell in the last column does not make every row that wide (each would be walked cell by cell)', async () => {
    const rows: unknown[][] = [['Name', 'Brand', 'Category']];
    for (let n = 1; n <= 2_000; n += 1) rows.push([`Snack ${n}`, 'Brand', 'Chips']);
    const file = await xlsxOf(rows, (sheet) => {
      sheet.getCell('XFD1').value = 'far away';
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const records = await readXlsxRecords(file);
    expect(records).toHaveLength(2_000);
    expect(records[0]).toEqual({ row: 2, values: { name: 'Snack 1', brand: 'Brand', category: 'Chips', price: '', description: '' } });
    // Walking 2,000 rows to column 16,384 makes 32 million cells (gigabytes); reading what is there, a few megabytes.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(300 * 1024 * 1024);
  });

  test('a file that is not a workbook is a Parse Error', async () => {
    const error = await asyncRefusal(() => readXlsxRecords(csv('Name,Brand,Category\n')));
    expect([error.title, error.message]).toEqual(['Parse Error', ImportMessages.notAnXlsx]);
  });
});

describe('the preview', () => {
  const records = readCsvRecords(
    csv(
      [
        'Name,Brand,Category,Price,Description',
        'Takis,Barcel,chips,1.5,',
        ',Barcel,Chips,,',
        'Doritos,,Candy,,',
        'Cashews,Planters,Nuts,free,',
        'TAKIS,barcel,Chips,,',
        'Pretzels,Snyders,Chips,,Salty',
      ].join('\n'),
    ),
  );

  test('each row checked with the server rules and their messages; categories in any case', () => {
    const rows = previewRecords(records);
    expect(rows.map((row) => [row.row, row.errors])).toEqual([
      [2, {}],
      [3, { name: 'Product name is required' }],
      [4, { brand: 'Brand is required', category: INVALID_CATEGORY }],
      [5, { price: 'Price must be an amount such as 1.99' }],
      [6, {}],
      [7, {}],
    ]);
    expect(rows[0]!.input).toEqual({ row: 2, name: 'Takis', brand: 'Barcel', category: 'Chips', price: '1.5' });
    expect(rows[5]!.input).toEqual({ row: 7, name: 'Pretzels', brand: 'Snyders', category: 'Chips', description: 'Salty' });
    expect(ImportMessages.found(summarizePreview(rows).rows, summarizePreview(rows).valid)).toBe('Found 6 rows, 3 valid for import.');
  });

  test('rows matching the catalogue or an earlier row (name and brand, ignoring case) are marked', () => {
    const rows = previewRecords(records, [{ name: 'pretzels', brand: 'SNYDERS' }]);
    expect(rows.map((row) => [row.row, row.inCatalogue, row.sameAsRow])).toEqual([
      [2, false, null],
      [3, false, null],
      [4, false, null],
      [5, false, null],
      [6, false, 2],
      [7, true, null],
    ]);
    expect(summarizePreview(rows)).toEqual({ rows: 6, valid: 3, invalid: 3, existing: 2 });
  });

  test('valid rows go in batches of at most 1,000, in file order', () => {
    const many = readCsvRecords(csv(['Name,Brand,Category', ...Array.from({ length: 2_500 }, (_, i) => `P${i},B,Chips`)].join('\n')));
    const batches = importBatches(previewRecords(many));
    expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 500]);
    expect(batches[2]!.at(-1)!.row).toBe(2_501);
  });
});
