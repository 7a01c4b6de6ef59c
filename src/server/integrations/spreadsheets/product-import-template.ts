import ExcelJS from 'exceljs';
import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '../../../shared/product-import.schemas.js';

/** The Products sheet's rows that carry the dropdown and the price check: as many as one file may import. */
const FIRST_DATA_ROW = 2;
const LAST_DATA_ROW = IMPORT_MAX_ROWS + 1;

/** exceljs has range validations (`dataValidations.add`) but leaves them out of its typings. */
interface SheetValidations {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

const HELP = [
  ['How to fill in the Products sheet'],
  [],
  ['Name', 'Required. The product name, at most 120 characters.'],
  ['Brand', 'Required. At most 120 characters.'],
  ['Category', `Required. Pick one from the dropdown: ${PRODUCT_CATEGORIES.join(', ')}.`],
  ['Price', 'Optional. A price such as 1.99 (at most two decimals). Empty means 0.00.'],
  ['Description', 'Optional. At most 1000 characters.'],
  [],
  ['Keep the first row (the column names) as it is. Empty rows are skipped.'],
  [`At most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} products per file. You may also save the sheet as CSV and upload that.`],
  ['A product whose name and brand match one you already have (ignoring capitals) is skipped or updated, as you choose when importing.'],
];

/** product-import-template.xlsx: the import's columns, a category dropdown and a sheet of help. */
export async function renderProductImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'VendVote';
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((header) => ({ header, key: header.toLowerCase(), width: header === 'Description' ? 50 : 24 }));
  sheet.getRow(1).font = { bold: true };

  // The dropdown: an inline list (the ten names fit well within Excel's 255-character limit).
  const { dataValidations } = sheet as unknown as SheetValidations;
  dataValidations.add(`C${FIRST_DATA_ROW}:C${LAST_DATA_ROW}`, {
    type: 'list',
    allowBlank: false,
    formulae: [`"${PRODUCT_CATEGORIES.join(',')}"`],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: 'Invalid category',
    error: `Pick one of: ${PRODUCT_CATEGORIES.join(', ')}`,
    showInputMessage: true,
    promptTitle: 'Category',
    prompt: 'Pick a category from the list.',
  });
  dataValidations.add(`D${FIRST_DATA_ROW}:D${LAST_DATA_ROW}`, {
    type: 'decimal',
    operator: 'between',
    allowBlank: true,
    formulae: [0, 99_999_999.99],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: 'Invalid price',
    error: 'Enter a price such as 1.99, or leave it empty for 0.00.',
  });
  sheet.getColumn('price').numFmt = '0.00';

  const help = workbook.addWorksheet('Instructions');
  help.columns = [{ width: 14 }, { width: 90 }];
  help.addRows(HELP);
  help.getRow(1).font = { bold: true, size: 14 };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
