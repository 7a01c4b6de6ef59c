import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { EmailField, PasswordField, TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useRequestEmailChange } from '../api.js';
import {
  EMAIL_CHANGE_FIELDS,
  EMPTY_EMAIL_CHANGE,
  EmailChangeFormSchema,
 
  type EmailChangeFormInput,
  type EmailChangeFormOutput,
} from '../settings-forms.js';
import { fieldErrorsFor } from '../../../lib/server-field-errors.js';

const CONFLICT = 409;

/**
 * The sign-in email, and asking to move it: the new address and the password; the change happens
 * when the link mailed to the new address is used (the /confirm-email-change page).
 */
export function EmailCard({ email }: { email: string }) {
  const requestChange = useRequestEmailChange();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeFormInput, unknown, EmailChangeFormOutput>({
    resolver: zodResolver(EmailChangeFormSchema),
    defaultValues: EMPTY_EMAIL_CHANGE,
  });

  const show = () => {
    setOpen(true);
    setSent(null);
    setFormError(null);
    // After the form renders.
    setTimeout(() => setFocus('newEmail'), 0);
  };

  const cancel = () => {
    setOpen(false);
    setFormError(null);
    reset(EMPTY_EMAIL_CHANGE);
  };

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await requestChange.mutateAsync(input);
      reset(EMPTY_EMAIL_CHANGE);
      setOpen(false);
      setSent(result.message);
      toast({ title: result.message });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      const fieldErrors = fieldErrorsFor(EMAIL_CHANGE_FIELDS, details.errors);
      for (const [field, message] of fieldErrors) setError(field, { type: 'server', message });
      if (fieldErrors.length > 0) return;
      // A taken address has no field of its own in the answer, but it is the new email's problem.
      if (details.status === CONFLICT && details.message) setError('newEmail', { type: 'server', message: details.message });
      else setFormError(details.message ?? 'Could not ask for the change. Try again.');
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in email</CardTitle>
        <CardDescription>The address you sign in with and where we send your mail.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <TextField label="Email" type="email" value={email} readOnly aria-readonly="true" />
        <p role="status" className={sent ? 'text-sm font-medium text-foreground' : 'sr-only'}>
          {sent}
        </p>
        {open ? (
          <form id={formId} onSubmit={onSubmit} noValidate aria-label="Change email" className="grid gap-4 border-t border-border pt-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <EmailField label="New email" error={errors.newEmail?.message} {...register('newEmail')} />
              <PasswordField label="Current password" error={errors.password?.message} {...register('password')} />
            </div>
            <FormError message={formError} />
            <FormButtons
              submitLabel="Send confirmation link"
              submitIcon={<Mail className="size-4" aria-hidden="true" />}
              busy={isSubmitting}
              onCancel={cancel}
            />
          </form>
        ) : (
          <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={show}>
            Change email
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
