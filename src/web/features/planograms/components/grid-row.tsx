import { Trash2 } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { isPriceSet } from '../../../../shared/products.schemas.js';
import { formatDate } from '../../../lib/dates.js';
import { cellKey, COLUMN_LABELS, GRID_COLUMNS, type CatalogueProduct, type CellErrors, type GridColumn, type GridRow } from '../grid-model.js';
import { ProductCell } from './product-cell.js';
import { TextCell } from './text-cell.js';
import { ACTION_COLUMN, type GridNavigation } from './use-grid-navigation.js';

interface GridRowViewProps {
  row: GridRow;
  index: number;
  nav: GridNavigation;
  products: readonly CatalogueProduct[];
  errors: CellErrors;
  errorIdPrefix: string;
  onChange: (change: (row: GridRow) => GridRow) => void;
  onProductText: (text: string) => void;
  onDelete: () => void;
}

const NUMBER_COLUMNS = ['capacity', 'par'] as const;

/** Since when the slot has held its product: the saved date, or 'when saved' once the product changes. */
function sinceText(row: GridRow): string {
  if (row.saved && row.saved.productId === row.productId) return formatDate(row.saved.since);
  return row.productId === null && !row.saved ? '—' : 'When saved';
}

/** One slot of the grid. Cells are named by column and row ('Par, row 2'), as a screen reader user moves through them. */
export function GridRowView({ row, index, nav, products, errors, errorIdPrefix, onChange, onProductText, onDelete }: GridRowViewProps) {
  const cellProps = (column: GridColumn) => ({
    nav,
    row: index,
    column: GRID_COLUMNS.indexOf(column),
    label: `${COLUMN_LABELS[column]}, row ${index + 1}`,
    error: errors[cellKey(row.key, column)],
    errorId: `${errorIdPrefix}-${column}-error`,
  });
  const product = products.find((candidate) => candidate.id === row.productId);
  const setText = (column: 'code' | 'capacity' | 'par' | 'price') => (value: string) => onChange((current) => ({ ...current, [column]: value }));

  const rowErrors = GRID_COLUMNS.filter((column) => errors[cellKey(row.key, column)]);

  const onDeleteKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') nav.handleKey(event, index, ACTION_COLUMN, false);
  };

  return (
    <>
      <tr role="row" className="border-t border-border">
        <td role="gridcell" className="p-1">
          <TextCell {...cellProps('code')} value={row.code} onChange={setText('code')} className="font-mono" />
        </td>
        <td role="gridcell" className="p-1">
          <ProductCell
            {...cellProps('product')}
            text={row.productText}
            productId={row.productId}
            products={products}
            onTextChange={onProductText}
            onPick={(picked) => onChange((current) => ({ ...current, productId: picked.id, productText: picked.name }))}
          />
        </td>
        {NUMBER_COLUMNS.map((column) => (
          <td key={column} role="gridcell" className="p-1">
            <TextCell {...cellProps(column)} value={row[column]} onChange={setText(column)} inputMode="numeric" className="text-right tabular-nums" />
          </td>
        ))}
        <td role="gridcell" className="p-1">
          <TextCell
            {...cellProps('price')}
            value={row.price}
            onChange={setText('price')}
            inputMode="decimal"
            placeholder={product && isPriceSet(product.price) ? product.price : undefined}
            className="text-right tabular-nums"
          />
        </td>
        <td role="gridcell" className="px-2 text-xs whitespace-nowrap text-muted-foreground">
          {sinceText(row)}
        </td>
        <td role="gridcell" className="p-1 text-center">
          <button
            type="button"
            data-cell={`${index}:${ACTION_COLUMN}`}
            tabIndex={nav.isTabStop(index, ACTION_COLUMN) ? 0 : -1}
            onFocus={() => nav.onCellFocus(index, ACTION_COLUMN)}
            onKeyDown={onDeleteKey}
            onClick={onDelete}
            aria-label={`Delete row ${index + 1}${row.code ? ` (${row.code})` : ''}`}
            className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-destructive-text focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </td>
      </tr>
      {rowErrors.length > 0 ? (
        // The row's problems under it, kept in view while the grid scrolls sideways; each cell points at its own with aria-describedby.
        <tr role="row">
          <td role="gridcell" colSpan={7} className="px-3 pb-2">
            <ul className="sticky left-3 grid w-max max-w-[calc(100vw-5rem)] gap-0.5 text-xs font-medium text-destructive-text">
              {rowErrors.map((column) => (
                <li key={column} id={`${errorIdPrefix}-${column}-error`}>
                  {COLUMN_LABELS[column]}: {errors[cellKey(row.key, column)]}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}
