import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { CHARITY_TYPE_LABELS, CHARITY_TYPES, type Charity } from '../../../../shared/donation-hub.schemas.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useSaveOwnCharity } from '../api.js';
import { ITEMS_HINT } from '../charity-format.js';
import { CHARITY_FORM_FIELDS, CharityFormSchema, charityFormValues, type CharityFormInput, type CharityFormOutput } from '../charity-form.js';

const TYPE_OPTIONS = CHARITY_TYPES.map((type) => [type, CHARITY_TYPE_LABELS[type]] as const);

function CharityForm({ charity, onClose }: { charity?: Charity; onClose: () => void }) {
  const save = useSaveOwnCharity();
  const editing = charity !== undefined;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CharityFormInput, unknown, CharityFormOutput>({ resolver: zodResolver(CharityFormSchema), defaultValues: charityFormValues(charity) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: charity?.id, values });
      toast({ title: editing ? 'Charity updated' : 'Charity added', description: `${saved.name}, ${saved.city} ${saved.state}`.trim() });
      onClose();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, CHARITY_FORM_FIELDS, setError);
      setFormError(details.message ?? 'The charity could not be saved. Please try again.');
    }
  });

  const required = { 'aria-required': true } as const;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit charity' : 'Add your own charity'}</DialogTitle>
        <DialogDescription>
          A local charity the IRS list does not show, such as a church pantry. Only you see it. Fields marked * are required.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField label="Name *" {...required} maxLength={200} autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <SelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} error={errors.type?.message} />
      </div>
      <TextField label="Address" maxLength={200} autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      <div className="grid grid-cols-[1fr_5rem] gap-4 sm:grid-cols-[1fr_5rem_7rem]">
        <TextField label="City" maxLength={100} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <TextField label="State" maxLength={2} autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
        <TextField
          label="ZIP *"
          {...required}
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          className="col-span-2 sm:col-span-1"
          error={errors.zip?.message}
          {...register('zip')}
        />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">City and state left empty are taken from the ZIP code, which also places the charity in searches.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Phone" type="tel" maxLength={40} autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="Email" type="email" inputMode="email" maxLength={200} autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Website"
          type="url"
          placeholder="https://"
          maxLength={300}
          autoComplete="url"
          error={errors.website?.message}
          {...register('website')}
        />
        <TextField label="Contact person" maxLength={120} autoComplete="off" error={errors.contactPerson?.message} {...register('contactPerson')} />
      </div>
      <TextareaField label="Description" rows={2} maxLength={1000} error={errors.description?.message} {...register('description')} />
      <TextareaField label="Accepted items" rows={3} hint={ITEMS_HINT} error={errors.acceptedItems?.message} {...register('acceptedItems')} />
      <FormError message={formError} />
      <FormButtons submitLabel={editing ? 'Save changes' : 'Add charity'} busy={isSubmitting} onCancel={onClose} />
    </form>
  );
}

/** Add your own charity, or edit one you added, behind the given trigger button. */
export function CharityFormDialog({ charity, trigger }: { charity?: Charity; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">{open ? <CharityForm charity={charity} onClose={() => setOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
