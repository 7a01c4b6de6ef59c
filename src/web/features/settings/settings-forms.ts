import { z } from 'zod';
import { ChangePasswordSchema, RequestEmailChangeSchema, type ChangePassword } from '../../../shared/security.schemas.js';
import {
  PreferencesSchema,
  UpdateProfileSchema,
  type Preferences,
  type Profile,
} from '../../../shared/settings.schemas.js';

/** What the profile form edits: the profile without the email, with empty text for what is not set. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  company: string;
  website: string;
}

export const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'company', 'website'] as const satisfies readonly (keyof ProfileFormValues)[];

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    company: profile.company ?? '',
    website: profile.website ?? '',
  };
}

/** The server's rule; its output (trimmed, empty as null) is what is sent. */
export const ProfileFormSchema = UpdateProfileSchema;
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

/** A blank or non-numeric threshold has no number to check; say so instead of zod's 'expected number'. */
export const THRESHOLD_REQUIRED = 'Enter a number of units';

/** The server's rule, with the input's blank case worded for people. */
export const PreferencesFormSchema = PreferencesSchema.extend({
  autoReorderThreshold: z.number({ error: THRESHOLD_REQUIRED }).pipe(PreferencesSchema.shape.autoReorderThreshold),
  assumedUnitsPerVote: z.number({ error: 'Enter a number of units' }).pipe(PreferencesSchema.shape.assumedUnitsPerVote),
});

export const PREFERENCE_FIELDS = Object.keys(PreferencesSchema.shape) as (keyof Preferences)[];

/** The server's rule for a new password (the same checks as sign-up, and a matching confirmation). */
export const ChangePasswordFormSchema = ChangePasswordSchema;
export const EMPTY_CHANGE_PASSWORD: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };
export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const satisfies readonly (keyof ChangePassword)[];

/** The server's rule for asking to move the sign-in email. */
export const EmailChangeFormSchema = RequestEmailChangeSchema;
export type EmailChangeFormInput = z.input<typeof EmailChangeFormSchema>;
export type EmailChangeFormOutput = z.output<typeof EmailChangeFormSchema>;
export const EMPTY_EMAIL_CHANGE: EmailChangeFormInput = { newEmail: '', password: '' };
export const EMAIL_CHANGE_FIELDS = ['newEmail', 'password'] as const satisfies readonly (keyof EmailChangeFormInput)[];

/** A signed-in device's place as the list shows it: 'Los Angeles time'; nothing when the browser did not say. */
export const placeLabel = (place: string | null): string | null => (place ? `${place} time` : null);

