import { Download, Plus, Save, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { planogramExportUrl } from '../api.js';
import type { usePlanogramEditor } from './use-planogram-editor.js';

interface GridActionsProps {
  editor: ReturnType<typeof usePlanogramEditor>;
  machineId: number;
  busyHintId: string;
  /** Copy from another machine and Import CSV, which replace the saved planogram. */
  children: ReactNode;
}

/** Add row, Save and Discard for the grid; beside them what replaces the planogram as a whole. */
export function GridActions({ editor, machineId, busyHintId, children }: GridActionsProps) {
  const problems = Object.keys(editor.errors).length;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={editor.addRow} icon={<Plus className="size-4" aria-hidden="true" />}>
            Add row
          </Button>
          <Button onClick={editor.save} disabled={!editor.dirty} loading={editor.saving} icon={<Save className="size-4" aria-hidden="true" />}>
            Save
          </Button>
          <ConfirmAction
            trigger={
              <Button variant="outline" disabled={!editor.dirty || editor.saving} icon={<Undo2 className="size-4" aria-hidden="true" />}>
                Discard
              </Button>
            }
            title="Discard your changes?"
            description="The grid goes back to the planogram as last saved."
            confirmLabel="Discard changes"
            onConfirm={editor.discard}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={planogramExportUrl(machineId)} download className={buttonClasses({ variant: 'outline' })}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
          {children}
        </div>
      </div>
      <div aria-live="polite" className="grid gap-1 text-sm">
        {editor.dirty ? (
          <p id={busyHintId} className="text-muted-foreground">
            Unsaved changes. Save or discard them before copying or importing a planogram.
          </p>
        ) : null}
        {problems > 0 ? (
          <p className="font-medium text-destructive-text">
            {problems === 1 ? '1 cell needs' : `${problems} cells need`} a fix before the planogram can be saved.
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** How to move through the grid, for those who would not guess it works like a spreadsheet. */
export function GridHelp() {
  return (
    <p className="text-xs text-muted-foreground">
      Works like a spreadsheet: the arrow keys move between cells, typing replaces a cell, Enter edits it (and Enter again moves down), Tab moves right, Escape
      undoes the cell, Ctrl+S saves. Paste cells copied from a spreadsheet (code, product, capacity, par, price) at any cell to fill the grid from there; rows
      are added as needed. An empty price uses the product&apos;s own.
    </p>
  );
}
