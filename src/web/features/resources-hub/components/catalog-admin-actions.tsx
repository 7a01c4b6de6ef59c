import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { CatalogItem } from '../../../../shared/resources-hub.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { Label } from '../../../components/ui/label.js';
import { Switch } from '../../../components/ui/switch.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteCatalogItem, useUpdateCatalogItem } from '../admin-api.js';

interface CatalogAdminActionsProps {
  item: CatalogItem;
  onEdit: (item: CatalogItem) => void;
  /** After a deletion the card is gone, so the page says where the focus goes. */
  onDeleted: () => void;
}

const failed = (title: string) => (error: unknown) => {
  // A lost session has already been reported by the query client.
  if (isUnauthorizedError(error)) return;
  toast({ title, description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
};

/** An admin's controls on one card: stock at a click, the full edit, and deletion after asking. */
export function CatalogAdminActions({ item, onEdit, onDeleted }: CatalogAdminActionsProps) {
  const stockId = useId();
  const update = useUpdateCatalogItem();
  const remove = useDeleteCatalogItem();

  const setInStock = (inStock: boolean) =>
    update.mutate(
      { id: item.id, changes: { inStock } },
      {
        onSuccess: (saved) => toast({ title: 'Item Saved', description: `${saved.name} is now ${saved.inStock ? 'in stock' : 'out of stock'}.` }),
        onError: failed('Save Failed'),
      },
    );

  const deleteItem = () =>
    remove.mutateAsync({ id: item.id, name: item.name }).then(() => {
      toast({ title: 'Item Deleted', description: `${item.name} is no longer listed.` });
      onDeleted();
    }, failed('Deletion Failed'));

  return (
    <div className="grid gap-3 border-t border-border pt-3" data-testid="catalog-admin-actions">
      <div className="flex items-center gap-2">
        <Switch id={stockId} checked={item.inStock} disabled={update.isPending} onCheckedChange={setInStock} />
        <Label htmlFor={stockId}>
          In stock<span className="sr-only">: {item.name}</span>
        </Label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(item)}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit<span className="sr-only"> {item.name}</span>
        </Button>
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" className="flex-1">
              <Trash2 className="size-4" aria-hidden="true" />
              Delete<span className="sr-only"> {item.name}</span>
            </Button>
          }
          title="Are you sure you want to delete this item?"
          description={`${item.name} will be removed from the catalogue and from every cart. This cannot be undone.`}
          confirmLabel="Delete item"
          onConfirm={deleteItem}
          waitForAction
        />
      </div>
    </div>
  );
}
