import { z } from 'zod';
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
});

export const PREFERENCE_FIELDS = Object.keys(PreferencesSchema.shape) as (keyof Preferences)[];

/** The server's field errors that belong to one of the form's fields, for showing inline. */
export function fieldErrorsFor<Field extends string>(
  fields: readonly Field[],
  errors: Record<string, string> | undefined,
): [Field, string][] {
  return Object.entries(errors ?? {}).filter((entry): entry is [Field, string] => (fields as readonly string[]).includes(entry[0]));
}
