import { Lightbulb, SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

export const FEATURE_REQUEST_SKELETON_ROWS = 4;

export function FeatureRequestListSkeleton() {
  return (
    <ul role="status" aria-label="Loading feature requests" className="divide-y divide-border">
      {Array.from({ length: FEATURE_REQUEST_SKELETON_ROWS }, (_, index) => (
        <li key={index} className="flex gap-3 p-4" data-testid="feature-request-skeleton-row">
          <Skeleton className="h-24 w-10 shrink-0" />
          <div className="grid flex-1 content-start gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function NoFeatureRequestsYet({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Lightbulb className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-lg font-semibold">No feature requests yet</h3>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

export function NoMatchingFeatureRequests({ statusLabel, onShowAll }: { statusLabel: string; onShowAll: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-lg font-semibold">No requests are {statusLabel.toLowerCase()}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">Choose another status to see more.</p>
      <Button variant="outline" size="sm" onClick={onShowAll}>
        Show all statuses
      </Button>
    </div>
  );
}
