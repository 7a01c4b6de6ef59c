import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { DEMAND_WINDOW_DAYS } from '../../../../shared/demand.schemas.js';
import type { Machine } from '../../../../shared/machines.schemas.js';
import type { Currency } from '../../../../shared/money.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { demandVsSalesQuery } from '../../demand/api.js';
import { SectionCard } from '../../inventory-analytics/components/section-card.js';
import { DemandTable } from './demand-table.js';
import { SwapCard } from './swap-card.js';

/** Demand vs sales: each product's share of the up-votes against its share of the units sold. */
export function DemandVsSalesSection({ machine }: { machine: Machine }) {
  const query = useQuery(demandVsSalesQuery(machine.id));
  const days = query.data?.windowDays ?? DEMAND_WINDOW_DAYS;
  return (
    <SectionCard
      title="Demand vs sales"
      description={`The last ${days} days. The gap is the vote share less the sales share, in percentage points: above zero, customers ask for a product more than it sells here (sold out, badly placed, or not stocked); below zero, it sells more than it is asked for.`}
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading demand and sales" className="grid gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-8 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError what="demand and sales" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          {query.data.swap ? <SwapCard swap={query.data.swap} currency={query.data.currency as Currency} /> : null}
          {query.data.rows.length === 0 ? (
            <EmptyState icon={BarChart3} level={3} title="No up-votes or sales yet" hint={`Products appear here once customers vote for them here or the machine reports sales, over the last ${days} days.`} />
          ) : (
            <DemandTable rows={query.data.rows} windowDays={query.data.windowDays} machineName={machine.name} />
          )}
        </>
      )}
    </SectionCard>
  );
}
