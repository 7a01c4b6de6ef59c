import { z } from 'zod';
import { THEMES } from './settings.schemas.js';

/** Limits on an account's password; the server also refuses very common passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const AuthMessages = {
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordRequired: 'Password is required',
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordsDontMatch: "Passwords don't match",
  verificationTokenMissing: 'Verification token is missing',
  resetTokenMissing: 'Reset token is missing',
  invalidCredentials: 'Invalid email or password.',
  verifyBeforeSignIn: 'Please verify your email before signing in.',
  /** An admin disabled the account (admin panel): no sign-in, and its sessions were ended. */
  accountDisabled: 'This account is disabled. Contact support.',
  emailTaken: 'An account with this email already exists. Sign in or reset your password instead.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Request a new one below.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  unauthorized: 'Unauthorized',
  verifiedSignInExpired: 'This sign-in step has expired or was already used. Please sign in with your password.',
  signedInAsAnotherAccount: 'You are signed in to another account. Sign out of it to continue.',
  verifiedWelcome: 'Welcome to VendVote!',
  signedOut: 'You have been signed out.',
  /** A sign-in's greeting: newcomers on their account's first sign-in, everyone else after. */
  firstSignInWelcome: 'Welcome to VendVote!',
  returningWelcome: 'Welcome back!',
} as const;

/** The greeting for a sign-in, from whether the account had ever signed in before (stored, not guessed). */
export function signInWelcome(firstSignIn: boolean): string {
  return firstSignIn ? AuthMessages.firstSignInWelcome : AuthMessages.returningWelcome;
}

const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

export const EmailSchema = z
  .string({ error: AuthMessages.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, AuthMessages.invalidEmail)
  .pipe(z.email(AuthMessages.invalidEmail))
  .transform((email) => email.toLowerCase());

export const NewPasswordSchema = z
  .string({ error: AuthMessages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, AuthMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong);

const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`)
    // Names go into the greeting of mails sent to the address given: no line breaks to forge text with.
    .refine((name) => ![...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127), {
      message: 'Names cannot contain line breaks or control characters',
    });

export const passwordsMatch = (data: { password: string; confirmPassword: string }) =>
  data.password === data.confirmPassword;

/** The fields of every sign-up form (operators', affiliates'), before the passwords are compared. */
export const RegisterFieldsSchema = z.strictObject({
  firstName: personName(AuthMessages.firstNameRequired),
  lastName: personName(AuthMessages.lastNameRequired),
  email: EmailSchema,
  password: NewPasswordSchema,
  confirmPassword: z.string({ error: AuthMessages.passwordsDontMatch }).max(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
});
export const confirmPasswordMatches = { message: AuthMessages.passwordsDontMatch, path: ['confirmPassword'] };

export const RegisterSchema = RegisterFieldsSchema.refine(passwordsMatch, confirmPasswordMatches);
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: AuthMessages.passwordRequired })
    .min(1, AuthMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
  rememberMe: z.boolean({ error: 'Remember me must be true or false' }).optional().default(false),
  /**
   * The browser's own time zone ('America/Chicago'), the only hint of where a session is: the
   * security tab lists sessions by it. Nothing is looked up from the network address.
   */
  timeZone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/)
    .optional()
    .catch(undefined),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const EmailOnlySchema = z.strictObject({ email: EmailSchema });
export type EmailOnlyInput = z.input<typeof EmailOnlySchema>;

export const ResetPasswordSchema = z
  .strictObject({
    token: z.string({ error: AuthMessages.resetTokenMissing }).min(1, AuthMessages.resetTokenMissing).max(200),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: AuthMessages.passwordsDontMatch }).max(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
  })
  .refine(passwordsMatch, { message: AuthMessages.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

export const VerifyEmailQuerySchema = z.object({
  token: z
    .string({ error: AuthMessages.verificationTokenMissing })
    .min(1, AuthMessages.verificationTokenMissing)
    .max(200, AuthMessages.verificationLinkInvalid),
});

/** POST /api/auth/verify-email/continue: `replaceSession` confirms signing out another account first. */
export const ContinueAfterVerifySchema = z.strictObject({
  replaceSession: z.boolean({ error: 'Replace session must be true or false' }).optional().default(false),
});
export type ContinueAfterVerifyInput = z.input<typeof ContinueAfterVerifySchema>;

export const RoleSchema = z.enum(['operator', 'admin', 'affiliate']);
export type Role = z.infer<typeof RoleSchema>;

export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: RoleSchema,
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** In the affiliate program (an affiliate, or an operator who also refers): the affiliate dashboard is theirs. */
  isAffiliate: z.boolean(),
  /** Settings → Preferences: every date and time of the operator app is shown in it. */
  timeZone: z.string(),
  /** Present while the owner's deletion waits out its grace period: when the account will be erased. */
  deletionScheduledFor: z.iso.datetime().optional(),
});

/**
 * GET /api/auth/session: the web app's probe of who is signed in. Signed out is an answer here
 * (200, user null), not an error, so a visitor's browser logs no failed request; `/api/auth/me`
 * keeps its 401 for API clients. It carries the account's stored theme, so a new browser shows the
 * operator's choice from its first signed-in page (null when signed out).
 */
export const SessionProbeSchema = z.object({ user: CurrentUserSchema.nullable(), theme: z.enum(THEMES).nullable() });
export type SessionProbe = z.infer<typeof SessionProbeSchema>;
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SubscriptionTierSchema = z.enum(['free', 'growth', 'enterprise']);
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>;

export const RegisteredSchema = z.object({ message: z.string(), email: z.string() });
export const VerifiedSchema = z.object({ message: z.string(), user: z.object({ id: z.number().int(), email: z.string() }) });
export const SignedInSchema = z.object({ message: z.string(), user: CurrentUserSchema });
/**
 * The password was right but the account has two-factor sign-in on: no session yet. The second step
 * (POST /api/auth/login/two-factor) finishes it; its challenge rides in an HttpOnly cookie.
 */
export const TwoFactorRequiredSchema = z.object({ message: z.string(), twoFactorRequired: z.literal(true) });
/** POST /api/auth/login: signed in, or asked for the second step. */
export const LoginResultSchema = z.union([SignedInSchema, TwoFactorRequiredSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** Operator pages are open to operators and admins (spec 6). */
export function isOperatorRole(role: Role): boolean {
  return role === 'operator' || role === 'admin';
}
