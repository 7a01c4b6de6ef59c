import { PLANOGRAM_CSV_COLUMNS } from '../../../shared/planograms.schemas.js';
import { emptyRow, GRID_COLUMNS, withProductText, type CatalogueProduct, type GridRow } from './grid-model.js';

/**
 * Cells copied from a spreadsheet arrive as text: rows on lines, cells split by tabs, and (from Excel
 * and Google Sheets) a cell holding a tab, a line break or a quote wrapped in quotes with its quotes
 * doubled. Null for a single value, which the focused cell takes as an ordinary paste.
 */
export function parseClipboardBlock(text: string): string[][] | null {
  if (!/[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''))) return null;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A copied header line (code, product, …) names the columns; it is not a slot. */
function isHeader(cells: readonly string[], startColumn: number): boolean {
  return cells.every((cell, index) => cell.trim().toLowerCase() === (PLANOGRAM_CSV_COLUMNS[startColumn + index] ?? '').toLowerCase());
}

/** '$1.50' or '1,50 €' from a formatted spreadsheet cell, as the amount the grid takes. */
const priceText = (text: string) =>
  text
    .trim()
    .replace(/^[^\d.,]+|[^\d.,]+$/g, '')
    .replace(/^(\d+),(\d{1,2})$/, '$1.$2');

/**
 * The block put into the grid from the cell at (`startRow`, `startColumn`) to the right and down,
 * rows added below as needed; cells past the price column are left out.
 */
export function pasteBlock(
  rows: readonly GridRow[],
  startRow: number,
  startColumn: number,
  block: string[][],
  products: readonly CatalogueProduct[],
): GridRow[] {
  const lines = block.length > 0 && isHeader(block[0]!, startColumn) ? block.slice(1) : block;
  const next = [...rows];
  lines.forEach((cells, offset) => {
    const index = startRow + offset;
    let row = next[index] ?? emptyRow();
    cells.forEach((text, cellOffset) => {
      const column = GRID_COLUMNS[startColumn + cellOffset];
      if (column === 'product') row = withProductText(row, text.trim(), products);
      else if (column === 'price') row = { ...row, price: priceText(text) };
      else if (column) row = { ...row, [column]: text.trim() };
    });
    next[index] = row;
  });
  return next;
}
