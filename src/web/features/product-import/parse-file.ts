import type { PreviewRow } from '../../../shared/product-import.js';
import { ImportMessages } from '../../../shared/product-import.schemas.js';
import type { ParseReply, ParseRequest } from './parse-messages.js';

/** A whole file refused, with the title and message to show. */
export class ParseFailure extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'ParseFailure';
  }
}

/** Honest files of the largest allowed size read in a few seconds; one that takes longer is refused. */
const PARSE_TIMEOUT_MS = 60_000;

/**
 * Reads and checks `file` in a Web Worker (the spreadsheet code loads with it, on this page only).
 * The worker is ended afterwards, or when `signal` aborts, or when it takes too long.
 */
export function parseImportFile(file: File, catalogue: ParseRequest['catalogue'], signal?: AbortSignal): Promise<PreviewRow[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('The file was cleared', 'AbortError'));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new ParseFailure(ImportMessages.parseErrorTitle, 'This file took too long to read. Save it again as CSV or .xlsx with only the product sheet.'));
    }, PARSE_TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<ParseReply>) => {
      finish();
      const reply = event.data;
      if (reply.ok) resolve(reply.rows);
      else reject(new ParseFailure(reply.title, reply.message));
    };
    worker.onerror = () => {
      finish();
      reject(new ParseFailure(ImportMessages.uploadErrorTitle, ImportMessages.uploadErrorFallback));
    };
    worker.postMessage({ file, catalogue } satisfies ParseRequest);
  });
}
