import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** Placeholders in the shape of the Demand Predictions tab while the figures load. */
export function AnalyticsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6" data-testid="analytics-skeleton">
      <span className="sr-only">Loading the figures…</span>
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index} className="grid gap-2 p-4">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-3 w-32" />
          </Card>
        ))}
      </div>
      <Skeleton className="h-20 w-full" />
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-72" />
        ))}
      </div>
    </div>
  );
}
