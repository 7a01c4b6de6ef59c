import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../../../../shared/catalog.js';
import { isPriceSet, ProductInputSchema, type OwnerProduct } from '../../../../shared/products.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { DialogFooter } from '../../../components/ui/dialog.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useSettings } from '../../settings/api.js';
import { useSaveProduct } from '../api.js';

/** The Add fields less the spec's fixed 'votes: 0', which the form adds when it creates. */
const ProductFormSchema = ProductInputSchema.omit({ votes: true });
type ProductFormValues = z.input<typeof ProductFormSchema>;
type ProductFormOutput = z.output<typeof ProductFormSchema>;

const FIELDS = ['name', 'brand', 'category', 'price', 'unitCost', 'description'] as const;
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => [category, category] as const);

interface ProductFormProps {
  /** The product being edited; absent when adding one. */
  product?: OwnerProduct;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Add and Edit Product (spec 2.5 and 5): the spec's field messages come from the shared schema, and
 * the sale price and unit cost are set here, in one place, for every figure that uses them.
 */
export function ProductForm({ product, onSaved, onCancel }: ProductFormProps) {
  const saveProduct = useSaveProduct();
  const currency = useSettings().data?.preferences.currency ?? 'USD';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: {
      name: product?.name ?? '',
      brand: product?.brand ?? '',
      category: product?.category ?? '',
      // A price of 0.00 is 'not set': the field starts empty rather than claiming a free product.
      price: product && isPriceSet(product.price) ? product.price : '',
      unitCost: product?.unitCost ?? '',
      description: product?.description ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveProduct.mutateAsync(product ? { id: product.id, changes: values } : { input: { ...values, votes: 0 } });
      toast(
        product
          ? { title: 'Product Updated', description: `${saved.name} has been saved.` }
          : { title: 'Product Added', description: `${saved.name} is now in your catalogue.` },
      );
      onSaved();
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FIELDS, setError);
      toast({
        title: product ? 'Update Failed' : 'Add Failed',
        description: details.message ?? (product ? 'Failed to update product' : 'Failed to add product'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
      <TextField label="Product name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Brand" autoComplete="off" error={errors.brand?.message} {...register('brand')} />
      <SelectField
        control={control}
        name="category"
        label="Category"
        placeholder="Choose a category"
        options={CATEGORY_OPTIONS}
        error={errors.category?.message}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={`Sale price (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="1.99"
          hint="What a customer pays. Leave empty if not set yet."
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label={`Unit cost (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.85"
          hint="What one unit costs you. Leave empty if unknown."
          error={errors.unitCost?.message}
          {...register('unitCost')}
        />
      </div>
      <TextareaField label="Description (optional)" rows={3} error={errors.description?.message} {...register('description')} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {product ? 'Save Changes' : 'Add Product'}
        </Button>
      </DialogFooter>
    </form>
  );
}
