import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EmailOnlySchema, type EmailOnlyInput } from '../../../../shared/auth.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';
import { readApiError } from '../../../lib/api.js';
import { useResendVerification } from '../api.js';

/** Asks for a fresh verification link for the given address. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailOnlyInput, unknown, z.output<typeof EmailOnlySchema>>({
    resolver: zodResolver(EmailOnlySchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit((values) => resend.mutate(values.email));
  const failure = resend.isError
    ? (readApiError(resend.error).message ?? 'Could not send a new verification email. Please try again.')
    : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="resend-verification-heading">
      <h2 id="resend-verification-heading" className="text-sm font-semibold">
        Request a new verification link
      </h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" variant="secondary" className="w-full" loading={resend.isPending}>
        Send New Link
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {resend.isSuccess ? resend.data.message : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
