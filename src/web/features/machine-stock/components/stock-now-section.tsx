import { useQuery } from '@tanstack/react-query';
import { LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import type { Machine } from '../../../../shared/machines.schemas.js';
import type { MachineSlotStock } from '../../../../shared/slot-stock.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { paths } from '../../../lib/paths.js';
import { SectionCard } from '../../inventory-analytics/components/section-card.js';
import { slotStockQuery } from '../api.js';
import { isSoldOut } from '../stock-format.js';
import { RecordVisitDialog } from './record-visit-dialog.js';
import { SlotStockTable } from './slot-stock-table.js';

/** The planogram section's heading, where the empty state sends the operator. */
const PLANOGRAM_HEADING_ID = 'planogram-heading';

function SalesThrough({ salesThrough }: { salesThrough: string | null }) {
  if (salesThrough) return <p className="text-sm text-muted-foreground">Sales reported up to {formatDateTime(salesThrough)}.</p>;
  return (
    <p className="rounded-md bg-muted p-3 text-sm" role="note">
      No sales reported yet: import DEX or telemetry files on the{' '}
      <Link to={paths.salesImport} className="text-primary underline underline-offset-4">
        Sales import page
      </Link>
      . Until then, stock is counted down by up-votes.
    </p>
  );
}

function StockBody({ stock, machine }: { stock: MachineSlotStock; machine: Machine }) {
  if (stock.slots.length === 0) {
    return (
      <EmptyState
        icon={LayoutGrid}
        level={3}
        title="No planogram yet"
        hint="Stock is counted slot by slot. Add this machine’s slots, their products and pars in the Planogram section above."
        action={{ label: 'Go to the planogram', onClick: () => document.getElementById(PLANOGRAM_HEADING_ID)?.scrollIntoView({ behavior: 'smooth' }) }}
      />
    );
  }
  const soldOut = stock.slots.filter(isSoldOut).length;
  return (
    <>
      <SalesThrough salesThrough={stock.salesThrough} />
      {soldOut > 0 ? (
        <p className="text-sm font-medium text-destructive-text" data-testid="sold-out-count">
          {countOf(soldOut, 'slot')} sold out.
        </p>
      ) : null}
      <SlotStockTable slots={stock.slots} machineName={machine.name} />
    </>
  );
}

/** Stock now: each slot's estimated units, what the figure rests on, and a way to record a visit. */
export function StockNowSection({ machine }: { machine: Machine }) {
  const query = useQuery(slotStockQuery(machine.id));
  const hasProducts = query.data?.slots.some((slot) => slot.productId !== null) ?? false;
  return (
    <SectionCard
      title="Stock now"
      description="Estimated units in each slot: the last visit’s fill less what sold since, and how many a visit puts in to reach par."
      action={query.data && hasProducts ? <RecordVisitDialog machineId={machine.id} machineName={machine.name} slots={query.data.slots} /> : undefined}
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading the stock" className="grid gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-8 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError what="the stock" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <StockBody stock={query.data} machine={machine} />
      )}
    </SectionCard>
  );
}
