import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { GridNavigation } from './use-grid-navigation.js';

interface CellEditingOptions {
  nav: GridNavigation;
  row: number;
  column: number;
  value: string;
  /** Puts text back in the cell (Escape restores what it held when the cell was entered). */
  restore: (value: string) => void;
}

/**
 * A cell's two modes, as in a spreadsheet. Arriving by keyboard selects the whole text, so typing
 * replaces it and the arrows still move between cells; Enter, F2 or a click start editing, where left
 * and right move the caret, and Enter ends the edit and moves down. Escape puts the old text back.
 */
export function useCellEditing({ nav, row, column, value, restore }: CellEditingOptions) {
  const [editing, setEditing] = useState(false);
  const before = useRef(value);

  const startEditing = (input: HTMLInputElement) => {
    setEditing(true);
    const end = input.value.length;
    input.setSelectionRange(end, end);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      if (!editing) return startEditing(input);
      if (event.key === 'F2') return;
      setEditing(false);
      before.current = input.value;
      nav.moveVertically(row, column, event.shiftKey);
      return;
    }
    if (event.key === 'Escape' && (editing || input.value !== before.current)) {
      event.preventDefault();
      restore(before.current);
      setEditing(false);
      requestAnimationFrame(() => input.select());
      return;
    }
    if (nav.handleKey(event, row, column, editing)) setEditing(false);
  };

  return {
    editing,
    startEditing,
    inputProps: {
      'data-cell': `${row}:${column}`,
      tabIndex: nav.isTabStop(row, column) ? 0 : -1,
      onKeyDown,
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        nav.onCellFocus(row, column);
        before.current = event.currentTarget.value;
        event.currentTarget.select();
      },
      onBlur: () => setEditing(false),
      onClick: () => setEditing(true),
    },
  };
}
