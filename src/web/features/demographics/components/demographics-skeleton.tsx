import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** The summary tiles and a tab's worth of placeholders while the figures load. */
export function DemographicsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6" data-testid="demographics-skeleton">
      <span className="sr-only">Loading demographics…</span>
      <Skeleton className="h-16 w-full" />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index} className="grid gap-3 p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-3 w-32" />
          </Card>
        ))}
      </div>
      <Skeleton className="h-11 w-full max-w-xl" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
