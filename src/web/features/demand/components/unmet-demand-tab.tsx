import { useQuery } from '@tanstack/react-query';
import { PackageX, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { MissingProduct, StockOut, UnmetDemand } from '../../../../shared/demand.schemas.js';
import { formatMoney, type Currency } from '../../../../shared/money.js';
import { countOf } from '../../../../shared/wording.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { paths } from '../../../lib/paths.js';
import type { MachineFilter } from '../../stats/api.js';
import { SectionCard } from '../../inventory-analytics/components/section-card.js';
import { unmetDemandQuery } from '../api.js';
import { ratioText, units } from '../demand-format.js';
import { FigureLabel } from '../../../components/figure-info.js';

const cell = 'px-3 py-2 text-left align-top';

function MissingTable({ rows, figures }: { rows: MissingProduct[]; figures: UnmetDemand }) {
  return (
    <ScrollFrame label="Products wanted but not in the planogram">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>Product</th>
            <th scope="col" className={cell}>Machine</th>
            <th scope="col" className={cell}>Up-votes ({figures.windowDays} days)</th>
            <th scope="col" className={cell}>Suggestions</th>
            <th scope="col" className={cell}>Would sell a week</th>
            <th scope="col" className={cell}>Similar products there</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.machineId}:${row.productId ?? row.productName}`} className="border-b last:border-0" data-testid="missing-product">
              <th scope="row" className={`${cell} font-medium`}>
                {row.productName}
                <span className="block text-xs font-normal text-muted-foreground">{row.productId === null ? `${row.category} · not in your catalogue` : row.category}</span>
              </th>
              <td className={cell}>{row.machineName}</td>
              <td className={`${cell} tabular-nums`}>{row.upVotes}</td>
              <td className={`${cell} tabular-nums`}>{row.suggestions}</td>
              <td className={`${cell} tabular-nums`}>
                {row.expectedWeeklyUnits === null ? '—' : units(row.expectedWeeklyUnits)}
                {row.expectedWeeklyUnits === null ? null : <span className="block text-xs text-muted-foreground">{ratioText(row)}</span>}
              </td>
              <td className={`${cell} tabular-nums`}>{row.similarWeeklyUnits === null ? '—' : `${units(row.similarWeeklyUnits)} a week each (${row.similarProducts})`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

function StockOutTable({ rows, currency }: { rows: StockOut[]; currency: Currency }) {
  return (
    <ScrollFrame label="Slots sold out">
      <table className="w-full min-w-[36rem] text-sm">
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>Machine</th>
            <th scope="col" className={cell}>Slot</th>
            <th scope="col" className={cell}>Product</th>
            <th scope="col" className={cell}>Empty for</th>
            <th scope="col" className={cell}>
              <FigureLabel figure="salesLost">Sales lost</FigureLabel>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.machineId}:${row.code}`} className="border-b last:border-0" data-testid="stock-out">
              <td className={cell}>{row.machineName}</td>
              <th scope="row" className={`${cell} font-medium`}>{row.code}</th>
              <td className={cell}>
                {row.productName}
                {row.reportedAt !== null ? (
                  <span className="block text-xs text-muted-foreground">reported sold out by the machine {formatDateTime(row.reportedAt)}</span>
                ) : row.basis === 'sales' ? null : (
                  <span className="block text-xs text-muted-foreground">estimated from up-votes{row.basis === 'assumed-fill' ? ' and an assumed fill' : ''}</span>
                )}
              </td>
              <td className={`${cell} tabular-nums`}>{row.daysEmpty === null ? 'not known' : `${row.reportedAt === null ? 'about ' : ''}${countOf(Math.round(row.daysEmpty * 10) / 10, 'day')}`}</td>
              <td className={`${cell} tabular-nums`}>
                {units(row.lostUnits)}
                {row.lostValue === null ? null : <span className="block text-xs text-muted-foreground">{formatMoney(row.lostValue, currency)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

/** Inventory Analytics › Unmet Demand: what customers want that the machines do not sell them. */
export function UnmetDemandTab({ machine }: { machine: MachineFilter }) {
  const query = useQuery(unmetDemandQuery(machine));
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) return <LoadError what="unmet demand" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const figures = query.data;
  const currency = figures.currency as Currency;
  return (
    <div className="grid min-w-0 gap-6">
      {figures.machinesWithoutPlanogram > 0 ? (
        <p className="rounded-md bg-muted p-3 text-sm" role="note" data-testid="without-planogram">
          {countOf(figures.machinesWithoutPlanogram, 'machine')} {figures.machinesWithoutPlanogram === 1 ? 'has' : 'have'} no planogram yet, so what{' '}
          {figures.machinesWithoutPlanogram === 1 ? 'it lacks' : 'they lack'} cannot be told.{' '}
          <Link to={paths.vendingMachines} className="text-primary underline underline-offset-4">
            Add one on the machine’s page
          </Link>
          .
        </p>
      ) : null}
      <SectionCard
        title="Wanted, not in the planogram"
        description={`Products customers voted for or suggested at a machine in the last ${figures.windowDays} days that its planogram does not hold. What they would sell is their forecast up-votes times units per up-vote.`}
      >
        {figures.missing.length === 0 ? <EmptyState icon={SearchX} level={3} title="Nothing wanted is missing" hint="Every product customers asked for at a machine with a planogram is in it." /> : <MissingTable rows={figures.missing} figures={figures} />}
      </SectionCard>
      <SectionCard
        title="Sold out"
        description={
          figures.stockOuts.length === 0
            ? 'Slots estimated empty, from each fill less what sold since.'
            : figures.totals.lostUnits > 0
              ? `${countOf(figures.totals.stockOuts, 'slot')} estimated empty: about ${units(figures.totals.lostUnits)} (${formatMoney(figures.totals.lostValue, currency)}) of sales lost since each ran out, at its forecast rate.`
              : `${countOf(figures.totals.stockOuts, 'slot')} estimated empty, too recently for the forecast to count sales lost yet.`
        }
      >
        {figures.stockOuts.length === 0 ? <EmptyState icon={PackageX} level={3} title="No slot is estimated empty" hint="Slots run empty when their fill is sold; record visits and import sales to keep this true." /> : <StockOutTable rows={figures.stockOuts} currency={currency} />}
      </SectionCard>
    </div>
  );
}
