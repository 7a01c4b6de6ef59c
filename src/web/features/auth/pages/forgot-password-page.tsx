import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EmailOnlySchema, type EmailOnlyInput } from '../../../../shared/auth.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useForgotPassword } from '../api.js';
import { AuthLayout } from '../components/auth-layout.js';

/** /forgot-password: requests a reset link (real, DECISIONS 2); the answer never reveals accounts. */
export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyInput, unknown, z.output<typeof EmailOnlySchema>>({
    resolver: zodResolver(EmailOnlySchema),
    defaultValues: { email: '' },
  });
  const isEmpty = (useWatch({ control, name: 'email' }) ?? '').trim() === '';

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const result = await forgotPassword.mutateAsync(email);
      toast({ title: 'Reset link sent', description: result.message });
      setSent({ email, message: result.message });
    } catch {
      // The message (e.g. rate limited) shows inline below.
    }
  });

  const tryDifferentEmail = () => {
    reset({ email: '' });
    forgotPassword.reset();
    setSent(null);
  };

  if (sent) {
    return (
      <AuthLayout
        title="Check Your Email"
        description={sent.message}
        icon={<MailCheck className="size-6" aria-hidden="true" />}
      >
        <CardContent className="grid gap-2 text-sm text-muted-foreground">
          <p>
            If an account exists for <strong className="break-all text-foreground">{sent.email}</strong>, the
            email contains a link to choose a new password. The link works for one hour and only once.
          </p>
          <p>Not there? Check your spam or junk folder.</p>
        </CardContent>
        <CardFooter>
          <Button variant="outline" className="w-full" onClick={tryDifferentEmail}>
            Try a different email
          </Button>
          <Link to={paths.login()} className={buttonClasses({ className: 'w-full' })}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Sign In
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  const failure = forgotPassword.isError
    ? (readApiError(forgotPassword.error).message ?? 'Could not send the reset link. Please try again.')
    : null;

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your account's email and we will send you a link to choose a new password."
      icon={<KeyRound className="size-6" aria-hidden="true" />}
    >
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          {failure ? (
            <Alert variant="destructive">
              <p>{failure}</p>
            </Alert>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isEmpty} loading={isSubmitting}>
            Send Reset Link
          </Button>
          <Link to={paths.login()} className="text-center text-sm font-medium text-primary hover:underline">
            Back to Sign In
          </Link>
        </CardContent>
      </form>
    </AuthLayout>
  );
}
