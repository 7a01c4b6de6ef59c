import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../../../../shared/catalog.js';
import { ProductInputSchema } from '../../../../shared/products.schemas.js';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useAddProduct } from '../api.js';

/** The form asks for these three; the rest of a new product is fixed (spec 5). */
const AddProductFormSchema = ProductInputSchema.pick({ name: true, brand: true, category: true });
type AddProductForm = z.input<typeof AddProductFormSchema>;
const FORM_FIELDS = ['name', 'brand', 'category'] as const;

interface AddProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 2.5 Add Product: name, brand and category; sent with price '0.00', description '' and votes 0. */
export function AddProductDialog({ open, onOpenChange }: AddProductDialogProps) {
  const addProduct = useAddProduct();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddProductForm, unknown, z.output<typeof AddProductFormSchema>>({
    resolver: zodResolver(AddProductFormSchema),
    defaultValues: { name: '', brand: '', category: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const product = await addProduct.mutateAsync({ ...values, price: '0.00', description: '', votes: 0 });
      toast({ title: 'Product Added', description: `${product.name} is now in your catalogue.` });
      reset();
      onOpenChange(false);
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      for (const field of FORM_FIELDS) {
        const message = details.errors?.[field];
        if (message) setError(field, { message });
      }
      toast({ title: 'Add Failed', description: details.message ?? 'Failed to add product', variant: 'destructive' });
    }
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button className="w-full sm:w-auto">
          <Plus className="size-4" aria-hidden="true" />
          Add Product
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Product</DialogTitle>
          <DialogDescription>New products start at 0 votes and appear on your machines' vote pages.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
          <TextField label="Product name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextField label="Brand" autoComplete="off" error={errors.brand?.message} {...register('brand')} />
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor="add-product-category">Category</Label>
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger
                    id="add-product-category"
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.category ? true : undefined}
                    aria-describedby={errors.category ? 'add-product-category-error' : undefined}
                  >
                    <SelectValue placeholder="Choose a category" />
                  </SelectTrigger>
                  <SelectContent>
                    {PRODUCT_CATEGORIES.map((category) => (
                      <SelectItem key={category} value={category}>
                        {category}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {errors.category?.message ? (
              <p id="add-product-category-error" className="text-sm font-medium text-destructive-text">
                {errors.category.message}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Add Product
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
