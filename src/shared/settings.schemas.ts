import { z } from 'zod';

/** The settings page's profile and preferences tabs (spec extended 3, 8, 9), stored per operator. */

export const SettingsMessages = {
  savedTitle: 'Settings Updated',
  saveFailed: 'Failed to save settings',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  websiteInvalid: 'Enter a web address, such as https://example.com',
  phoneInvalid: 'Enter a phone number, such as +1 555 010 2030',
} as const;

/** Spec extended 9. The time zone decides what 'today' means on every page and in every mail. */
export const TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'UTC'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };
export const THEMES = ['light', 'dark', 'auto'] as const;
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;

export const DEFAULT_PREFERENCES = {
  timezone: 'America/New_York',
  currency: 'USD',
  language: 'en',
  theme: 'auto',
  autoReorderThreshold: 20,
  reportFrequency: 'weekly',
  restockWeekday: 1,
  assumedUnitsPerVote: 1,
} as const;

/** Sunday first, as JavaScript's getDay() counts; the stock figures assume machines are filled on one of them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Units sold per up-vote that may be assumed: the same bounds a measured ratio is kept within. */
export const UNITS_PER_VOTE_RANGE = { min: 0.05, max: 20 } as const;

export const PreferencesSchema = z.object({
  timezone: z.enum(TIME_ZONES),
  currency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  autoReorderThreshold: z.number().int('Use a whole number of units').min(0, 'The threshold cannot be negative').max(100_000, 'At most 100000 units'),
  reportFrequency: z.enum(REPORT_FREQUENCIES),
  /** The weekday machines are usually filled, 0 Sunday … 6 Saturday: the stock figures' next visit until restocks are recorded. */
  restockWeekday: z.number().int('Choose a weekday').min(0, 'Choose a weekday').max(6, 'Choose a weekday'),
  /** Units sold per up-vote assumed until restock records measure it. */
  assumedUnitsPerVote: z
    .number()
    .min(UNITS_PER_VOTE_RANGE.min, `At least ${UNITS_PER_VOTE_RANGE.min}`)
    .max(UNITS_PER_VOTE_RANGE.max, `At most ${UNITS_PER_VOTE_RANGE.max}`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals'),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** PATCH /api/settings/preferences: the whole tab. */
export const UpdatePreferencesSchema = PreferencesSchema.strict();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const ProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** PATCH /api/settings/profile. The email is changed through its own confirmation, not here. */
export const UpdateProfileSchema = z.strictObject({
  firstName: z.string().trim().min(1, SettingsMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, SettingsMessages.lastNameRequired).max(100),
  phone: optionalText(40).refine((phone) => phone === null || /^\+?[\d\s().-]{7,40}$/.test(phone), SettingsMessages.phoneInvalid),
  company: optionalText(200),
  website: optionalText(500).refine((url) => url === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url), SettingsMessages.websiteInvalid),
});
export type UpdateProfile = z.input<typeof UpdateProfileSchema>;

/** GET /api/settings: the tabs' stored values. */
export const SettingsSchema = z.object({ profile: ProfileSchema, preferences: PreferencesSchema });
export type Settings = z.infer<typeof SettingsSchema>;
