import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  AFFILIATE_EXPERIENCE,
  AFFILIATE_INDUSTRIES,
  AffiliateRegisterSchema,
  EXPERIENCE_LABELS,
  INDUSTRY_LABELS,
  type AffiliateRegisterInput,
} from '../../../../shared/affiliates.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { EmailField, PasswordField, TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { paths } from '../../../lib/paths.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useRegisterAffiliate } from '../api.js';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'industry', 'experience'] as const;
const INDUSTRY_OPTIONS = AFFILIATE_INDUSTRIES.map((value) => [value, INDUSTRY_LABELS[value]] as const);
const EXPERIENCE_OPTIONS = AFFILIATE_EXPERIENCE.map((value) => [value, EXPERIENCE_LABELS[value]] as const);

/** Spec: the failure toast's title, and its text when the server sent no message of its own. */
const FAILURE_TITLE = 'Registration Failed';
const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** The spec's affiliate registration: the operator sign-up's fields plus industry and experience. */
export function AffiliateSignupForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const registerAffiliate = useRegisterAffiliate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AffiliateRegisterInput, unknown, z.output<typeof AffiliateRegisterSchema>>({
    resolver: zodResolver(AffiliateRegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await registerAffiliate.mutateAsync(values);
      onRegistered(result.email || values.email);
    } catch (error) {
      // A field's message (a too-common password, say) goes under its field; the form stays filled in.
      const details = showServerFieldErrors(error, FIELDS, setError);
      const message = details.message ?? GENERIC_FAILURE;
      setFailure(message);
      toast({ title: FAILURE_TITLE, description: message, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {failure ? (
        <Alert variant="destructive">
          <p className="font-semibold">{FAILURE_TITLE}</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" aria-required="true" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" aria-required="true" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <EmailField label="Email" error={errors.email?.message} {...register('email')} />
      <PasswordField
        label="Password"
        purpose="new"
        hint="At least 8 characters. Very common passwords are refused."
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField label="Confirm Password" purpose="new" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="industry" label="Industry" placeholder="Select your industry" options={INDUSTRY_OPTIONS} error={errors.industry?.message} required />
        <SelectField
          control={control}
          name="experience"
          label="Experience"
          placeholder="Select your experience"
          options={EXPERIENCE_OPTIONS}
          error={errors.experience?.message}
          required
        />
      </div>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Join the Affiliate Program
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already an affiliate?{' '}
        <Link to={paths.affiliateLogin()} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
