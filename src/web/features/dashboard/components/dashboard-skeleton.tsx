import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** Spec 2.3: four skeleton cards while any of the dashboard's data is still loading. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="dashboard-skeleton">
      <span className="sr-only">Loading dashboard…</span>
      {[0, 1, 2, 3].map((index) => (
        <Card key={index} className="grid grid-cols-1 gap-3 p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-3 w-32" />
        </Card>
      ))}
    </div>
  );
}
