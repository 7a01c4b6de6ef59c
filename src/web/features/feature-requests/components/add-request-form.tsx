import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminCreateFeatureRequestSchema, FEATURE_REQUEST_LIMITS } from '../../../../shared/feature-requests.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useAddFeatureRequest } from '../api.js';

type AddRequestInput = z.input<typeof AdminCreateFeatureRequestSchema>;
type AddRequest = z.output<typeof AdminCreateFeatureRequestSchema>;

const EMPTY_FORM: AddRequestInput = { title: '', description: '' };

/** An admin's own request: it starts with no votes, by 'Admin'. */
export function AddRequestForm() {
  const add = useAddFeatureRequest();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddRequestInput, unknown, AddRequest>({ resolver: zodResolver(AdminCreateFeatureRequestSchema), defaultValues: EMPTY_FORM });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await add.mutateAsync(values);
      toast({ title: 'Request added', description: created.title });
      reset(EMPTY_FORM);
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, ['title', 'description'], setError);
      toast({ title: 'Error', description: details.message ?? 'Failed to add the request', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add request" className="grid gap-4">
      <TextField
        label="Title"
        aria-required="true"
        maxLength={FEATURE_REQUEST_LIMITS.title}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label="Description"
        rows={3}
        aria-required="true"
        hint={`Up to ${FEATURE_REQUEST_LIMITS.description} characters.`}
        error={errors.description?.message}
        {...register('description')}
      />
      <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" loading={isSubmitting}>
        {isSubmitting ? null : <Plus className="size-4" aria-hidden="true" />}
        Add Request
      </Button>
    </form>
  );
}
