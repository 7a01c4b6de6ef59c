import { CardContent } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** Placeholder for a sign-in form while the sign-in state is still loading. */
export function AuthFormSkeleton({ fields = 2 }: { fields?: number }) {
  return (
    <CardContent className="grid gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-11 w-full" />
    </CardContent>
  );
}
