import { toNestErrors } from '@hookform/resolvers';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { CATALOGUE_LABELS, ResourcesMessages, slugify, type Catalogue, type CatalogItem } from '../../../../shared/resources-hub.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useCreateCatalogItem, useUpdateCatalogItem } from '../admin-api.js';
import { catalogFormValuesOf, catalogItemPayloadOf, checkCatalogItemForm, formErrorsOf, type CatalogItemFormValues } from '../catalog-item-form.js';
import { CatalogItemFormFields } from './catalog-item-form-fields.js';

/** Which item the dialog works on: 'new' to add one, null while closed. */
export type CatalogItemTarget = CatalogItem | 'new' | null;

interface CatalogItemDialogProps {
  catalogue: Catalogue;
  target: CatalogItemTarget;
  categories: string[];
  onClose: () => void;
}

/** Add or edit one item of a catalogue (admins only). */
export function CatalogItemDialog({ catalogue, target, categories, onClose }: CatalogItemDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {target ? (
          <CatalogItemForm
            key={target === 'new' ? 'new' : target.id}
            catalogue={catalogue}
            item={target === 'new' ? null : target}
            categories={categories}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface CatalogItemFormProps {
  catalogue: Catalogue;
  item: CatalogItem | null;
  categories: string[];
  onClose: () => void;
}

function CatalogItemForm({ catalogue, item, categories, onClose }: CatalogItemFormProps) {
  const create = useCreateCatalogItem();
  const update = useUpdateCatalogItem();
  // A stored item keeps its slug; a new one follows its name until the admin types a slug.
  const [slugTyped, setSlugTyped] = useState(item !== null);
  // A refusal stays in the dialog beside the button, not only in a toast that goes away.
  const [failure, setFailure] = useState<string | null>(null);

  // The server's schema checks the form too, so both sides answer with the same messages.
  const resolver: Resolver<CatalogItemFormValues> = (values, _context, options) => {
    const problems = checkCatalogItemForm(values, catalogue);
    if (problems.length === 0) return { values, errors: {} };
    const flat: FieldErrors = Object.fromEntries(problems.map(([path, message]) => [path, { type: 'validate', message }]));
    return { values: {}, errors: toNestErrors(flat, options) };
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CatalogItemFormValues>({ defaultValues: catalogFormValuesOf(item), resolver });

  const name = useWatch({ control, name: 'name' });
  useEffect(() => {
    if (!slugTyped) setValue('slug', slugify(name));
  }, [name, slugTyped, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const payload = catalogItemPayloadOf(values, catalogue);
    try {
      const saved = item ? await update.mutateAsync({ id: item.id, changes: payload }) : await create.mutateAsync(payload);
      toast({ title: 'Item Saved', description: `${saved.name} is listed in ${CATALOGUE_LABELS[catalogue]}.` });
      onClose();
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      const fieldErrors = formErrorsOf(details.errors);
      if (details.message === ResourcesMessages.slugTaken) fieldErrors.push(['slug', details.message]);
      fieldErrors.forEach(([field, message], index) =>
        setError(field as FieldPath<CatalogItemFormValues>, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      const message = details.message ?? 'The item could not be saved. Please try again.';
      setFailure(message);
      toast({ title: 'Save Failed', description: message, variant: 'destructive' });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{item ? 'Edit item' : 'Add item'}</DialogTitle>
        <DialogDescription>
          {item ? `${item.name} in ${CATALOGUE_LABELS[catalogue]}.` : `A new product in ${CATALOGUE_LABELS[catalogue]}.`} Prices are Amazon’s, in US dollars.
          Fields marked * are required.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CatalogItemFormFields
          catalogue={catalogue}
          register={register}
          control={control}
          errors={errors}
          categories={categories}
          onSlugTyped={() => setSlugTyped(true)}
        />
        {failure ? (
          <Alert variant="destructive">
            <p>{failure}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {item ? 'Save changes' : 'Add item'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
