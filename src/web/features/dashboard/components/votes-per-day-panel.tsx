import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { voteTrendQuery, type MachineFilter } from '../api.js';
import { Panel } from './panel.js';

// The chart library is large: only this panel loads it, after the rest of the dashboard.
const VotesChart = lazy(() => import('./votes-chart.js'));

const chartSkeleton = <Skeleton className="h-56 w-full" />;

/** Votes per day over the last 30 days of the operator's calendar, following the machine filter. */
export function VotesPerDayPanel({ machine }: { machine: MachineFilter }) {
  const trend = useQuery(voteTrendQuery(machine));
  return (
    <Panel
      title="Votes per Day"
      description={
        trend.data ? `Votes cast on each of the last ${trend.data.days.length} days (days in ${trend.data.timeZone}), since your last Reset All Votes.` : undefined
      }
    >
      {trend.isError ? (
        <LoadError what="the votes per day" error={trend.error} onRetry={() => void trend.refetch()} retrying={trend.isFetching} />
      ) : trend.data === undefined ? (
        chartSkeleton
      ) : (
        <Suspense fallback={chartSkeleton}>
          <VotesChart trend={trend.data} />
        </Suspense>
      )}
    </Panel>
  );
}
