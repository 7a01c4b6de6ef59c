import { letterPdf } from '../../integrations/pdf-document.js';
import { numberPdfPages } from '../../integrations/pdf-table.js';
import type { PickListMachine } from './purchase-list.service.js';

// US Letter in points, half-inch margins; the last lines above the bottom margin hold the page number.
const PAGE = { width: 612, height: 792, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_HEIGHT = 24;
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
const CELL_PADDING = 5;
const BODY_SIZE = 9;
const CHECKBOX_SIDE = 11;

type Align = 'left' | 'right' | 'center';
interface Column {
  title: string;
  width: number;
  align: Align;
}
const COLUMNS: Column[] = [
  { title: 'Product', width: 125, align: 'left' },
  { title: 'Brand', width: 65, align: 'left' },
  { title: 'Category', width: 65, align: 'left' },
  // Each slot of the planogram that holds it, with the units that bring it to par.
  { title: 'Slots', width: 75, align: 'left' },
  { title: 'Quantity', width: 55, align: 'right' },
  { title: 'Loaded', width: 50, align: 'center' },
  { title: 'Note', width: 105, align: 'left' },
];
const LOADED_COLUMN = 5;

export interface PickListDocument {
  machines: PickListMachine[];
  /** The operator's date, as printed: 'May 3, 2025'. */
  dateText: string;
}

const columnLeft = (index: number) => PAGE.margin + COLUMNS.slice(0, index).reduce((sum, column) => sum + column.width, 0);
const innerWidth = (column: Column) => column.width - 2 * CELL_PADDING;

function drawTableHeader(doc: PDFKit.PDFDocument, top: number): number {
  const height = doc.font('bold').fontSize(BODY_SIZE).currentLineHeight(true) + 2 * CELL_PADDING;
  doc.save().rect(PAGE.margin, top, CONTENT_WIDTH, height).fill('#eeeeee').restore();
  doc.fillColor('#111111');
  COLUMNS.forEach((column, index) => {
    doc.text(column.title, columnLeft(index) + CELL_PADDING, top + CELL_PADDING, { width: innerWidth(column), align: column.align, lineBreak: false });
  });
  return top + height;
}

/** The page's heading: the full one on a machine's first page, a short one where its table goes on. */
function drawHeading(doc: PDFKit.PDFDocument, machine: PickListMachine, dateText: string, continued: boolean): number {
  doc.x = PAGE.margin;
  doc.y = PAGE.margin;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(value, PAGE.margin, doc.y, { width: CONTENT_WIDTH, ...options });
  if (continued) {
    doc.font('bold').fontSize(12).fillColor('#111111');
    text(`Pick list: ${machine.name} (continued)`);
    return drawTableHeader(doc, doc.y + 8);
  }
  doc.font('bold').fontSize(20).fillColor('#111111');
  text('Pick list');
  doc.moveDown(0.2).fontSize(14);
  text(machine.name);
  doc.font('regular').fontSize(10).fillColor('#444444');
  text(machine.location);
  if (machine.address) text(machine.address);
  doc.fillColor('#111111');
  text(dateText);
  return drawTableHeader(doc, doc.y + 10);
}

function rowCells(line: PickListMachine['lines'][number]): string[] {
  return [line.productName, line.brand, line.category, line.slots, String(line.quantity), '', line.note];
}

function rowHeight(doc: PDFKit.PDFDocument, cells: string[]): number {
  doc.font('regular').fontSize(BODY_SIZE);
  const tallest = Math.max(...cells.map((cell, index) => (cell ? doc.heightOfString(cell, { width: innerWidth(COLUMNS[index]!) }) : 0)), CHECKBOX_SIDE);
  return tallest + 2 * CELL_PADDING;
}

function drawRow(doc: PDFKit.PDFDocument, cells: string[], top: number, height: number) {
  doc.font('regular').fontSize(BODY_SIZE).fillColor('#111111');
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    if (index === LOADED_COLUMN) {
      // An empty square to tick by hand when the product is in the machine.
      const left = columnLeft(index) + (column.width - CHECKBOX_SIDE) / 2;
      doc.save().lineWidth(0.9).strokeColor('#111111').rect(left, top + CELL_PADDING, CHECKBOX_SIDE, CHECKBOX_SIDE).stroke().restore();
    } else if (cell) {
      doc.text(cell, columnLeft(index) + CELL_PADDING, top + CELL_PADDING, { width: innerWidth(column), align: column.align });
    }
  });
  doc.save().lineWidth(0.5).strokeColor('#cccccc').moveTo(PAGE.margin, top + height).lineTo(PAGE.margin + CONTENT_WIDTH, top + height).stroke().restore();
}

function drawMachine(doc: PDFKit.PDFDocument, machine: PickListMachine, dateText: string) {
  doc.addPage();
  let y = drawHeading(doc, machine, dateText, false);
  for (const line of machine.lines) {
    const cells = rowCells(line);
    const height = rowHeight(doc, cells);
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = drawHeading(doc, machine, dateText, true);
    }
    drawRow(doc, cells, y, height);
    y += height;
  }
  doc.font('bold').fontSize(11).fillColor('#111111');
  if (y + 10 + doc.currentLineHeight(true) > CONTENT_BOTTOM) {
    doc.addPage();
    y = drawHeading(doc, machine, dateText, true);
  }
  doc.text(`Total units: ${machine.totalUnits}`, PAGE.margin, y + 10, { width: CONTENT_WIDTH - CELL_PADDING, align: 'right' });
}

/**
 * A printable pick list: each machine starts on a new page with its name, location, address and the
 * date, then a table of what to load (with a box to tick per line) and the machine's total units.
 */
export function renderPickListPdf({ machines, dateText }: PickListDocument): Promise<Buffer> {
  const { doc, file } = letterPdf({ title: 'Pick list', margin: PAGE.margin, autoFirstPage: false, bufferPages: true });
  for (const machine of machines) drawMachine(doc, machine, dateText);
  numberPdfPages(doc, PAGE.height - PAGE.margin - 10, PAGE.margin, CONTENT_WIDTH);
  doc.end();
  return file;
}
