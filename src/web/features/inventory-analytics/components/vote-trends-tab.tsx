import { CalendarX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { RANGE_LABELS, type InventoryAnalytics } from '../../../../shared/analytics.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { SectionCard } from './section-card.js';

// The chart library is large: only this tab loads it, once it is opened.
const HourlyChart = lazy(() => import('./trend-charts.js').then((charts) => ({ default: charts.HourlyChart })));
const WeeklyChart = lazy(() => import('./trend-charts.js').then((charts) => ({ default: charts.WeeklyChart })));
const SeriesChart = lazy(() => import('./trend-charts.js').then((charts) => ({ default: charts.SeriesChart })));

const chartSkeleton = (height: string) => <Skeleton className={`${height} w-full`} />;

/** Vote Trends: when customers vote (hour and weekday, in the operator's zone) and how the top products move. */
export function VoteTrendsTab({ figures }: { figures: InventoryAnalytics }) {
  const trends = figures.voteTrends;
  const total = trends.hourly.reduce((sum, entry) => sum + entry.votes, 0);
  if (total === 0) {
    return (
      <Card>
        <EmptyState
          icon={CalendarX}
          title={`No votes in the ${RANGE_LABELS[figures.range].toLowerCase()}`}
          hint="Vote trends appear once customers vote at your machines. Try a longer time range."
        />
      </Card>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title="Peak voting hours" description={`Votes by hour of the day, ${RANGE_LABELS[figures.range].toLowerCase()}.`}>
        <Suspense fallback={chartSkeleton('h-56')}>
          <HourlyChart trends={trends} timeZone={figures.timeZone} />
        </Suspense>
      </SectionCard>
      <SectionCard title="Weekly pattern" description="Votes by day of the week, Monday to Sunday.">
        <Suspense fallback={chartSkeleton('h-48')}>
          <WeeklyChart trends={trends} />
        </Suspense>
      </SectionCard>
      <SectionCard title="Votes over time" description="The period’s most voted products." className="lg:col-span-2">
        <Suspense fallback={chartSkeleton('h-64')}>
          <SeriesChart trends={trends} />
        </Suspense>
      </SectionCard>
    </div>
  );
}
