import { useId, type ClipboardEvent, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { GRID_COLUMNS, withProductText, type CatalogueProduct, type CellErrors, type GridRow } from '../grid-model.js';
import { parseClipboardBlock, pasteBlock } from '../grid-paste.js';
import { GridRowView } from './grid-row.js';
import type { GridNavigation } from './use-grid-navigation.js';

interface PlanogramGridProps {
  label: string;
  rows: GridRow[];
  setRows: Dispatch<SetStateAction<GridRow[]>>;
  products: readonly CatalogueProduct[];
  errors: CellErrors;
  /** The section holds the focus control too: its 'Add row' and error summary move the focus into the grid. */
  gridRef: RefObject<HTMLTableElement | null>;
  nav: GridNavigation;
}

const headerClass = 'px-2 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';

/**
 * The editable planogram: a grid of text cells moved through as in a spreadsheet (see
 * use-grid-navigation), taking blocks pasted from a spreadsheet at the focused cell. It scrolls
 * sideways inside its own frame on a phone, so the page never does.
 */
export function PlanogramGrid({ label, rows, setRows, products, errors, gridRef, nav }: PlanogramGridProps) {
  const id = useId();

  const updateRow = (index: number, change: (row: GridRow) => GridRow) => setRows((current) => current.map((row, i) => (i === index ? change(row) : row)));
  const deleteRow = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    if (rows.length > 1) nav.focusCell(Math.min(index, rows.length - 2), GRID_COLUMNS.length);
  };

  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const position = (event.target as HTMLElement).closest('[data-cell]')?.getAttribute('data-cell')?.split(':').map(Number);
    const block = parseClipboardBlock(event.clipboardData.getData('text/plain'));
    if (!position || !block || position[1]! >= GRID_COLUMNS.length) return;
    event.preventDefault();
    setRows((current) => pasteBlock(current, position[0]!, position[1]!, block, products));
  };

  return (
    <ScrollFrame label={`${label}, scrolls sideways`} className="rounded-lg border border-border">
      <table ref={gridRef} role="grid" aria-label={label} className="w-full min-w-[46rem] border-collapse text-sm" onPaste={onPaste}>
        <thead className="bg-muted/50">
          <tr role="row">
            <th role="columnheader" scope="col" className={`${headerClass} w-28`}>
              Code
            </th>
            <th role="columnheader" scope="col" className={headerClass}>
              Product
            </th>
            <th role="columnheader" scope="col" className={`${headerClass} w-24`}>
              Capacity
            </th>
            <th role="columnheader" scope="col" className={`${headerClass} w-24`}>
              Par
            </th>
            <th role="columnheader" scope="col" className={`${headerClass} w-28`}>
              Price
            </th>
            <th role="columnheader" scope="col" className={`${headerClass} w-32`}>
              Since
            </th>
            <th role="columnheader" scope="col" className={`${headerClass} w-12`}>
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <GridRowView
              key={row.key}
              row={row}
              index={index}
              nav={nav}
              products={products}
              errors={errors}
              errorIdPrefix={`${id}-${row.key}`}
              onChange={(change) => updateRow(index, change)}
              onProductText={(text) => updateRow(index, (current) => withProductText(current, text, products))}
              onDelete={() => deleteRow(index)}
            />
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
