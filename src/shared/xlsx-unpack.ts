import { Unzip, UnzipInflate, unzipSync, zipSync } from 'fflate';

/** Why an archive was refused. */
export type UnpackRefusal = 'too-large' | 'not-a-zip';

export class UnpackError extends Error {
  constructor(readonly reason: UnpackRefusal) {
    super(reason === 'too-large' ? 'The archive unpacks to more than allowed' : 'The file is not a zip archive');
    this.name = 'UnpackError';
  }
}

/** Parts an Office file needs are a few dozen; thousands of entries is a crafted file. */
const MAX_ENTRIES = 10_000;
/** Compressed bytes handed to the inflater at a time: the overshoot past the cap stays small. */
const SLICE_BYTES = 16 * 1024;

/**
 * Unpacks an .xlsx (a zip) without ever holding or computing more than `maxBytes` of content,
 * and packs what it read again as an uncompressed zip for a spreadsheet reader.
 *
 * Two checks, because a zip can lie:
 * 1. The central directory's declared sizes, summed, before anything is inflated (a plain zip
 *    bomb is refused at once).
 * 2. The real inflated bytes, counted while inflating slice by slice, aborting past the cap (a
 *    bomb whose headers understate its sizes).
 * The repacked archive holds exactly the bytes counted, so a reader that follows the central
 *    directory (which may point several entries at one compressed stream) sees nothing more.
 */
export function unpackXlsxSafely(
  bytes: Uint8Array,
  maxBytes: number,
  /** Rewrites a part before it is packed again (e.g. to drop what the reader would expand). */
  transform: (name: string, content: Uint8Array) => Uint8Array = (_name, content) => content,
): Uint8Array {
  checkDeclaredSizes(bytes, maxBytes);

  const files: Record<string, Uint8Array> = {};
  let total = 0;
  // fflate hands an error thrown in ondata back to ondata as a failure of its own; this keeps
  // the first reason so that a bomb is reported as one, not as a broken file.
  let refusal: UnpackRefusal | null = null;
  const unzip = new Unzip((file) => {
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) throw new UnpackError(refusal ?? 'not-a-zip');
      total += chunk.length;
      if (total > maxBytes) {
        refusal = 'too-large';
        throw new UnpackError(refusal);
      }
      chunks.push(chunk);
      if (final) files[file.name] = transform(file.name, concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      const end = Math.min(start + SLICE_BYTES, bytes.length);
      unzip.push(bytes.subarray(start, end), end === bytes.length);
    }
  } catch {
    throw new UnpackError(refusal ?? 'not-a-zip');
  }
  if (Object.keys(files).length === 0) throw new UnpackError('not-a-zip');
  return zipSync(files, { level: 0 });
}

/**
 * Refuses a zip whose central directory declares more than `maxBytes` of content, or thousands of
 * entries, without inflating anything. Enough on its own for an Office file (docx, xlsx, pptx)
 * that is stored and handed on rather than read here: a plain zip bomb is refused at once.
 */
export function checkDeclaredSizes(bytes: Uint8Array, maxBytes: number): void {
  let declared = 0;
  let entries = 0;
  try {
    // The filter sees every central-directory entry; answering false inflates none of them.
    unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        declared += file.originalSize;
        if (declared > maxBytes || entries > MAX_ENTRIES) throw new UnpackError('too-large');
        return false;
      },
    });
  } catch (error) {
    if (error instanceof UnpackError) throw error;
    throw new UnpackError('not-a-zip');
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
