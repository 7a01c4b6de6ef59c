import { useMemo, useState } from 'react';
import type { PreviewRow } from '../../../../shared/product-import.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';

/** Rows drawn at a time: a 50,000-row file stays quick to show; more on request. */
const PAGE_ROWS = 100;

function RowStatus({ row }: { row: PreviewRow }) {
  if (!row.input) return <Badge variant="destructive">Invalid</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant="success">Valid</Badge>
      {row.inCatalogue ? <Badge variant="info">Already in catalogue</Badge> : null}
      {!row.inCatalogue && row.sameAsRow !== null ? <Badge variant="info">Same as row {row.sameAsRow}</Badge> : null}
    </span>
  );
}

/**
 * Every row of the file with its status and, for an invalid one, the rules it breaks. The table
 * scrolls sideways on a phone; the region is focusable so keyboard users can scroll it too.
 */
export function PreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [shown, setShown] = useState(PAGE_ROWS);
  const visible = useMemo(() => (onlyInvalid ? rows.filter((row) => !row.input) : rows), [rows, onlyInvalid]);
  const invalidCount = rows.length - rows.filter((row) => row.input).length;

  return (
    <div className="grid gap-3">
      {invalidCount > 0 ? (
        <label className="flex w-fit items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyInvalid}
            onChange={(event) => {
              setOnlyInvalid(event.target.checked);
              setShown(PAGE_ROWS);
            }}
            className="size-4 accent-primary"
          />
          Show only invalid rows ({invalidCount.toLocaleString('en-US')})
        </label>
      ) : null}
      <div role="region" aria-label="Preview of the file's rows" tabIndex={0} className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">Row</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Name</th>
              <th scope="col" className="px-3 py-2">Brand</th>
              <th scope="col" className="px-3 py-2">Category</th>
              <th scope="col" className="px-3 py-2">Price</th>
              <th scope="col" className="px-3 py-2">Problems</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {visible.slice(0, shown).map((row) => (
              <tr key={row.row} className={row.input ? undefined : 'bg-destructive-soft/40'}>
                <th scope="row" className="px-3 py-2 font-medium tabular-nums">{row.row}</th>
                <td className="px-3 py-2"><RowStatus row={row} /></td>
                <td className="max-w-48 truncate px-3 py-2" title={row.values.name}>{row.values.name}</td>
                <td className="max-w-40 truncate px-3 py-2" title={row.values.brand}>{row.values.brand}</td>
                <td className="px-3 py-2">{row.values.category}</td>
                <td className="px-3 py-2 tabular-nums">{row.values.price || '0.00'}</td>
                <td className="px-3 py-2 text-destructive-text">
                  {Object.values(row.errors).length > 0 ? (
                    <ul className="grid gap-0.5">
                      {Object.entries(row.errors).map(([field, message]) => (
                        <li key={field}>{message}</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {visible.length > shown ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span>
            Showing {shown.toLocaleString('en-US')} of {visible.length.toLocaleString('en-US')} rows.
          </span>
          <Button variant="outline" size="sm" onClick={() => setShown((count) => count + PAGE_ROWS * 5)}>
            Show more rows
          </Button>
        </div>
      ) : null}
    </div>
  );
}
