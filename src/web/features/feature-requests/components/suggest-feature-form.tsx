import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '../../../../shared/contact.schemas.js';
import {
  ANONYMOUS_AUTHOR,
  CreateFeatureRequestSchema,
  FEATURE_REQUEST_LIMITS,
  FeatureRequestMessages,
  type CreateFeatureRequest,
} from '../../../../shared/feature-requests.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useCreateFeatureRequest } from '../api.js';

type Submission = z.output<typeof CreateFeatureRequestSchema>;

const FIELDS = ['title', 'description', 'author', 'email'] as const;

const EMPTY_FORM: CreateFeatureRequest = { title: '', description: '', author: '', email: '', [HONEYPOT_FIELD]: '' };

/** A visitor's idea: title and description, and optionally a name and an email for status news. */
export function SuggestFeatureForm() {
  const create = useCreateFeatureRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateFeatureRequest, unknown, Submission>({ resolver: zodResolver(CreateFeatureRequestSchema), defaultValues: EMPTY_FORM });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync(values);
      toast({ title: FeatureRequestMessages.submittedTitle, description: FeatureRequestMessages.submittedText });
      reset(EMPTY_FORM);
    } catch (error) {
      const details = showServerFieldErrors(error, FIELDS, setError);
      // The server's own words where they help (a field to fix, a wait); a general text otherwise.
      const explained = (details.status === 400 || details.status === 429) && details.message;
      const description = explained ? details.message! : 'Your request could not be submitted. Please try again.';
      setFailure(description);
      toast({ title: 'Request not submitted', description, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Suggest a feature" className="grid gap-4">
      {failure ? (
        <Alert variant="destructive">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <TextField
        label="Title"
        aria-required="true"
        maxLength={FEATURE_REQUEST_LIMITS.title}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label="Description"
        rows={4}
        aria-required="true"
        hint={`What should it do, and why would it help? Up to ${FEATURE_REQUEST_LIMITS.description} characters.`}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your name (optional)"
          autoComplete="name"
          hint={`Shown with your request; ${ANONYMOUS_AUTHOR} when empty.`}
          maxLength={FEATURE_REQUEST_LIMITS.author}
          error={errors.author?.message}
          {...register('author')}
        />
        <TextField
          label="Email (optional)"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="To hear when its status changes. Never shown."
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      {/* People never see or reach this field; form-filling bots fill it, and the server drops their request. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="feature-request-website">Leave this field empty</label>
        <input id="feature-request-website" type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </div>
      <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" loading={isSubmitting}>
        {isSubmitting ? null : <Send className="size-4" aria-hidden="true" />}
        Submit Request
      </Button>
    </form>
  );
}
