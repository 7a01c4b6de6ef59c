import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { BulkDeleteError, useBulkDeleteProducts } from '../api.js';
import { countOf } from '../../../../shared/wording.js';

const products = (count: number) => countOf(count, 'product');

interface BulkDeleteButtonProps {
  selectedIds: number[];
  onDeleted: (ids: number[]) => void;
}

/** Deletes the selected products after a confirmation; needs at least one selected (spec 5). */
export function BulkDeleteButton({ selectedIds, onDeleted }: BulkDeleteButtonProps) {
  const bulkDelete = useBulkDeleteProducts();
  const count = selectedIds.length;

  const confirm = async () => {
    try {
      const deletedIds = await bulkDelete.mutateAsync(selectedIds);
      onDeleted(deletedIds);
      toast({ title: 'Products Deleted', description: `${products(deletedIds.length)} removed from your catalogue.` });
    } catch (error) {
      const failure = error instanceof BulkDeleteError ? error : null;
      if (failure) onDeleted(failure.deletedIds);
      const cause = failure ? failure.cause : error;
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(cause)) return;
      const reason = readApiError(cause).message ?? 'Failed to delete products';
      const partly = failure !== null && failure.deletedIds.length > 0;
      toast({
        title: 'Bulk Delete Failed',
        description: partly ? `${products(failure.failedCount)} could not be deleted: ${reason}` : reason,
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmAction
      trigger={
        <Button variant="destructive" size="sm" disabled={count === 0} loading={bulkDelete.isPending}>
          {bulkDelete.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
          Delete Selected ({count})
        </Button>
      }
      title={`Delete ${products(count)}?`}
      description="The selected products and their vote counts leave your catalogue and your machines' vote pages. This cannot be undone."
      confirmLabel={`Delete ${products(count)}`}
      onConfirm={confirm}
    />
  );
}
