import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PageTitle } from '../../components/page-title.js';
import {
  issuesQuery,
  machinePerformanceQuery,
  productsQuery,
  statsQuery,
  suggestionsQuery,
  type MachineFilter,
} from './api.js';
import { DashboardSkeleton } from './components/dashboard-skeleton.js';
import { LoadError } from '../../components/ui/load-error.js';
import { MachineFilterSelect } from './components/machine-filter.js';
import { MachinePerformancePanel } from './components/machine-performance.js';
import { MostVotedProductsPanel } from './components/most-voted-products.js';
import { PendingSuggestionsPanel } from './components/pending-suggestions.js';
import { ResetVotesButton } from './components/reset-votes-button.js';
import { StatsCards } from './components/stats-cards.js';
import { VendingIssuesPanel } from './components/vending-issues-panel.js';
import { VotesPerDayPanel } from './components/votes-per-day-panel.js';
import { UnmetDemandPanel } from '../demand/components/unmet-demand-panel.js';

/** Shows a loaded section, or its error with a retry. */
function Loaded<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isError) {
    return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return query.data === undefined ? null : children(query.data);
}

/** /dashboard (and '/' when signed in): the operator's overview (spec 2.3 with DECISIONS 3 and 4). */
export function DashboardPage() {
  const [machine, setMachine] = useState<MachineFilter>('all');
  const stats = useQuery(statsQuery(machine));
  const machines = useQuery(machinePerformanceQuery);
  const issues = useQuery(issuesQuery);
  const products = useQuery(productsQuery);
  const suggestions = useQuery(suggestionsQuery);
  const loading = [stats, machines, issues, products, suggestions].some((query) => query.isPending && query.isFetching);

  return (
    <div className="mx-auto grid grid-cols-1 max-w-7xl gap-6">
      <PageTitle title="Dashboard" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid grid-cols-1 gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="text-muted-foreground">Overview of your vending machine voting platform</p>
        </div>
        <MachineFilterSelect value={machine} onChange={setMachine} />
      </header>

      {loading ? (
        <DashboardSkeleton />
      ) : (
        <>
          <Loaded query={stats} what="your vote statistics">
            {(data) => <StatsCards stats={data} updating={stats.isPlaceholderData} />}
          </Loaded>
          <VotesPerDayPanel machine={machine} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Loaded query={machines} what="your machines">
              {(data) => <MachinePerformancePanel machines={data} />}
            </Loaded>
            <Loaded query={issues} what="vending issues">
              {(data) => <VendingIssuesPanel issues={data} />}
            </Loaded>
            <Loaded query={products} what="your products">
              {(data) => <MostVotedProductsPanel products={data} />}
            </Loaded>
            <Loaded query={suggestions} what="suggestions">
              {(data) => <PendingSuggestionsPanel suggestions={data} />}
            </Loaded>
            <UnmetDemandPanel machine={machine} />
          </div>
        </>
      )}

      {/* A destructive action comes after what the page is for, never before the figures. */}
      <section aria-labelledby="reset-votes-heading" className="flex flex-col gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 id="reset-votes-heading" className="font-semibold">
            Start counting afresh
          </h2>
          <p className="text-sm text-muted-foreground">Sets every vote count to zero; customers can vote again. Past votes stay in your history.</p>
        </div>
        <ResetVotesButton />
      </section>
    </div>
  );
}
