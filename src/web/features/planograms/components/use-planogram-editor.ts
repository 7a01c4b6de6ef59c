import { useRef, useState } from 'react';
import type { Planogram } from '../../../../shared/planograms.schemas.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { useSavePlanogram } from '../api.js';
import {
  emptyRow,
  GRID_COLUMNS,
  inputOf,
  serverCellErrors,
  validateRows,
  type CatalogueProduct,
  type CellErrors,
  type GridColumn,
  type GridRow,
} from '../grid-model.js';
import { parseClipboardBlock, pasteBlock } from '../grid-paste.js';
import { useGridNavigation } from './use-grid-navigation.js';
import { usePlanogramDraft } from './use-planogram-draft.js';

/** A server error is shown while its cell still holds what was sent; typing over it clears it. */
type ServerErrors = Record<string, { message: string; value: string }>;

function cellText(rows: readonly GridRow[], key: string): string | undefined {
  const [rowKey, column] = key.split(':') as [string, GridColumn];
  const row = rows.find((candidate) => candidate.key === rowKey);
  if (!row) return undefined;
  return column === 'product' ? row.productText : row[column];
}

const hasContent = (row: GridRow | undefined) => !!row && [row.code, row.productText, row.capacity, row.par, row.price].some((text) => text.trim() !== '');

/**
 * The planogram being edited: its rows, the errors shown on its cells, and saving. Names that match
 * no product are flagged at once; the other checks wait for the first Save, so a row being typed
 * is not shouted at.
 */
export function usePlanogramEditor(machineId: number, planogram: Planogram | undefined, products: readonly CatalogueProduct[]) {
  const { rows, setRows, dirty, reset, discard } = usePlanogramDraft(planogram);
  const save = useSavePlanogram(machineId);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const gridRef = useRef<HTMLTableElement>(null);

  const nav = useGridNavigation(gridRef, rows.length, () => {
    if (!hasContent(rows.at(-1))) return false;
    setRows((current) => [...current, emptyRow()]);
    return true;
  });

  const live = validateRows(rows, products);
  const errors: CellErrors = {};
  for (const [key, message] of Object.entries(live)) if (attempted || key.endsWith(':product')) errors[key] = message;
  for (const [key, error] of Object.entries(serverErrors)) if (cellText(rows, key) === error.value) errors[key] ??= error.message;

  const focusFirstError = (found: CellErrors) => {
    const index = rows.findIndex((row) => GRID_COLUMNS.some((column) => found[`${row.key}:${column}`]));
    const column = GRID_COLUMNS.findIndex((name) => index >= 0 && found[`${rows[index]!.key}:${name}`]);
    if (index >= 0) nav.focusCell(index, column);
  };

  const replace = (saved: Planogram) => {
    reset(saved);
    setAttempted(false);
    setServerErrors({});
    setGeneral([]);
  };

  const saveGrid = () => {
    setAttempted(true);
    setGeneral([]);
    if (Object.keys(live).length > 0) return focusFirstError(live);
    const { input, keys } = inputOf(rows);
    save.mutate(input, {
      onSuccess: (saved) => {
        replace(saved);
        toast({ title: 'Planogram saved', description: `${saved.slots.length} ${saved.slots.length === 1 ? 'slot' : 'slots'}.` });
      },
      onError: (error) => {
        const details = readApiError(error);
        const { cells, rest } = serverCellErrors(details.errors ?? {}, keys);
        const sent: ServerErrors = {};
        for (const [key, message] of Object.entries(cells)) sent[key] = { message, value: cellText(rows, key) ?? '' };
        setServerErrors(sent);
        setGeneral(rest.length > 0 || Object.keys(cells).length > 0 ? rest : [details.message ?? 'The planogram could not be saved. Please try again.']);
        focusFirstError(cells);
      },
    });
  };

  return {
    rows,
    setRows,
    dirty,
    errors,
    general,
    saving: save.isPending,
    gridRef,
    nav,
    save: saveGrid,
    replace,
    discard: () => {
      discard();
      setAttempted(false);
      setServerErrors({});
      setGeneral([]);
    },
    addRow: () => {
      setRows((current) => [...current, emptyRow()]);
      nav.focusCell(rows.length, 0);
    },
    /** A spreadsheet block into an empty grid; false for text that is not one (a lone value). */
    pasteIntoEmpty: (text: string) => {
      const block = parseClipboardBlock(text);
      if (!block) return false;
      setRows((current) => pasteBlock(current, 0, 0, block, products));
      nav.focusCell(0, 0);
      return true;
    },
  };
}
