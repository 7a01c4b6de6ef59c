import { useId } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Catalogue } from '../../../../shared/resources-hub.schemas.js';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import type { CatalogItemFormValues } from '../catalog-item-form.js';
import { CatalogFeaturesField } from './catalog-features-field.js';

interface CatalogItemFormFieldsProps {
  catalogue: Catalogue;
  register: UseFormRegister<CatalogItemFormValues>;
  control: Control<CatalogItemFormValues>;
  errors: FieldErrors<CatalogItemFormValues>;
  /** The catalogue's categories, offered as suggestions; a new one may be typed. */
  categories: string[];
  /** Called when the admin types in the slug, which then no longer follows the name. */
  onSlugTyped: () => void;
}

const sectionClass = 'grid min-w-0 gap-4 sm:grid-cols-2';
const legendClass = 'mb-2 text-base font-semibold';

/** Every field of a catalogue item; the catalogue's own field only where it belongs. */
export function CatalogItemFormFields({ catalogue, register, control, errors, categories, onSlugTyped }: CatalogItemFormFieldsProps) {
  const categoryListId = useId();
  const slug = register('slug');
  return (
    <>
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Product</legend>
        <FormField label="Name" required error={errors.name?.message} className="sm:col-span-2">
          {(field) => <Input autoComplete="off" {...field} {...register('name')} />}
        </FormField>
        <FormField label="Brand" error={errors.brand?.message}>
          {(field) => <Input autoComplete="off" {...field} {...register('brand')} />}
        </FormField>
        <FormField label="Category" required error={errors.category?.message}>
          {(field) => <Input autoComplete="off" list={categoryListId} {...field} {...register('category')} />}
        </FormField>
        <datalist id={categoryListId}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <FormField
          label="Slug"
          error={errors.slug?.message}
          hint="Lowercase letters, digits and dashes; made from the name until you change it."
          className="sm:col-span-2"
        >
          {(field) => (
            <Input
              autoComplete="off"
              {...field}
              {...slug}
              onChange={(event) => {
                onSlugTyped();
                void slug.onChange(event);
              }}
            />
          )}
        </FormField>
        <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
          {(field) => <Textarea rows={3} {...field} {...register('description')} />}
        </FormField>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Price and reviews</legend>
        <FormField label="Price (US$)" required error={errors.price?.message}>
          {(field) => <Input inputMode="decimal" placeholder="24.99" {...field} {...register('price')} />}
        </FormField>
        <FormField label="Original price (US$)" error={errors.originalPrice?.message} hint="The usual price, shown struck through.">
          {(field) => <Input inputMode="decimal" {...field} {...register('originalPrice')} />}
        </FormField>
        <FormField label="Rating (0 to 5)" error={errors.rating?.message}>
          {(field) => <Input inputMode="decimal" {...field} {...register('rating')} />}
        </FormField>
        <FormField label="Review count" error={errors.reviewCount?.message}>
          {(field) => <Input inputMode="numeric" {...field} {...register('reviewCount')} />}
        </FormField>
      </fieldset>

      <CatalogFeaturesField control={control} register={register} errors={errors.features} />

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Amazon listing</legend>
        <FormField label="Amazon ASIN" required error={errors.retailerProductId?.message} hint="The 10-character product id in the Amazon address.">
          {(field) => <Input autoComplete="off" className="uppercase" {...field} {...register('retailerProductId')} />}
        </FormField>
        <CatalogueOwnField catalogue={catalogue} register={register} errors={errors} />
        <div className="grid content-start gap-3 sm:col-span-2 sm:grid-flow-col">
          <Flag label="In stock" name="inStock" register={register} />
          <Flag label="Bestseller" name="bestseller" register={register} />
          <Flag label="Popular" name="popular" register={register} />
        </div>
      </fieldset>
    </>
  );
}

function Flag({ label, name, register }: { label: string; name: 'inStock' | 'bestseller' | 'popular'; register: UseFormRegister<CatalogItemFormValues> }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} {...register(name)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

type OwnFieldProps = Pick<CatalogItemFormFieldsProps, 'catalogue' | 'register' | 'errors'>;

/** Installation for card readers, warranty for toolkits, the business saving for cleaning kits. */
function CatalogueOwnField({ catalogue, register, errors }: OwnFieldProps) {
  if (catalogue === 'cleaning-kits') {
    return (
      <FormField label="Business savings (%)" error={errors.businessSavingsPercent?.message} hint="A whole percent, 0 to 100.">
        {(field) => <Input inputMode="numeric" {...field} {...register('businessSavingsPercent')} />}
      </FormField>
    );
  }
  if (catalogue === 'card-readers') {
    return (
      <FormField label="Installation" error={errors.installation?.message} hint="e.g. Plug and play, or Professional install.">
        {(field) => <Input {...field} {...register('installation')} />}
      </FormField>
    );
  }
  return (
    <FormField label="Warranty" error={errors.warranty?.message} hint="e.g. Lifetime, or 1 year.">
      {(field) => <Input {...field} {...register('warranty')} />}
    </FormField>
  );
}
