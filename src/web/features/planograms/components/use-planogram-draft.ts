import { useState, type Dispatch, type SetStateAction } from 'react';
import type { Planogram } from '../../../../shared/planograms.schemas.js';
import { isDirty, rowsOf, type GridRow } from '../grid-model.js';

interface Draft {
  /** The saved planogram the rows started from. */
  base: Planogram;
  rows: GridRow[];
}

/**
 * The grid's rows over the saved planogram. A newer planogram from the server (another tab, a
 * refetch) replaces the rows only while nothing is being edited, so no typing is ever thrown away.
 */
export function usePlanogramDraft(planogram: Planogram | undefined) {
  const [draft, setDraft] = useState<Draft | null>(null);
  let current = draft;
  if (planogram && (!draft || (draft.base !== planogram && !isDirty(draft.rows, draft.base)))) {
    current = { base: planogram, rows: rowsOf(planogram) };
    setDraft(current);
  }

  const setRows: Dispatch<SetStateAction<GridRow[]>> = (update) =>
    setDraft((previous) => previous && { ...previous, rows: typeof update === 'function' ? update(previous.rows) : update });

  return {
    rows: current?.rows ?? [],
    setRows,
    dirty: current ? isDirty(current.rows, current.base) : false,
    /** After a save, copy or import: the server's planogram is the new start. */
    reset: (saved: Planogram) => setDraft({ base: saved, rows: rowsOf(saved) }),
    /** Discard: back to the saved planogram. */
    discard: () => setDraft((previous) => previous && { base: previous.base, rows: rowsOf(previous.base) }),
  };
}
