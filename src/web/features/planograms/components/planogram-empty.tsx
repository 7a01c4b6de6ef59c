import { LayoutGrid, Plus } from 'lucide-react';
import type { ClipboardEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';

interface PlanogramEmptyProps {
  onAddFirst: () => void;
  /** A block copied from a spreadsheet, pasted while the panel has the focus. */
  onPaste: (text: string) => boolean;
  /** Copy from another machine and Import CSV. */
  children?: ReactNode;
}

/**
 * A machine without a planogram: why it is worth filling in, and the three ways to start. The panel
 * itself takes a paste, so cells copied from a spreadsheet can start the grid in one go.
 */
export function PlanogramEmpty({ onAddFirst, onPaste, children }: PlanogramEmptyProps) {
  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (onPaste(event.clipboardData.getData('text/plain'))) event.preventDefault();
  };
  return (
    <div
      tabIndex={0}
      onPaste={paste}
      aria-labelledby="planogram-empty-title"
      aria-describedby="planogram-empty-hint"
      role="region"
      data-testid="planogram-empty"
      className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border px-4 py-10 text-center focus-visible:outline-2 focus-visible:outline-ring"
    >
      <LayoutGrid className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 id="planogram-empty-title" className="text-lg font-semibold">
        No planogram yet
      </h3>
      <p className="max-w-xl text-sm text-muted-foreground">
        A planogram says which product sits in each slot of the machine. DEX audit files count sales by selection code (A1, B4); with the planogram, VendVote
        tells those sales per product.
      </p>
      <p id="planogram-empty-hint" className="max-w-xl text-sm text-muted-foreground">
        Paste from a spreadsheet: copy the columns code, product, capacity, par and price, click this box and press Ctrl+V (⌘V on a Mac).
      </p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button onClick={onAddFirst} icon={<Plus className="size-4" aria-hidden="true" />}>
          Add first slot
        </Button>
        {children}
      </div>
    </div>
  );
}
