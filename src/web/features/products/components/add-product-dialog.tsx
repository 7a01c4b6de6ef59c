import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { ProductFormDialog } from './product-form-dialog.js';

interface AddProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 2.5 Add Product, with the price and unit cost the catalogue's figures need. */
export function AddProductDialog({ open, onOpenChange }: AddProductDialogProps) {
  return (
    <ProductFormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button className="w-full sm:w-auto">
          <Plus className="size-4" aria-hidden="true" />
          Add Product
        </Button>
      }
    />
  );
}
