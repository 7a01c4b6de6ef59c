import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { GRID_COLUMNS } from '../grid-model.js';

/** The column after the data cells: the row's delete button, reached with the arrow keys but skipped by Tab. */
export const ACTION_COLUMN = GRID_COLUMNS.length;
const LAST_DATA_COLUMN = GRID_COLUMNS.length - 1;

export interface CellPosition {
  row: number;
  column: number;
}

export interface GridNavigation {
  /** The one cell in the tab order (a roving tab stop), so Tab enters the grid where the operator left it. */
  isTabStop: (row: number, column: number) => boolean;
  /** Focuses a cell, waiting for the next render when its row is still to appear. */
  focusCell: (row: number, column: number) => void;
  onCellFocus: (row: number, column: number) => void;
  /**
   * Moves as a spreadsheet does for arrows, Home/End and Tab; true when the key moved the focus (the
   * cell then stops editing). While editing, left and right move the caret instead.
   */
  handleKey: (event: KeyboardEvent, row: number, column: number, editing: boolean) => boolean;
  /** Enter at the end of an edit: the cell below (above with Shift). */
  moveVertically: (row: number, column: number, up: boolean) => void;
}

/**
 * Cells carry `data-cell="row:column"`; the grid finds them there rather than keeping a ref per cell.
 * `onTabPastEnd` may add a row (answering true) so Tab after the last price starts the next slot.
 */
export function useGridNavigation(gridRef: RefObject<HTMLElement | null>, rowCount: number, onTabPastEnd: () => boolean): GridNavigation {
  const [active, setActive] = useState<CellPosition>({ row: 0, column: 0 });
  const pending = useRef<CellPosition | null>(null);

  const find = useCallback((row: number, column: number) => gridRef.current?.querySelector<HTMLElement>(`[data-cell="${row}:${column}"]`) ?? null, [gridRef]);

  const focusCell = useCallback(
    (row: number, column: number) => {
      setActive({ row, column });
      const cell = find(row, column);
      if (cell) cell.focus();
      else pending.current = { row, column };
    },
    [find],
  );

  // A row added by Tab, paste or 'Add row' exists only after the render that follows.
  useEffect(() => {
    if (!pending.current) return;
    const cell = find(pending.current.row, pending.current.column);
    if (cell) {
      pending.current = null;
      cell.focus();
    }
  });

  const lastRow = rowCount - 1;
  const stop = { row: Math.min(active.row, Math.max(lastRow, 0)), column: active.column };

  const handleKey = (event: KeyboardEvent, row: number, column: number, editing: boolean): boolean => {
    const go = (nextRow: number, nextColumn: number) => {
      event.preventDefault();
      focusCell(nextRow, nextColumn);
      return true;
    };
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowUp':
        return row > 0 ? go(row - 1, column) : false;
      case 'ArrowDown':
        return row < lastRow ? go(row + 1, column) : false;
      case 'ArrowLeft':
        return !editing && column > 0 ? go(row, column - 1) : false;
      case 'ArrowRight':
        return !editing && column < ACTION_COLUMN ? go(row, column + 1) : false;
      case 'Home':
        return editing ? false : go(ctrl ? 0 : row, 0);
      case 'End':
        return editing ? false : go(ctrl ? lastRow : row, LAST_DATA_COLUMN);
      case 'Tab':
        if (event.shiftKey) {
          if (column > 0) return go(row, Math.min(column - 1, LAST_DATA_COLUMN));
          return row > 0 ? go(row - 1, LAST_DATA_COLUMN) : false;
        }
        if (column < LAST_DATA_COLUMN) return go(row, column + 1);
        if (row < lastRow) return go(row + 1, 0);
        return onTabPastEnd() ? go(row + 1, 0) : false;
      default:
        return false;
    }
  };

  const moveVertically = (row: number, column: number, up: boolean) => {
    const next = up ? row - 1 : row + 1;
    if (next >= 0 && next <= lastRow) focusCell(next, column);
  };

  return {
    isTabStop: (row, column) => row === stop.row && column === stop.column,
    focusCell,
    onCellFocus: (row, column) => setActive((current) => (current.row === row && current.column === column ? current : { row, column })),
    handleKey,
    moveVertically,
  };
}
