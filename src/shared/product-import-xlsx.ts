import ExcelJS from 'exceljs';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES, ImportMessages } from './product-import.schemas.js';
import { ImportFileError, RecordCollector, type ImportRecord } from './product-import.js';
import { UnpackError, unpackXlsxSafely } from './xlsx-unpack.js';

/**
 * The records of an .xlsx file's first sheet. The archive is unpacked under a size cap first
 * (xlsx-unpack.ts), so exceljs only ever reads content that was already measured.
 */
export async function readXlsxRecords(bytes: Uint8Array): Promise<ImportRecord[]> {
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw new ImportFileError(ImportMessages.fileTooLarge);
  let unpacked: Uint8Array;
  try {
    unpacked = unpackXlsxSafely(bytes, IMPORT_MAX_UNPACKED_BYTES, keepSheetValues);
  } catch (error) {
    if (error instanceof UnpackError) {
      throw new ImportFileError(error.reason === 'too-large' ? ImportMessages.unpacksTooLarge : ImportMessages.notAnXlsx);
    }
    throw error;
  }

  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings ask for its own Buffer interface; an ArrayBuffer is what it reads in both builds.
    await workbook.xlsx.load(unpacked.buffer.slice(unpacked.byteOffset, unpacked.byteOffset + unpacked.byteLength) as ArrayBuffer);
  } catch {
    throw new ImportFileError(ImportMessages.notAnXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError(ImportMessages.noSheet);
  // The header row plus the limit; refused before the rows are walked.
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw new ImportFileError(ImportMessages.tooManyRows);

  const collector = new RecordCollector();
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    // Only the cells the row has (row.values is sparse), and no further than a product list reaches:
    // asking exceljs for each cell up to the sheet's widest row would create every empty one, and a
    // small file with one cell in the last column would fill memory.
    const values = Array.isArray(row.values) ? (row.values as ExcelJS.CellValue[]) : [];
    const width = Math.min(values.length - 1, IMPORT_MAX_COLUMNS);
    const cells: string[] = [];
    for (let column = 1; column <= width; column += 1) cells.push(cellText(values[column] ?? null));
    collector.add(rowNumber, cells);
  });
  return collector.finish();
}

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
/**
 * Sheet blocks that exceljs expands cell by cell when it reads them: one validation or merge over
 * A1:XFD1048576 would take it billions of steps. The import needs only the cells' values.
 */
const EXPANDED_BLOCKS = /<(dataValidations|mergeCells|conditionalFormatting)\b[\s\S]*?<\/\1>|<(dataValidations|mergeCells)\b[^>]*\/>/g;

function keepSheetValues(name: string, content: Uint8Array): Uint8Array {
  if (!WORKSHEET_PART.test(name)) return content;
  const xml = new TextDecoder().decode(content);
  EXPANDED_BLOCKS.lastIndex = 0;
  if (!EXPANDED_BLOCKS.test(xml)) return content;
  return new TextEncoder().encode(xml.replace(EXPANDED_BLOCKS, ''));
}

/** A cell as the text a user typed or sees: numbers as written, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? '' : cellText(result);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return '';
  return '';
}
