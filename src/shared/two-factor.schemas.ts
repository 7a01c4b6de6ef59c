import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.schemas.js';
import { SecurityMessages } from './security.schemas.js';

/** Two-factor sign-in with an authenticator app (TOTP) and single-use recovery codes. */

export const TWO_FACTOR_ISSUER = 'VendVote';
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are two groups of five from this alphabet: no 0/o, 1/i/l to misread when copied by hand. */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_GROUP = 5;

export const TwoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  codeWrong: 'That code is not right. Try again, or use a recovery code.',
  recoveryCodeWrong: 'That recovery code is not right, or it was already used.',
  setupCodeWrong: 'That code is not right. Check the time on your phone and enter the newest code.',
  codeAlreadyUsed: 'That code was already used. Wait for the next one in your app.',
  setupExpired: 'This setup has expired. Start again to get a new QR code.',
  signInExpired: 'This sign-in step has expired. Please sign in with your password again.',
  tooManyTries: 'Too many wrong codes. Please sign in with your password again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  newCodes: 'New recovery codes made. The old ones no longer work.',
  required: 'Enter the code from your authenticator app to finish signing in.',
} as const;

const password = z
  .string({ error: SecurityMessages.currentPasswordRequired })
  .min(1, SecurityMessages.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH);

/** A 6-digit code from the app, or a recovery code; spaces and dashes as people type them are fine. */
export const OneTimeCodeSchema = z
  .string({ error: TwoFactorMessages.codeRequired })
  .trim()
  .min(1, TwoFactorMessages.codeRequired)
  .max(32, TwoFactorMessages.codeWrong);

/** Only the 6 digits of the app (setup proves the app works, so a recovery code has no place there). */
export const TotpCodeSchema = z
  .string({ error: TwoFactorMessages.codeRequired })
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TwoFactorMessages.codeRequired));

/** GET /api/settings/two-factor. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/settings/two-factor/setup: the password proves the owner asks. */
export const StartTwoFactorSetupSchema = z.strictObject({ password });
export type StartTwoFactorSetup = z.input<typeof StartTwoFactorSetupSchema>;

export const TwoFactorSetupSchema = z.object({
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The same URI as a QR image (an SVG data URL). */
  qrCode: z.string(),
  /** The secret in base32, in groups of four, for typing into an app by hand. */
  manualKey: z.string(),
  /** Names this setup in the confirm call; it lasts ten minutes. */
  setupToken: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** POST /api/settings/two-factor/confirm. */
export const ConfirmTwoFactorSetupSchema = z.strictObject({
  setupToken: z.string().min(1, TwoFactorMessages.setupExpired).max(200),
  code: TotpCodeSchema,
});
export type ConfirmTwoFactorSetup = z.input<typeof ConfirmTwoFactorSetupSchema>;

/** The recovery codes, shown this once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
  status: TwoFactorStatusSchema,
});
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** POST /api/settings/two-factor/disable and /recovery-codes: the password and a code (or a recovery code). */
export const TwoFactorProofSchema = z.strictObject({ password, code: OneTimeCodeSchema });
export type TwoFactorProof = z.input<typeof TwoFactorProofSchema>;

export const TwoFactorDisabledSchema = z.object({ message: z.string(), status: TwoFactorStatusSchema });

/** POST /api/auth/login/two-factor: the second step (its challenge rides in an HttpOnly cookie). */
export const TwoFactorSignInSchema = z.strictObject({ code: OneTimeCodeSchema });
export type TwoFactorSignIn = z.input<typeof TwoFactorSignInSchema>;

/** Digits only: a 6-digit app code. */
export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/[\s-]/g, ''));
}

/** A recovery code as stored (hashed) and compared: lower case, without spaces or the dash. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
