import { useState } from 'react';
import type { ImportLine, LineOutcome } from '../../../../shared/sales-imports.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';

/** Lines shown before 'Show all': enough for a DEX file's problems, short for a long CSV. */
const FIRST_LINES = 8;

const OUTCOME: Record<LineOutcome, [string, string]> = {
  imported: ['Imported', 'text-success-soft-foreground'],
  skipped: ['Skipped', 'text-muted-foreground'],
  baseline: ['Baseline', 'text-info-soft-foreground'],
  note: ['Note', 'text-muted-foreground'],
  problem: ['Problem', 'text-destructive-text'],
};

/** What became of the file's lines, compactly: outcome, line number, message. */
export function ReportLines({ lines, moreLines }: { lines: readonly ImportLine[]; moreLines: number }) {
  const [all, setAll] = useState(false);
  if (lines.length === 0) return null;
  const shown = all ? lines : lines.slice(0, FIRST_LINES);
  return (
    <div className="grid gap-1">
      <p className="text-sm font-semibold">Lines</p>
      <ul className="grid gap-0.5 text-sm" aria-label="What became of each line">
        {shown.map((line, index) => {
          const [label, tone] = OUTCOME[line.outcome] ?? [line.outcome, ''];
          return (
            <li key={`${line.line}-${index}`} className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-2 sm:grid-cols-[5.5rem_4.5rem_minmax(0,1fr)]">
              <span className={cn('font-medium', tone)}>{label}</span>
              <span className="text-muted-foreground tabular-nums">Line {line.line}</span>
              <span className="col-span-2 min-w-0 break-words sm:col-span-1">{line.message}</span>
            </li>
          );
        })}
      </ul>
      {lines.length > FIRST_LINES ? (
        <Button variant="link" size="sm" className="w-fit" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer lines' : `Show all ${lines.length} lines`}
        </Button>
      ) : null}
      {moreLines > 0 ? <p className="text-xs text-muted-foreground">And {moreLines.toLocaleString('en-US')} more lines, not listed one by one.</p> : null}
    </div>
  );
}
