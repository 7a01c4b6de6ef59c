import type { InputHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.js';
import { useCellEditing } from './use-cell-editing.js';
import type { GridNavigation } from './use-grid-navigation.js';

export const cellInputClass =
  'h-9 w-full min-w-0 rounded-sm border border-transparent bg-transparent px-2 text-base sm:text-sm ' +
  'hover:border-input focus:border-input focus:bg-background focus-visible:outline-2 focus-visible:outline-offset-[-1px] focus-visible:outline-ring ' +
  'placeholder:text-muted-foreground aria-invalid:border-destructive-text aria-invalid:bg-destructive-soft/40';

interface TextCellProps {
  nav: GridNavigation;
  row: number;
  column: number;
  value: string;
  onChange: (value: string) => void;
  /** The cell's accessible name: its column and its row ('Capacity, row 3'). */
  label: string;
  error?: string;
  errorId: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  className?: string;
}

/** A text cell of the planogram grid; its error, shown under the row, is tied to it for screen readers. */
export function TextCell({ nav, row, column, value, onChange, label, error, errorId, inputMode, placeholder, className }: TextCellProps) {
  const { editing, inputProps } = useCellEditing({ nav, row, column, value, restore: onChange });
  return (
    <input
      {...inputProps}
      type="text"
      autoComplete="off"
      spellCheck={false}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      data-editing={editing || undefined}
      inputMode={inputMode}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn(cellInputClass, 'data-[editing]:ring-2 data-[editing]:ring-primary/40', className)}
    />
  );
}
