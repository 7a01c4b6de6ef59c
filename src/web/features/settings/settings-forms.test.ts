import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PreferencesSchema, SettingsMessages } from '../../../shared/settings.schemas.js';
import { SecurityMessages } from '../../../shared/security.schemas.js';
import {
  CHANGE_PASSWORD_FIELDS,
  ChangePasswordFormSchema,
  EMPTY_CHANGE_PASSWORD,
  EmailChangeFormSchema,
  PROFILE_FIELDS,
  PreferencesFormSchema,
  ProfileFormSchema,
  THRESHOLD_REQUIRED,
 
  placeLabel,
  profileFormValues,
} from './settings-forms.js';
import { themeToApply } from './use-theme-setting.js';
import { fieldErrorsFor } from '../../lib/server-field-errors.js';

const PROFILE = { firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', phone: null, company: 'Snacks Co', website: null };

describe('the profile form', () => {
  it('edits everything but the email, with empty text for what is not set', () => {
    expect(profileFormValues(PROFILE)).toEqual({ firstName: 'Sam', lastName: 'Rivera', phone: '', company: 'Snacks Co', website: '' });
  });

  it('sends empty fields as null and checks the website with the shared message', () => {
    expect(ProfileFormSchema.parse(profileFormValues(PROFILE))).toEqual({
      firstName: 'Sam',
      lastName: 'Rivera',
      phone: null,
      company: 'Snacks Co',
      website: null,
    });
    const result = ProfileFormSchema.safeParse({ ...profileFormValues(PROFILE), website: 'not a site' });
    expect(result.error?.issues[0]?.message).toBe(SettingsMessages.websiteInvalid);
  });
});

describe('the preferences form', () => {
  it('accepts the defaults', () => {
    expect(PreferencesFormSchema.parse(DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES);
  });

  it('asks for a number when the threshold is blank (the input gives NaN), and keeps the shared limits', () => {
    const blank = PreferencesFormSchema.safeParse({ ...DEFAULT_PREFERENCES, autoReorderThreshold: Number.NaN });
    expect(blank.error?.issues[0]?.message).toBe(THRESHOLD_REQUIRED);
    const negative = { ...DEFAULT_PREFERENCES, autoReorderThreshold: -1 };
    expect(PreferencesFormSchema.safeParse(negative).error?.issues[0]?.message).toBe(PreferencesSchema.safeParse(negative).error?.issues[0]?.message);
    const fraction = PreferencesFormSchema.safeParse({ ...DEFAULT_PREFERENCES, autoReorderThreshold: 2.5 });
    expect(fraction.success).toBe(false);
  });
});

describe("the server's field errors", () => {
  it('keeps those of the form’s fields only', () => {
    expect(fieldErrorsFor(PROFILE_FIELDS, { website: 'Bad', email: 'Not here', body: 'x' })).toEqual([['website', 'Bad']]);
    expect(fieldErrorsFor(PROFILE_FIELDS, undefined)).toEqual([]);
  });
});

describe('the theme setting', () => {
  it("applies the server's theme only when it differs from the browser's", () => {
    expect(themeToApply('dark', 'auto')).toBe('dark');
    expect(themeToApply('light', 'light')).toBeNull();
  });
});

describe('the security forms', () => {
  it('asks for the current password and a matching confirmation, with the shared messages', () => {
    const blank = ChangePasswordFormSchema.safeParse(EMPTY_CHANGE_PASSWORD);
    expect(blank.error?.issues.find((issue) => issue.path[0] === 'currentPassword')?.message).toBe(SecurityMessages.currentPasswordRequired);
    const mismatch = ChangePasswordFormSchema.safeParse({ currentPassword: 'x', newPassword: 'a-long-new-passphrase-1', confirmPassword: 'other' });
    expect(mismatch.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['confirmPassword', SecurityMessages.passwordsDontMatch]]);
    expect(fieldErrorsFor(CHANGE_PASSWORD_FIELDS, { currentPassword: SecurityMessages.currentPasswordWrong })).toEqual([
      ['currentPassword', SecurityMessages.currentPasswordWrong],
    ]);
  });

  it('asks for the password to move the email', () => {
    const result = EmailChangeFormSchema.safeParse({ newEmail: 'new@example.com', password: '' });
    expect(result.error?.issues[0]?.message).toBe(SecurityMessages.currentPasswordRequired);
  });

  it("names a device's place as a time zone", () => {
    expect(placeLabel('Los Angeles')).toBe('Los Angeles time');
    expect(placeLabel(null)).toBeNull();
  });
});
