import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
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
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { HoneypotField } from '../../../components/ui/honeypot-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { usePublicForm } from '../../../lib/use-public-form.js';
import { useCreateFeatureRequest } from '../api.js';

type Submission = z.output<typeof CreateFeatureRequestSchema>;

const FIELDS = ['title', 'description', 'author', 'email'] as const;

const EMPTY_FORM: CreateFeatureRequest = { title: '', description: '', author: '', email: '', [HONEYPOT_FIELD]: '' };

/** A visitor's idea: title and description, and optionally a name and an email for status news. */
export function SuggestFeatureForm() {
  const create = useCreateFeatureRequest();
  const { register, errors, isSubmitting, onSubmit, failure } = usePublicForm<CreateFeatureRequest, Submission>({
    resolver: zodResolver(CreateFeatureRequestSchema),
    empty: EMPTY_FORM,
    fields: FIELDS,
    send: (values) => create.mutateAsync(values),
    sent: { title: FeatureRequestMessages.submittedTitle, description: FeatureRequestMessages.submittedText },
    failed: { title: 'Request not submitted', fallback: 'Your request could not be submitted. Please try again.' },
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
      <HoneypotField id="feature-request-website" {...register(HONEYPOT_FIELD)} />
      <SubmitButton busy={isSubmitting} icon={<Send className="size-4" aria-hidden="true" />}>
        Submit Request
      </SubmitButton>
    </form>
  );
}
