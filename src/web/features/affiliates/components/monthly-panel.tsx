import { lazy, Suspense } from 'react';
import type { AffiliateDashboard } from '../../../../shared/affiliates.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

// The chart library is large: only this panel loads it, after the figures are on screen.
const MonthlyChart = lazy(() => import('./monthly-chart.js'));

const chartSkeleton = <Skeleton className="h-64 w-full" />;

export function MonthlyPanel({ monthly }: { monthly: AffiliateDashboard['monthly'] }) {
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Month by month</h2>
      <Suspense fallback={chartSkeleton}>
        <MonthlyChart monthly={monthly} />
      </Suspense>
    </Card>
  );
}
