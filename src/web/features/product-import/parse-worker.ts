// First: the worker makes schemas too, and answers to the same content security policy.
import '../../lib/zod-config.js';
import { checkImportFile, ImportFileError, previewRecords } from '../../../shared/product-import.js';
import { readCsvRecords } from '../../../shared/product-import-csv.js';
import { readXlsxRecords } from '../../../shared/product-import-xlsx.js';
import { ImportMessages } from '../../../shared/product-import.schemas.js';
import type { ParseReply, ParseRequest } from './parse-messages.js';

/** The worker's global scope; the app's typings are the page's (DOM), whose postMessage differs. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage(reply: ParseReply): void;
};

// Reading and checking a file off the page's thread: a 50,000-row sheet takes seconds to unpack
// and check, and the page stays responsive meanwhile.
scope.onmessage = async (event) => {
  const { file, catalogue } = event.data;
  let reply: ParseReply;
  try {
    const kind = checkImportFile(file.name, file.size);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const records = kind === 'csv' ? readCsvRecords(bytes) : await readXlsxRecords(bytes);
    reply = { ok: true, rows: previewRecords(records, catalogue) };
  } catch (error) {
    reply =
      error instanceof ImportFileError
        ? { ok: false, title: error.title, message: error.message }
        : { ok: false, title: ImportMessages.uploadErrorTitle, message: ImportMessages.uploadErrorFallback };
  }
  scope.postMessage(reply);
};
