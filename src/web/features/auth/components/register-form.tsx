import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { RegisterSchema, type RegisterInput } from '../../../../shared/auth.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { CardContent } from '../../../components/ui/card.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { paths } from '../../../lib/paths.js';
import { fieldErrorsFor, showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useRegister } from '../api.js';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

const GENERIC_FAILURE = 'Registration failed. Please try again.';

export function RegisterForm() {
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, z.output<typeof RegisterSchema>>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await registerAccount.mutateAsync(values);
      toast({ title: 'Registration successful! Please check your email to verify your account.' });
      navigate(paths.checkEmail(result.email || values.email));
    } catch (error) {
      const details = showServerFieldErrors(error, FIELDS, setError);
      // A refusal the person can fix in one field (a too-common password, a taken email) is said once,
      // beside that field; a summary and a toast would only repeat it.
      if (fieldErrorsFor(FIELDS, details.errors).length > 0) return;
      const showServerMessage = (details.status === 409 || details.status === 400) && details.message;
      setFailure(showServerMessage ? details.message! : GENERIC_FAILURE);
      toast({ title: 'Registration failed', description: 'Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="grid gap-4">
        {failure ? (
          <Alert variant="destructive">
            <p>{failure}</p>
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
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
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Create Account
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link to={paths.login()} className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </CardContent>
    </form>
  );
}
