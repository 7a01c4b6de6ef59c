import { letterPdf } from './pdf-document.js';
import { darkRunsOf, qrMatrixOf } from './qr.js';

export interface QrSheetEntry {
  name: string;
  location: string;
  voteUrl: string;
}

// US Letter in points (1/72 inch), half-inch margins: a 3 × 3 grid of cells to cut apart.
const PAGE = { width: 612, height: 792, margin: 36 };
const COLUMNS = 3;
const ROWS = 3;
export const CODES_PER_PAGE = COLUMNS * ROWS;
const CELL_WIDTH = (PAGE.width - 2 * PAGE.margin) / COLUMNS;
const CELL_HEIGHT = (PAGE.height - 2 * PAGE.margin) / ROWS;
/** About two inches: easy to scan from arm's length. */
const QR_SIDE = 144;
const CELL_PADDING = 12;

function drawQr(doc: PDFKit.PDFDocument, text: string, left: number, top: number) {
  const matrix = qrMatrixOf(text);
  const module = QR_SIDE / matrix.size;
  for (const [row, column, length] of darkRunsOf(matrix)) {
    doc.rect(left + column * module, top + row * module, length * module, module);
  }
  doc.fillColor('#000000').fill();
}

/** Centred text of at most `maxLines` lines, cut short with an ellipsis; answers where it ends. */
function centredText(doc: PDFKit.PDFDocument, text: string, left: number, top: number, size: number, maxLines = 1) {
  const width = CELL_WIDTH - 2 * CELL_PADDING;
  doc.fontSize(size);
  const height = Math.min(doc.heightOfString(text, { width }), doc.currentLineHeight(true) * maxLines);
  doc.text(text, left + CELL_PADDING, top, { width, height, align: 'center', ellipsis: true });
  return top + height;
}

function drawCell(doc: PDFKit.PDFDocument, entry: QrSheetEntry, caption: string, left: number, top: number) {
  // Dashed cutting guide around the cell.
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#bbbbbb').rect(left, top, CELL_WIDTH, CELL_HEIGHT).stroke().restore();
  drawQr(doc, entry.voteUrl, left + (CELL_WIDTH - QR_SIDE) / 2, top + CELL_PADDING + 4);

  let y = top + CELL_PADDING + 4 + QR_SIDE + 10;
  doc.fillColor('#111111').font('bold');
  y = centredText(doc, entry.name, left, y, 10.5);
  doc.font('regular').fillColor('#444444');
  y = centredText(doc, entry.location, left, y, 8.5);
  if (caption) {
    doc.fillColor('#111111');
    y = centredText(doc, caption, left, y + 3, 9, 2);
  }
  doc.fillColor('#666666');
  // Printed without its `?src=`: someone typing the address has not scanned the code.
  centredText(doc, entry.voteUrl.split('?')[0]!, left, y + 2, 6.5);
}

/** A printable PDF with one labelled QR code per machine, nine to a page. */
export function renderQrSheetPdf(entries: QrSheetEntry[], caption: string): Promise<Buffer> {
  const { doc, file } = letterPdf({ title: 'VendVote QR codes', margin: PAGE.margin, autoFirstPage: false });

  entries.forEach((entry, index) => {
    const slot = index % CODES_PER_PAGE;
    if (slot === 0) doc.addPage();
    const left = PAGE.margin + (slot % COLUMNS) * CELL_WIDTH;
    const top = PAGE.margin + Math.floor(slot / COLUMNS) * CELL_HEIGHT;
    drawCell(doc, entry, caption, left, top);
  });
  doc.end();
  return file;
}
