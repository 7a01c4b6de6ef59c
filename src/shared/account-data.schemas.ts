import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.schemas.js';
import { MAX_ID } from './ids.js';

/**
 * An operator's own data: a ZIP of everything the account holds, and deleting the account after a
 * grace period in which signing in offers to undo it (docs/decisions/0042).
 */
export const ACCOUNT_DATA_API = '/api/account';

/** How long a download link works, and how long a deleted account waits before it is erased. */
export const EXPORT_LINK_DAYS = 7;
export const DELETION_GRACE_DAYS = 14;

export const AccountDataMessages = {
  exportStarted: 'We are gathering your data. We will email you a download link when it is ready, usually within a few minutes.',
  exportAlreadyBuilding: 'Your data is already being gathered. We will email you when it is ready.',
  exportNotFound: 'This download link is not valid for your account. Request a new copy in Settings.',
  exportExpired: 'This download link has expired. Request a new copy of your data in Settings.',
  exportNotReady: 'This copy of your data is not ready yet. We will email you when it is.',
  filesUnavailable: 'Downloads are not available on this server right now. Please try again later.',
  passwordRequired: 'Enter your password to confirm.',
  passwordWrong: 'That password is not right.',
  codeRequired: 'Enter the code from your authenticator app, or a recovery code.',
  lastAdmin: 'You are the only administrator. Make another account an administrator before deleting yours.',
  teamHandedOver: (owner: string) =>
    `You handed your team to ${owner}: its machines and records live in this account, so it cannot be deleted. Ask ${owner} to hand the team back to you first.`,
  adminByEmail: 'Your address is listed as an administrator in the server settings (ADMIN_EMAILS). Remove it there before deleting this account.',
  deletionScheduled: (date: string) => `Your account will be deleted on ${date}. Until then, signing in lets you undo it.`,
  deletionCancelled: 'Your account will not be deleted. Welcome back.',
  notScheduled: 'This account is not scheduled for deletion.',
  scheduledForDeletion: 'This account is scheduled for deletion. Undo the deletion to use it again.',
} as const;

/** POST /api/account/data-export → 202. */
export const ExportRequestedSchema = z.object({ message: z.string(), exportId: z.number().int() });

export const AccountExportStateSchema = z.enum(['building', 'ready', 'failed']);
/** GET /api/account/data-export: the latest copy, with its state; never the link's token. */
export const AccountExportStatusSchema = z.object({
  latest: z
    .object({
      id: z.number().int(),
      state: AccountExportStateSchema,
      requestedAt: z.iso.datetime(),
      readyAt: z.iso.datetime().nullable(),
      expiresAt: z.iso.datetime().nullable(),
      expired: z.boolean(),
      sizeBytes: z.number().int().nullable(),
    })
    .nullable(),
});
export type AccountExportStatus = z.infer<typeof AccountExportStatusSchema>;

/** GET /api/account/data-export/{id}/download?token=… (the mailed link). */
export const ExportDownloadParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
export const ExportDownloadQuerySchema = z.object({ token: z.string().min(1).max(100) });

/** POST /api/account/deletion: the password, and a code when two-factor sign-in is on. */
export const DeleteAccountSchema = z.strictObject({
  password: z.string({ error: AccountDataMessages.passwordRequired }).min(1, AccountDataMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  code: z.string().trim().max(32).optional(),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

export const DeletionScheduledSchema = z.object({ message: z.string(), eraseAfter: z.iso.datetime() });
export type DeletionScheduled = z.infer<typeof DeletionScheduledSchema>;
