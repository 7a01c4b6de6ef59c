import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// Embedded (as subsets) instead of the built-in Helvetica, whose encoding has no Cyrillic, Greek
// or most accented letters: a machine or product named in those would print as garbage.
const REGULAR_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * A US Letter PDF document with the fonts 'regular' and 'bold' registered, and the finished file:
 * draw on `doc`, call `doc.end()`, then await `file`.
 */
export function letterPdf(options: { title: string; margin: number; autoFirstPage?: boolean; bufferPages?: boolean }) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: options.margin,
    autoFirstPage: options.autoFirstPage ?? true,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Creator: 'VendVote' },
  });
  doc.registerFont('regular', REGULAR_FONT);
  doc.registerFont('bold', BOLD_FONT);
  const file = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, file };
}
