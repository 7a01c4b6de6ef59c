import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { usePlanogramHistory } from '../api.js';

const cellClass = 'px-3 py-2 text-left';

/** Which product each slot held and when: the record DEX sales are told per product by. Read when opened. */
export function PlanogramHistory({ machineId }: { machineId: number }) {
  const [open, setOpen] = useState(false);
  const history = usePlanogramHistory(machineId, open);

  return (
    <details className="group rounded-lg border border-border" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-medium focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        History
      </summary>
      <div className="grid gap-2 border-t border-border p-4">
        <p className="text-sm text-muted-foreground">
          Each spell is one product in one slot. Sales read from a DEX file count for the product the slot held when the machine was read.
        </p>
        {history.isPending ? (
          <div role="status" aria-label="Loading the history" className="grid gap-2">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
          </div>
        ) : history.isError ? (
          <LoadError what="the history" error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : history.data.spells.length === 0 ? (
          <p className="text-sm">No slot has held a product yet.</p>
        ) : (
          <ScrollFrame label="Planogram history, scrolls sideways">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">Planogram history</caption>
              <thead className="text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className={cellClass}>
                    Code
                  </th>
                  <th scope="col" className={cellClass}>
                    Product
                  </th>
                  <th scope="col" className={cellClass}>
                    From
                  </th>
                  <th scope="col" className={cellClass}>
                    To
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.spells.map((spell) => (
                  <tr key={`${spell.code}-${spell.from}`} className="border-t border-border">
                    <td className={`${cellClass} font-mono`}>{spell.code}</td>
                    <td className={cellClass}>{spell.productName ?? <span className="text-muted-foreground">Empty</span>}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(spell.from)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{spell.to ? formatDateTime(spell.to) : 'Now'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
      </div>
    </details>
  );
}
