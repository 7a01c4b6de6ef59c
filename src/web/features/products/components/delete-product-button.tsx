import { Trash2 } from 'lucide-react';
import type { Product } from '../../../../shared/products.schemas.js';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { handleUnauthorized } from '../../../lib/unauthorized.js';
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
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Delete Failed',
        description: readApiError(error).message ?? 'Failed to delete product',
        variant: 'destructive',
      });
    }
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${product.name}`}
          loading={deleteProduct.isPending}
          className="text-destructive-text"
        >
          {deleteProduct.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {product.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            The product and its vote counts leave your catalogue and your machines&apos; vote pages. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => void confirm()}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
