import { z } from 'zod';
import { SubscriptionTierSchema } from './auth.schemas.js';
import { idParamsSchema } from './ids.js';

/** Rows per page of the admin user list (one page of the table). */
export const ADMIN_USER_PAGE_SIZE = 25;
/** Spec 9: six placeholder rows while an admin list loads. */
export const ADMIN_LIST_SKELETON_ROWS = 6;
const SEARCH_MAX_LENGTH = 254;

export const AdminUserMessages = {
  cannotDisableSelf: 'You cannot disable your own account.',
  alreadyVerified: 'This account is already verified.',
  verificationSent: 'A new verification link is on its way.',
  planFollowsSubscription:
    "This account's plan follows its Stripe subscription. The operator changes it on their Plan & billing page, or it is changed in Stripe.",
  badSort: 'Sort must be joined, name, email or machines',
  badOrder: 'Order must be asc or desc',
  badPage: 'Page must be a whole number from 1',
  searchTooLong: `Search must be at most ${SEARCH_MAX_LENGTH} characters`,
} as const;

export const ADMIN_USER_SORTS = ['joined', 'name', 'email', 'machines'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `GET /api/admin/users?search=&sort=&order=&page=`: newest first unless told otherwise. */
export const AdminUserListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, AdminUserMessages.searchTooLong)
    .optional()
    .transform((search) => search || undefined),
  sort: z.enum(ADMIN_USER_SORTS, { error: AdminUserMessages.badSort }).default('joined'),
  order: z.enum(SORT_ORDERS, { error: AdminUserMessages.badOrder }).default('desc'),
  page: z.coerce
    .number({ error: AdminUserMessages.badPage })
    .int(AdminUserMessages.badPage)
    .min(1, AdminUserMessages.badPage)
    .max(1_000_000, AdminUserMessages.badPage)
    .default(1),
});
export type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;
export type AdminUserListInput = z.input<typeof AdminUserListQuerySchema>;

/** One account as the User Database tab shows it (spec 3's admin user, and what an admin acts on). */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  machineCount: z.number().int(),
  /** What the account is on (users.subscription_tier), set by Stripe or by an admin. */
  plan: SubscriptionTierSchema,
  /** A Stripe subscription that keeps a plan: the plan then follows it and an admin cannot set one. */
  hasSubscription: z.boolean(),
  isVerified: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/**
 * What became of the account's Stripe subscription when it was disabled or re-enabled: set to end
 * with the period already paid (paused), renewing again (resumed), or Stripe could not be asked or
 * refused, in which case the account is disabled or enabled all the same (docs/decisions/0022).
 */
export const SUBSCRIPTION_PAUSE_OUTCOMES = ['none', 'paused', 'not-paused', 'resumed', 'not-resumed'] as const;
export type SubscriptionPauseOutcome = (typeof SUBSCRIPTION_PAUSE_OUTCOMES)[number];

export const SubscriptionPauseMessages: Record<Exclude<SubscriptionPauseOutcome, 'none'>, string> = {
  paused: 'Their Stripe subscription will end with the period already paid for; re-enabling before then renews it.',
  'not-paused': 'Their Stripe subscription could not be paused and may still be billed. Cancel it in the Stripe dashboard.',
  resumed: 'Their Stripe subscription renews again.',
  'not-resumed': 'Their Stripe subscription could not be resumed and ends with its period. Resume it in the Stripe dashboard.',
};

/** The answer of disable and enable: the account, and what became of its subscription. */
export const AdminUserChangeSchema = AdminUserSchema.extend({ subscriptionPause: z.enum(SUBSCRIPTION_PAUSE_OUTCOMES) });
export type AdminUserChange = z.infer<typeof AdminUserChangeSchema>;

export const AdminUserPageSchema = z.object({
  users: z.array(AdminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Accounts matching the search, across every page. */
  total: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

/**
 * `GET /api/admin/users/stats`: every account, and how many are on each plan (what the account is
 * subscribed to, the same Plan the table shows). The spec counted 'tiers' by machines instead, which
 * put a paying Growth account under 'Free'; the machine count is its own column (decision 0038).
 */
export const AdminUserStatsSchema = z.object({
  total: z.number().int(),
  free: z.number().int(),
  growth: z.number().int(),
  enterprise: z.number().int(),
});
export type AdminUserStats = z.infer<typeof AdminUserStatsSchema>;

export const AdminUserIdParamsSchema = idParamsSchema('user');

/** The Status column: Verified or Pending (spec), and Disabled while an admin has disabled the account. */
export type AdminUserStatus = 'verified' | 'pending' | 'disabled';
export function adminUserStatusOf(user: Pick<AdminUser, 'isVerified' | 'disabledAt'>): AdminUserStatus {
  if (user.disabledAt) return 'disabled';
  return user.isVerified ? 'verified' : 'pending';
}
