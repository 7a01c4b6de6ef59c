import { z } from 'zod';
import { NotFoundMessages } from './ids.js';

/**
 * Personal API tokens: an operator's own scripts call the operator API with
 * `Authorization: Bearer vv_pat_…` instead of a browser session. Made and revoked in Settings.
 */

/** Every token starts with this, so a leaked one is recognisable (and findable by secret scanners). */
export const API_TOKEN_PREFIX = 'vv_pat_';
/** The prefix and 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^vv_pat_[A-Za-z0-9_-]{43}$/;
/** Active tokens per operator: enough for every script, few enough to review. */
export const MAX_API_TOKENS = 20;
/** Calls per token per minute; past it, 429 with Retry-After. */
export const API_TOKEN_RATE_LIMIT = 600;
export const API_TOKEN_NAME_MAX = 60;

export const API_TOKEN_ACCESS = ['read-only', 'read-write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];
export const API_TOKEN_ACCESS_LABELS: Record<ApiTokenAccess, string> = { 'read-only': 'Read-only', 'read-write': 'Read and write' };

export const ApiTokenMessages = {
  nameRequired: 'Give the token a name',
  nameTooLong: `Must be at most ${API_TOKEN_NAME_MAX} characters`,
  accessInvalid: 'Access must be read-only or read-write',
  tooMany: `You have ${MAX_API_TOKENS} API tokens, the most an account may have. Revoke one you no longer use to make another.`,
  notFound: NotFoundMessages.apiToken,
  malformed: 'The Authorization header does not hold a VendVote API token. Send "Authorization: Bearer vv_pat_…" with the token shown when it was made.',
  invalid: 'This API token is not valid: it was revoked, or never existed. Make a new one under Settings → Security.',
  readOnly: 'This API token is read-only: it may only read (GET and HEAD requests). Use a read-write token to make changes.',
  notHere: 'API tokens work only on the operator API. Sign in to VendVote to use this.',
  sessionOnly: 'API tokens cannot be made or revoked with an API token. Sign in to VendVote to manage them.',
  rateLimited: (wait: string) => `This API token made too many requests. Try again in ${wait}.`,
} as const;

/** POST /api/settings/api-tokens. */
export const CreateApiTokenSchema = z.strictObject({
  name: z
    .string({ error: ApiTokenMessages.nameRequired })
    .trim()
    .min(1, ApiTokenMessages.nameRequired)
    .max(API_TOKEN_NAME_MAX, ApiTokenMessages.nameTooLong),
  access: z.enum(API_TOKEN_ACCESS, { error: ApiTokenMessages.accessInvalid }),
});
export type CreateApiToken = z.input<typeof CreateApiTokenSchema>;

/** A token as its owner sees it in the list: never the token, only its hint. */
export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  access: z.enum(API_TOKEN_ACCESS),
  /** 'vv_pat_Ab3d…x9Kq'. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to a creation: the only time the token itself is sent. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
