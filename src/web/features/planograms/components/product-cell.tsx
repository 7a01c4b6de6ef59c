import { Popover } from 'radix-ui';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn.js';
import type { CatalogueProduct } from '../grid-model.js';
import { cellInputClass } from './text-cell.js';
import { useCellEditing } from './use-cell-editing.js';
import type { GridNavigation } from './use-grid-navigation.js';

/** Enough to pick by typing; a long catalogue narrows as the name is typed. */
const SHOWN = 50;

/** The products the typed text finds; the whole catalogue while the cell still shows its product. */
function optionsFor(text: string, productId: number | null, products: readonly CatalogueProduct[]) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const shown =
    productId !== null || words.length === 0 ? products : products.filter((product) => words.every((word) => product.name.toLowerCase().includes(word)));
  return shown.slice(0, SHOWN);
}

interface ProductCellProps {
  nav: GridNavigation;
  row: number;
  text: string;
  productId: number | null;
  products: readonly CatalogueProduct[];
  onTextChange: (text: string) => void;
  onPick: (product: CatalogueProduct) => void;
  label: string;
  error?: string;
  errorId: string;
}

/**
 * The product cell: a combobox over the operator's catalogue. Typing filters it (a name typed in full
 * is taken as it stands); the arrows choose in the open list and Enter picks, else they move between
 * cells as everywhere in the grid. Alt+Down opens the list without typing.
 */
export function ProductCell({ nav, row, text, productId, products, onTextChange, onPick, label, error, errorId }: ProductCellProps) {
  const { editing, startEditing, inputProps } = useCellEditing({ nav, row, column: 1, value: text, restore: onTextChange });
  const [open, setOpen] = useState(false);
  // Null follows the text: the product it names, else the first match. The arrows set it.
  const [highlight, setHighlight] = useState<number | null>(null);
  const listId = useId();
  const options = optionsFor(text, productId, products);
  const named = options.findIndex((option) => option.id === productId);
  const active = Math.max(0, Math.min(highlight ?? (named >= 0 ? named : 0), options.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const shownOpen = open;

  useEffect(() => {
    if (shownOpen) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = (product: CatalogueProduct, input: HTMLInputElement | null) => {
    onPick(product);
    setOpen(false);
    input?.select();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (shownOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setHighlight(event.key === 'ArrowDown' ? Math.min(active + 1, options.length - 1) : Math.max(active - 1, 0));
      return;
    }
    if (shownOpen && event.key === 'Enter' && options[active]) {
      event.preventDefault();
      pick(options[active]!, input);
      return;
    }
    const opening = (event.key === 'ArrowDown' && event.altKey) || (event.key === 'Enter' && !editing);
    if (opening) {
      event.preventDefault();
      startEditing(input);
      setOpen(true);
      setHighlight(null);
      return;
    }
    if (event.key === 'Escape' || event.key === 'Tab') setOpen(false);
    inputProps.onKeyDown(event);
  };

  return (
    <Popover.Root open={shownOpen} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <input
          {...inputProps}
          onKeyDown={onKeyDown}
          onClick={(event) => {
            inputProps.onClick();
            startEditing(event.currentTarget);
            setOpen(true);
            setHighlight(null);
          }}
          onBlur={() => {
            inputProps.onBlur();
            setOpen(false);
          }}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-label={label}
          aria-expanded={shownOpen}
          aria-controls={shownOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={shownOpen && options[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-editing={editing || undefined}
          placeholder="Empty slot"
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setHighlight(null);
          }}
          className={cn(cellInputClass, 'data-[editing]:ring-2 data-[editing]:ring-primary/40')}
        />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          role="listbox"
          id={listId}
          aria-label="Your products"
          align="start"
          sideOffset={2}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="z-50 max-h-64 min-w-[max(var(--radix-popover-trigger-width),14rem)] overflow-y-auto rounded-md border border-border bg-card p-1 text-sm shadow-md"
        >
          {options.length === 0 ? <p className="px-2 py-1.5 text-muted-foreground">No product is called “{text.trim()}”.</p> : null}
          {options.map((option, index) => (
            <div
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option, document.querySelector<HTMLInputElement>(`[data-cell="${row}:1"]`))}
              className={cn('cursor-default rounded-sm px-2 py-1.5', index === active && 'bg-muted', option.id === productId && 'font-semibold')}
            >
              {option.name}
            </div>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
