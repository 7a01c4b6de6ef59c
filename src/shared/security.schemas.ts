import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, PASSWORD_MAX_LENGTH } from './auth.schemas.js';

/** The settings page's security tab (spec extended 3): the password and the signed-in devices. */

export const SecurityMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDontMatch: "Passwords don't match",
  samePassword: 'Choose a password different from the current one',
  passwordChanged: 'Password changed. Your other devices were signed out.',
  sessionNotFound: 'Session not found',
} as const;

/** POST /api/settings/password. */
export const ChangePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: SecurityMessages.currentPasswordRequired })
      .min(1, SecurityMessages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ error: SecurityMessages.passwordsDontMatch }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: SecurityMessages.passwordsDontMatch, path: ['confirmPassword'] });
export type ChangePassword = z.input<typeof ChangePasswordSchema>;

/** A signed-in device: what the browser said of itself, and its time zone; never its network address. */
export const SessionViewSchema = z.object({
  id: z.string(),
  device: z.string(),
  /** The browser's time zone as a place ('Chicago'), or null when it did not say. */
  place: z.string().nullable(),
  current: z.boolean(),
  signedInAt: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

export const SecuritySchema = z.object({
  passwordLastChanged: z.string(),
  /** A mail on each sign-in from a browser this account has not used before. */
  loginAlerts: z.boolean(),
  sessions: z.array(SessionViewSchema),
});
export type Security = z.infer<typeof SecuritySchema>;

export const SignedOutSchema = z.object({ signedOut: z.number().int() });

/** PATCH /api/settings/security. */
export const UpdateSecuritySchema = z.strictObject({ loginAlerts: z.boolean() });

export const EmailChangeMessages = {
  sent: 'Check your new inbox: we sent a link to confirm the change.',
  sameEmail: 'That is already your email address',
  linkInvalid: 'This confirmation link is invalid or has expired. Ask for the change again from your settings.',
  changed: 'Your email address was changed. Use the new one to sign in.',
  confirmTitle: 'Confirm your new email',
} as const;

/** POST /api/settings/email: the new address and, to prove it is the owner asking, the password. */
export const RequestEmailChangeSchema = z.strictObject({
  newEmail: EmailSchema,
  password: z.string({ error: SecurityMessages.currentPasswordRequired }).min(1, SecurityMessages.currentPasswordRequired).max(PASSWORD_MAX_LENGTH),
});

/** POST /api/auth/confirm-email-change: the token from the link mailed to the new address. */
export const ConfirmEmailChangeSchema = z.strictObject({ token: z.string().trim().min(1).max(200) });
export const EmailChangedSchema = z.object({ message: z.string(), email: z.string() });
