import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ResetPasswordSchema, type ResetPasswordInput } from '../../../../shared/auth.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { CardContent } from '../../../components/ui/card.js';
import { TextField } from '../../../components/ui/text-field.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useResetPassword } from '../api.js';

interface ResetPasswordFormProps {
  token: string;
  /** Called with the server's confirmation once the password has changed. */
  onDone: (message: string) => void;
}

export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, z.output<typeof ResetPasswordSchema>>({
    resolver: zodResolver(ResetPasswordSchema),
    // The token is not a visible field; it rides along with the form's values.
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await resetPassword.mutateAsync(values);
      onDone(result.message);
    } catch (error) {
      const fieldErrors = readApiError(error).errors ?? {};
      if (fieldErrors.password) setError('password', { type: 'server', message: fieldErrors.password });
      if (fieldErrors.confirmPassword) {
        setError('confirmPassword', { type: 'server', message: fieldErrors.confirmPassword });
      }
    }
  });

  const serverError = resetPassword.isError ? readApiError(resetPassword.error) : null;
  const fieldProblem = Boolean(serverError?.errors?.password || serverError?.errors?.confirmPassword);
  // A field problem already shows under its field; anything else (an invalid or expired link,
  // a rate limit) shows above the form with a way to get a fresh link.
  const failure =
    serverError && !fieldProblem
      ? (serverError.message ?? 'Could not reset your password. Please try again.')
      : null;
  const tokenProblem = failure !== null && serverError?.status !== 429;

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="grid gap-4">
        {failure ? (
          <Alert variant="destructive">
            <p>{failure}</p>
            {tokenProblem ? (
              <Link to={paths.forgotPassword} className="font-medium underline underline-offset-4">
                Request a new reset link
              </Link>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters. Very common passwords are refused."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message ?? errors.token?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Reset Password
        </Button>
      </CardContent>
    </form>
  );
}
