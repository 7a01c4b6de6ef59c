import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import type { CatalogItemFormValues } from '../catalog-item-form.js';

/** The schema's limit on features per item. */
const MAX_FEATURES = 20;

interface CatalogFeaturesFieldProps {
  control: Control<CatalogItemFormValues>;
  register: UseFormRegister<CatalogItemFormValues>;
  errors: FieldErrors<CatalogItemFormValues>['features'];
}

/** The item's selling points, one per row, added and removed one at a time. */
export function CatalogFeaturesField({ control, register, errors }: CatalogFeaturesFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  const legendId = useId();
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={listError ? `${legendId}-error` : undefined}>
      <legend id={legendId} className="mb-1 text-sm font-medium">
        Features
      </legend>
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">No features listed.</p> : null}
      <ol className="grid gap-2">
        {fields.map((field, index) => {
          const error = errors?.[index]?.value?.message;
          const inputId = `${legendId}-${index}`;
          return (
            <li key={field.id} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Input
                  id={inputId}
                  aria-label={`Feature ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  {...register(`features.${index}.value`)}
                />
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove feature ${index + 1}`} onClick={() => remove(index)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {error ? (
                <p id={`${inputId}-error`} className="text-sm font-medium text-destructive-text">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" size="sm" className="w-fit" disabled={fields.length >= MAX_FEATURES} onClick={() => append({ value: '' })}>
        <Plus className="size-4" aria-hidden="true" />
        Add feature
      </Button>
      {listError ? (
        <p id={`${legendId}-error`} className="text-sm font-medium text-destructive-text">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}
