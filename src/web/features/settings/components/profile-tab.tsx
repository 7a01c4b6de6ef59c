import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { Profile } from '../../../../shared/settings.schemas.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { TextField } from '../../../components/ui/text-field.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { useSaveProfile } from '../api.js';
import { PROFILE_FIELDS, ProfileFormSchema, profileFormValues, type ProfileFormInput, type ProfileFormOutput } from '../settings-forms.js';
import { EmailCard } from './email-card.js';
import { toastSaveFailed, toastSaved } from './save-toasts.js';
import { fieldErrorsFor } from '../../../lib/server-field-errors.js';

/** Name, phone, company and website; the sign-in email is changed on its own, through a link mailed to the new address. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const saveProfile = useSaveProfile();
  const values = useMemo<ProfileFormInput>(() => profileFormValues(profile), [profile]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileFormSchema),
    // Follows the saved profile, but never over what the operator has typed and not saved.
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await saveProfile.mutateAsync(input);
      reset(profileFormValues(saved.profile));
      toastSaved();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = toastSaveFailed(error);
      for (const [field, message] of fieldErrorsFor(PROFILE_FIELDS, details.errors)) setError(field, { type: 'server', message });
    }
  });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>Your name and business details.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate aria-label="Profile" className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First Name" autoComplete="given-name" aria-required="true" error={errors.firstName?.message} {...register('firstName')} />
              <TextField label="Last Name" autoComplete="family-name" aria-required="true" error={errors.lastName?.message} {...register('lastName')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
              <TextField label="Company" autoComplete="organization" error={errors.company?.message} {...register('company')} />
            </div>
            <TextField
              label="Website"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              error={errors.website?.message}
              {...register('website')}
            />
            <SubmitButton busy={isSubmitting} icon={<Save className="size-4" aria-hidden="true" />}>
              Save Profile
            </SubmitButton>
          </form>
        </CardContent>
      </Card>
      <EmailCard email={profile.email} />
    </div>
  );
}
