import { Trash2 } from 'lucide-react';
import type { TelemetryMapping } from '../../../../shared/sales-imports.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { formatDate } from '../../../lib/dates.js';
import { useDeleteMapping, useMappings } from '../api.js';
import { DATE_ORDER_TEXT, ROLE_TEXT, ROLES } from '../mapping-roles.js';

/** 'Machine: Device · Time: Date…': which column plays each role. */
function rolesText(mapping: TelemetryMapping['mapping']): string {
  const named = mapping as Partial<Record<string, string | null>>;
  return ROLES.filter((role) => named[role])
    .map((role) => `${ROLE_TEXT[role].label}: ${named[role]}`)
    .join(' · ');
}

/** The column mappings the operator saved, one per file shape; deleting one makes the next such file ask again. */
export function SavedMappings() {
  const mappings = useMappings();
  const remove = useDeleteMapping();

  if (mappings.isPending) {
    return (
      <div role="status" aria-label="Loading saved mappings">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (mappings.isError)
    return <LoadError what="saved mappings" error={mappings.error} onRetry={() => void mappings.refetch()} retrying={mappings.isFetching} />;
  if (mappings.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">None yet. The first CSV export of a new shape asks which column is which, and its answer is kept here.</p>
    );
  }

  const deleteMapping = (mapping: TelemetryMapping) =>
    remove.mutateAsync(mapping.id).then(
      () => toast({ title: 'Mapping deleted', description: 'The next file with these columns asks again.' }),
      (error: unknown) =>
        toast({ title: 'Could not delete the mapping', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
    );

  return (
    <ul className="grid divide-y divide-border" aria-label="Saved column mappings">
      {mappings.data.map((mapping) => (
        <li key={mapping.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:gap-3">
          <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
            <p className="font-medium break-words">Columns: {mapping.columns.join(', ')}</p>
            <p className="break-words text-muted-foreground">
              {rolesText(mapping.mapping)} · {DATE_ORDER_TEXT[mapping.mapping.dateOrder]}
            </p>
            <p className="text-xs text-muted-foreground">Saved {formatDate(mapping.updatedAt)}</p>
          </div>
          <ConfirmAction
            trigger={
              <Button
                variant="outline"
                size="sm"
                className="w-fit text-destructive-text"
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                aria-label={`Delete the mapping for ${mapping.columns.join(', ')}`}
              >
                Delete
              </Button>
            }
            title="Delete this column mapping?"
            description="Imports made with it stay. The next file with these columns asks again which column is which."
            confirmLabel="Delete mapping"
            waitForAction
            onConfirm={() => deleteMapping(mapping)}
          />
        </li>
      ))}
    </ul>
  );
}
