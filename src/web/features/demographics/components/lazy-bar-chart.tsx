import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { BarChartProps } from './bar-chart.js';

// The chart library is large: only this page loads it, once its figures are in.
const BarChart = lazy(() => import('./bar-chart.js'));

/** A bar chart that arrives after the page, behind a placeholder of its size. */
export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton className="h-52 w-full" />}>
      <BarChart {...props} />
    </Suspense>
  );
}
