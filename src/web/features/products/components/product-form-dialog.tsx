import type { ReactNode } from 'react';
import type { OwnerProduct } from '../../../../shared/products.schemas.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { ProductForm } from './product-form.js';

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; absent to add one. */
  product?: OwnerProduct;
  /** The button that opens the dialog, if it has one of its own. */
  trigger?: ReactNode;
}

/** One dialog for Add and Edit Product, so both ask for the same fields with the same rules. */
export function ProductFormDialog({ open, onOpenChange, product, trigger }: ProductFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{product ? `Edit ${product.name}` : 'Add Product'}</DialogTitle>
          <DialogDescription>
            {product
              ? 'Change the details of this product. Its votes stay as they are.'
              : "New products start at 0 votes and appear on your machines' vote pages."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh at every opening, so the fields start from the product (or empty). */}
        <ProductForm product={product} onSaved={close} onCancel={close} />
      </DialogContent>
    </Dialog>
  );
}
