import { Trash2 } from 'lucide-react';
import type { Product } from '../../../../shared/products.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteProduct } from '../api.js';

/** One product's delete, after a confirmation (spec 2.5). */
export function DeleteProductButton({ product, onDeleted }: { product: Product; onDeleted: (id: number) => void }) {
  const deleteProduct = useDeleteProduct();
  // mutateAsync, not mutate's callbacks: the row (and this button) is gone once the list refreshes.
  const confirm = async () => {
    try {
      await deleteProduct.mutateAsync(product.id);
      onDeleted(product.id);
      toast({ title: 'Product Deleted', description: `${product.name} has been removed from your catalogue.` });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Delete Failed',
        description: readApiError(error).message ?? 'Failed to delete product',
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmAction
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${product.name}`}
          loading={deleteProduct.isPending}
          className="text-destructive-text"
        >
          {deleteProduct.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
        </Button>
      }
      title={`Delete ${product.name}?`}
      description="The product and its vote counts leave your catalogue and your machines' vote pages. This cannot be undone."
      confirmLabel="Delete"
      onConfirm={confirm}
    />
  );
}
