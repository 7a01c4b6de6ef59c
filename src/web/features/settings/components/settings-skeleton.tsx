import { Card, CardContent, CardHeader } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** A tab's card while its values load. */
export function SettingsCardSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Card aria-busy="true">
      <p role="status" className="sr-only">
        {label}…
      </p>
      <CardHeader>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </CardHeader>
      <CardContent className="grid gap-4">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
