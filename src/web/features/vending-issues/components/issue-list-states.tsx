import { CircleCheck, RotateCw, SearchX } from 'lucide-react';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';

/** Spec 2.8: five placeholder rows while the list loads. */
export const ISSUE_SKELETON_ROWS = 5;

export function IssueListSkeleton() {
  return (
    <ul role="status" aria-label="Loading issues" className="divide-y divide-border">
      {Array.from({ length: ISSUE_SKELETON_ROWS }, (_, index) => (
        <li key={index} className="grid gap-2 p-4" data-testid="issue-skeleton-row">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </li>
      ))}
    </ul>
  );
}

export function NoIssuesYet() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <CircleCheck className="size-10 text-success-soft-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No vending issues reported</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        When a customer reports a problem at one of your machines, it appears here.
      </p>
    </div>
  );
}

export function NoMatchingIssues({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No issues match your search</h2>
      <p className="max-w-sm text-sm text-muted-foreground">Try other words, or another status.</p>
      <Button variant="outline" size="sm" onClick={onClear}>
        Clear search and filter
      </Button>
    </div>
  );
}

export function IssuesLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="p-4">
      <Alert variant="destructive">
        <AlertTitle>The issues could not be loaded</AlertTitle>
        <p>{readApiError(error).message ?? 'Please check your connection and try again.'}</p>
        <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Alert>
    </div>
  );
}
