/**
 * A table that runs over as many pages as it needs, for the PDFs built with letterPdf: a shaded
 * header row (repeated on each new page), wrapped cells, and a rule under each row.
 */

export interface PdfColumn {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfTableOptions {
  columns: PdfColumn[];
  rows: string[][];
  left: number;
  /** The lowest y a row may reach before the table goes on on a new page. */
  bottom: number;
  fontSize?: number;
  /** Called after a page break; answers the y where the table goes on. */
  onNewPage?: () => number;
}

const PADDING = 4;

/** Draws the table from doc.y down; leaves doc.y under its last row. */
export function drawPdfTable(doc: PDFKit.PDFDocument, options: PdfTableOptions): void {
  const size = options.fontSize ?? 9;
  const totalWidth = options.columns.reduce((sum, column) => sum + column.width, 0);
  const lefts = options.columns.map((_, index) => options.left + options.columns.slice(0, index).reduce((sum, column) => sum + column.width, 0));
  const cellWidth = (index: number) => options.columns[index]!.width - 2 * PADDING;
  const drawCells = (cells: string[], top: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(size).fillColor('#111111');
    cells.forEach((cell, index) => {
      if (cell) doc.text(cell, lefts[index]! + PADDING, top + PADDING, { width: cellWidth(index), align: options.columns[index]!.align ?? 'left' });
    });
  };
  const heightOf = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((cell, index) => (cell ? doc.heightOfString(cell, { width: cellWidth(index) }) : 0)), doc.currentLineHeight(true)) + 2 * PADDING;
  };
  const header = () => {
    const titles = options.columns.map((column) => column.title);
    const height = heightOf(titles, 'bold');
    const top = doc.y;
    doc.save().rect(options.left, top, totalWidth, height).fill('#eeeeee').restore();
    drawCells(titles, top, 'bold');
    doc.y = top + height;
  };
  header();
  for (const row of options.rows) {
    const height = heightOf(row, 'regular');
    if (doc.y + height > options.bottom) {
      doc.addPage();
      doc.y = options.onNewPage ? options.onNewPage() : doc.page.margins.top;
      header();
    }
    const top = doc.y;
    drawCells(row, top, 'regular');
    doc.save().lineWidth(0.5).strokeColor('#cccccc').moveTo(options.left, top + height).lineTo(options.left + totalWidth, top + height).stroke().restore();
    doc.y = top + height;
  }
  doc.x = options.left;
}

/** 'Page 2 of 5' at the foot of every page of a document made with bufferPages. */
export function numberPdfPages(doc: PDFKit.PDFDocument, footerY: number, left: number, width: number): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit start a new page; lift the margin for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor('#666666');
    doc.text(`Page ${index - start + 1} of ${count}`, left, footerY, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
