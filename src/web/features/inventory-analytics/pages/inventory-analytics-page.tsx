import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, Store } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../lib/paths.js';
import { machinesQuery } from '../../machines/api.js';
import type { MachineFilter } from '../../stats/api.js';
import {
  ANALYTICS_TAB_NAMES,
  ANALYTICS_TABS,
  isAnalyticsTab,
  readAnalyticsSearch,
  writeAnalyticsSearch,
  type AnalyticsSearch,
} from '../analytics-search.js';
import { useInventoryAnalytics } from '../api.js';
import { AnalyticsSkeleton } from '../components/analytics-skeleton.js';
import { DemandPredictionsTab } from '../components/demand-predictions-tab.js';
import { FiguresStatus } from '../components/figures-status.js';
import { ProductPerformanceTab } from '../components/product-performance-tab.js';
import { PurchaseListButton } from '../components/purchase-list-button.js';
import { ScopeSelectors } from '../components/scope-selectors.js';
import { StockOptimizationTab } from '../components/stock-optimization-tab.js';
import { VoteTrendsTab } from '../components/vote-trends-tab.js';
import { UnmetDemandTab } from '../../demand/components/unmet-demand-tab.js';

function NoMachines() {
  return (
    <Card className="grid justify-items-center pb-8">
      <EmptyState
        icon={Store}
        title="No machines yet"
        hint="Forecasts and restocking advice come from the votes at your machines. Add a machine and put its QR code on it to start collecting them."
      />
      <Link to={paths.vendingMachines} className={buttonClasses()}>
        Add a machine
      </Link>
    </Card>
  );
}

/**
 * /resources/inventory-analytics (spec extended: Inventory Analytics): demand forecasts, vote trends,
 * product rankings and stock advice for one machine or all, computed from the operator's votes. The
 * machine, range and tab are in the URL, as `?machine=12&range=90d&tab=trends`.
 */
export function InventoryAnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = readAnalyticsSearch(searchParams);
  const machines = useQuery(machinesQuery);
  // A machine that is not the operator's (deleted since, or a stale link) reads as All Machines.
  const unknownMachine = asked.machine !== 'all' && machines.data !== undefined && !machines.data.some((entry) => entry.id === asked.machine);
  const machine: MachineFilter = unknownMachine ? 'all' : asked.machine;
  const hasMachines = (machines.data?.length ?? 0) > 0;
  const analytics = useInventoryAnalytics({ machine, range: asked.range }, hasMachines);

  // Machine and range are new history entries (Back returns to the figures before); the tab replaces its own.
  const change = (changes: Partial<AnalyticsSearch>) =>
    setSearchParams((current) => writeAnalyticsSearch(current, changes), { replace: changes.tab !== undefined });

  let content;
  if (machines.isPending || (hasMachines && analytics.isPending)) {
    content = <AnalyticsSkeleton />;
  } else if (machines.isError) {
    content = <LoadError what="your machines" error={machines.error} onRetry={() => void machines.refetch()} retrying={machines.isFetching} />;
  } else if (!hasMachines) {
    content = <NoMachines />;
  } else if (analytics.isError) {
    content = <LoadError what="the figures" error={analytics.error} onRetry={() => void analytics.refetch()} retrying={analytics.isFetching} />;
  } else if (analytics.data) {
    const figures = analytics.data;
    const updating = analytics.isPlaceholderData;
    // A new machine or range starts its cards from the top.
    const scopeKey = `${machine}:${asked.range}`;
    content = (
      <Tabs value={asked.tab} onValueChange={(value) => isAnalyticsTab(value) && change({ tab: value })} className="grid min-w-0 grid-cols-1 gap-6">
        <TabsList aria-label="Inventory analytics sections">
          {ANALYTICS_TAB_NAMES.map((name) => (
            <TabsTrigger key={name} value={name}>
              {ANALYTICS_TABS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <div aria-busy={updating || undefined} className={cn('min-w-0', updating && 'opacity-60 transition-opacity')}>
          <TabsContent value="predictions">
            <DemandPredictionsTab key={scopeKey} figures={figures} />
          </TabsContent>
          <TabsContent value="trends">
            <VoteTrendsTab figures={figures} />
          </TabsContent>
          <TabsContent value="performance">
            <ProductPerformanceTab figures={figures} />
          </TabsContent>
          <TabsContent value="optimization">
            <StockOptimizationTab figures={figures} />
          </TabsContent>
          <TabsContent value="unmet">
            <UnmetDemandTab machine={machine} />
          </TabsContent>
        </div>
      </Tabs>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 grid-cols-1 gap-6">
      <PageTitle title="Inventory Analytics" />
      <header className="grid gap-4">
        <Link to={paths.resources} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Business Resources
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1">
            <h1 className="text-3xl font-bold tracking-tight">Inventory Analytics</h1>
            <p className="text-muted-foreground">Demand forecasts and restocking advice from your machines’ votes.</p>
          </div>
          <div className="flex">
            <PurchaseListButton />
          </div>
        </div>
        {hasMachines ? (
          <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
            <ScopeSelectors
              machines={machines.data ?? []}
              machine={machine}
              range={asked.range}
              onMachineChange={(next) => change({ machine: next })}
              onRangeChange={(next) => change({ range: next })}
            />
            <FiguresStatus figures={analytics.data} readAt={analytics.dataUpdatedAt} />
          </div>
        ) : null}
      </header>
      {content}
    </div>
  );
}
