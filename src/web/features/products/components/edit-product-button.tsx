import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { OwnerProduct } from '../../../../shared/products.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ProductFormDialog } from './product-form-dialog.js';

/** One product's Edit, in the same dialog as Add. */
export function EditProductButton({ product }: { product: OwnerProduct }) {
  const [open, setOpen] = useState(false);
  return (
    <ProductFormDialog
      open={open}
      onOpenChange={setOpen}
      product={product}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Edit ${product.name}`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      }
    />
  );
}
