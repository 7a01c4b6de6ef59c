import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney, type Currency } from '../../../../shared/money.js';
import { countOf } from '../../../../shared/wording.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../lib/paths.js';
import { Panel } from '../../dashboard/components/panel.js';
import type { MachineFilter } from '../../stats/api.js';
import { unmetDemandQuery } from '../api.js';
import { units } from '../demand-format.js';

const unmetLink = (machine: MachineFilter) => `${paths.inventoryAnalytics}?tab=unmet${machine === 'all' ? '' : `&machine=${machine}`}`;

/** The dashboard's tile for unmet demand: wanted products the planograms lack, and slots sold out. */
export function UnmetDemandPanel({ machine }: { machine: MachineFilter }) {
  const query = useQuery(unmetDemandQuery(machine));
  const action = (
    <Link to={unmetLink(machine)} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      See all
    </Link>
  );
  let body;
  if (query.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (query.isError) body = <LoadError what="unmet demand" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const { totals, missing, currency, machinesWithoutPlanogram } = query.data;
    const top = missing.slice(0, 3);
    body = (
      <div className="grid gap-3 text-sm" data-testid="unmet-demand-tile">
        <dl className="grid grid-cols-2 gap-3">
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">Wanted, not stocked</dt>
            <dd className="text-2xl font-bold tabular-nums">{totals.missingProducts}</dd>
            <dd className="text-xs text-muted-foreground">{totals.missingWeeklyUnits > 0 ? `would sell about ${units(totals.missingWeeklyUnits)} a week` : 'products'}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">Slots sold out</dt>
            <dd className="text-2xl font-bold tabular-nums">{totals.stockOuts}</dd>
            <dd className="text-xs text-muted-foreground">{totals.stockOuts > 0 ? `${formatMoney(totals.lostValue, currency as Currency)} of sales lost` : 'none estimated'}</dd>
          </div>
        </dl>
        {top.length > 0 ? (
          <ul className="grid gap-1">
            {top.map((product) => (
              <li key={`${product.machineId}:${product.productId ?? product.productName}`} className="flex flex-wrap justify-between gap-x-2">
                {/* Wrapping, not truncated: a nowrap line would widen the dashboard's column on a phone. */}
                <span className="min-w-0 break-words">
                  {product.productName} <span className="text-muted-foreground">at {product.machineName}</span>
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">{product.upVotes} up-votes</span>
              </li>
            ))}
          </ul>
        ) : null}
        {machinesWithoutPlanogram > 0 ? (
          <p className="text-xs text-muted-foreground">
            {countOf(machinesWithoutPlanogram, 'machine')} without a planogram {machinesWithoutPlanogram === 1 ? 'is' : 'are'} not counted.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Panel title="Unmet demand" action={action} description={`What customers asked for in the last ${query.data?.windowDays ?? 28} days that your machines do not sell them.`}>
      {body}
    </Panel>
  );
}
