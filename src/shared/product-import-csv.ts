import Papa from 'papaparse';
import { IMPORT_MAX_FILE_BYTES, ImportMessages } from './product-import.schemas.js';
import { ImportFileError, RecordCollector, type ImportRecord } from './product-import.js';

/**
 * A CSV file's text: UTF-8, or Windows-1252 when the bytes are not valid UTF-8 (what older Excel
 * writes as "CSV"), so accented names survive either way.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The records of a CSV file's bytes. Stops as soon as the file proves to have too many rows. */
export function readCsvRecords(bytes: Uint8Array): ImportRecord[] {
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw new ImportFileError(ImportMessages.fileTooLarge);
  const collector = new RecordCollector();
  let row = 0;
  let failure: unknown;
  // Row by row (step) rather than all at once: a file of nothing but line breaks stays cheap.
  Papa.parse<string[]>(decodeCsv(bytes), {
    skipEmptyLines: false,
    step: (result, parser) => {
      row += 1;
      try {
        collector.add(row, result.data);
      } catch (error) {
        failure = error;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  return collector.finish();
}
