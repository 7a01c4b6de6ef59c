import { Skeleton } from '../components/ui/skeleton.js';

/** Shown while the sign-in state loads (spec 2.1), shaped like the operator shell. */
export function PageSkeleton() {
  return (
    <div className="min-h-dvh bg-background">
      <div className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-3 border-r border-border p-4 lg:flex">
        <Skeleton className="h-9 w-40" />
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
      <div className="p-6 lg:pl-72">
        <PageContentSkeleton />
      </div>
    </div>
  );
}

/** The page part alone, shown inside the shell while a page's code loads. */
export function PageContentSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    </div>
  );
}
