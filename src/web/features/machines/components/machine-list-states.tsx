import { Plus, Refrigerator, RotateCw } from 'lucide-react';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';

/** Placeholder cards while the machines load. */
export function MachineCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" role="status" aria-label="Loading machines">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="grid gap-4 p-5">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="mx-auto size-[150px]" />
          <Skeleton className="h-9 w-full" />
        </Card>
      ))}
    </div>
  );
}

export function NoMachines({ onAdd }: { onAdd: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <Refrigerator className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No machines added yet</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Add a machine to get its QR code. Customers scan it to vote for the products they want.
      </p>
      <Button onClick={onAdd}>
        <Plus className="size-4" aria-hidden="true" />
        Add Your First Machine
      </Button>
    </Card>
  );
}

export function MachinesLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Your machines could not be loaded</AlertTitle>
      <p>{readApiError(error).message ?? 'Please check your connection and try again.'}</p>
      <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </Alert>
  );
}
