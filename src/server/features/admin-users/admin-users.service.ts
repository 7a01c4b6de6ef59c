import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_PAGE_SIZE,
  AdminUserMessages,
  type AdminUser,
  type AdminUserChange,
  type AdminUserListQuery,
  type AdminUserPage,
  type AdminUserStats,
} from '../../../shared/admin-users.schemas.js';
import type { SubscriptionTier } from '../../../shared/auth.schemas.js';
import { NotFoundMessages } from '../../../shared/ids.js';
import type { AppContext } from '../../context.js';
import { apiTokens, emailChanges, passwordResetTokens, subscriptions, twoFactorChallenges, users, verifiedSignIns } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { endAllSessionsOf } from '../../sessions.js';
import { sendVerification } from '../auth/auth.service.js';
import { PLAN_KEEPING_STATUSES } from '../billing/subscription-sync.js';
import { pauseSubscriptionsOf, resumeSubscriptionsOf } from './subscription-pause.js';

/**
 * The admin panel's accounts. Unlike every operator feature this one reads across tenants; the
 * admin scope's guard is what allows it.
 */

/** A LIKE pattern that matches the text literally anywhere, `%` and `_` included. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.toLowerCase());
  // The full name, so that 'ann lee' finds Ann Lee; it covers either name alone too. lower() and
  // LIKE rather than ILIKE: the same match, a fifth cheaper on a scan of every account.
  return or(like(sql`lower(${users.email})`, pattern), like(sql`lower(${fullName})`, pattern));
}

// Drizzle writes a column of a one-table select without its table, which inside this subquery
// would name the subquery's own column: the outer account is named in full.
const outerUserId = sql.raw('"users"."id"');
const hasSubscriptionOfRow = sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${outerUserId} and ${inArray(
  subscriptions.status,
  [...PLAN_KEEPING_STATUSES],
)})`;

type Row = Pick<typeof users.$inferSelect, keyof typeof listedColumns> & { hasSubscription: boolean };

function toAdminUser(row: Row): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    machineCount: row.machineCount,
    plan: row.subscriptionTier,
    hasSubscription: row.hasSubscription,
    isVerified: row.isVerified,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only what the table needs: password hashes, tokens and two-factor secrets never leave the service. */
const { id, firstName, lastName, email, subscriptionTier, machineCount, isVerified, disabledAt, createdAt } = getTableColumns(users);
const listedColumns = { id, firstName, lastName, email, subscriptionTier, machineCount, isVerified, disabledAt, createdAt };

/** Each sort's keys (each has an index ending in id, schema/accounts.ts); email is unique on its own. */
const SORT_KEYS: Record<AdminUserListQuery['sort'], SQL[]> = {
  joined: [sql`${users.createdAt}`, sql`${users.id}`],
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, sql`${users.id}`],
  email: [sql`${users.email}`],
  machines: [sql`${users.machineCount}`, sql`${users.id}`],
};

/**
 * One page of accounts, searched by name or email, sorted; ties broken by id so pages never
 * overlap. The page's ids are found first from the sort's index alone, and only those 25 rows are
 * read in full: a deep page then skips index entries, not whole rows.
 */
export async function listAdminUsers(ctx: AppContext, query: AdminUserListQuery): Promise<AdminUserPage> {
  const where = searchFilter(query.search);
  const direction = query.order === 'asc' ? asc : desc;
  const order = SORT_KEYS[query.sort].map((key) => direction(key));
  // A search scans every account anyway, so its total rides along as a window count over that scan;
  // without one, the page comes from an index and the total from a count of its own.
  const matched = (where ? sql`count(*) over ()` : sql`0`).mapWith(Number).as('matched');
  const pageIds = ctx.db
    .select({ id: users.id, matched })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_USER_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_USER_PAGE_SIZE)
    .as('page_ids');
  const [rows, everyone] = await Promise.all([
    ctx.db
      .select({ ...listedColumns, hasSubscription: hasSubscriptionOfRow, matched: pageIds.matched })
      .from(users)
      .innerJoin(pageIds, eq(pageIds.id, users.id))
      .orderBy(...order),
    where ? undefined : countUsers(ctx),
  ]);
  // A searched page past the end has no row to carry the total: it is counted then.
  const total = everyone ?? rows[0]?.matched ?? (await countUsers(ctx, where));
  return { users: rows.map(toAdminUser), page: query.page, pageSize: ADMIN_USER_PAGE_SIZE, total };
}

async function countUsers(ctx: AppContext, where?: SQL): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(users).where(where);
  return row?.total ?? 0;
}

/** Every account, and how many are on each plan. */
export async function adminUserStats(ctx: AppContext): Promise<AdminUserStats> {
  const onPlan = (tier: SubscriptionTier) => sql<number>`count(*) filter (where ${users.subscriptionTier} = ${tier})`.mapWith(Number);
  const [row] = await ctx.db
    .select({ total: count(), free: onPlan('free'), growth: onPlan('growth'), enterprise: onPlan('enterprise') })
    .from(users);
  return row ?? { total: 0, free: 0, growth: 0, enterprise: 0 };
}

async function findAdminUser(ctx: AppContext, userId: number): Promise<AdminUser> {
  const [row] = await ctx.db
    .select({ ...listedColumns, hasSubscription: hasSubscriptionOfRow })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound(NotFoundMessages.user);
  return toAdminUser(row);
}

/** A new verification link for an account still Pending, mailed as registration mails it. */
export async function resendVerificationFor(ctx: AppContext, userId: number): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(NotFoundMessages.user);
  if (user.isVerified) throw conflict(AdminUserMessages.alreadyVerified);
  await ctx.db.transaction((tx) => sendVerification(ctx, tx, user));
}

/**
 * Disables an account: it can no longer sign in (every path that starts a session checks), and it
 * is signed out everywhere at once, including sign-ins half done (a second step waiting for its
 * code, a one-click sign-in after verifying), and its API tokens are revoked. Nothing of its data is touched; re-enabling restores it.
 * Its Stripe subscription is set to end with the period already paid (subscription-pause.ts).
 */
export async function disableUser(ctx: AppContext, adminId: number, userId: number): Promise<AdminUserChange> {
  if (adminId === userId) throw conflict(AdminUserMessages.cannotDisableSelf);
  const changed = await ctx.db.transaction(async (tx) => {
    // An account disabled earlier keeps its first date.
    const [row] = await tx
      .update(users)
      .set({ disabledAt: sql`coalesce(${users.disabledAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) return false;
    await endAllSessionsOf(tx, userId);
    await tx.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), eq(twoFactorChallenges.purpose, 'sign-in')));
    await tx.delete(verifiedSignIns).where(eq(verifiedSignIns.userId, userId));
    // Links mailed before the disabling die with it, so none works again after a re-enabling:
    // the owner asks afresh then.
    await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    // So do its API tokens, as its sessions do: after a re-enabling, the owner makes new ones.
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    return true;
  });
  if (!changed) throw notFound(NotFoundMessages.user);
  // After the commit: the account is disabled whatever Stripe answers.
  const subscriptionPause = await pauseSubscriptionsOf(ctx, userId);
  return { ...(await findAdminUser(ctx, userId)), subscriptionPause };
}

/**
 * Lets a disabled account sign in again (its sessions stay ended: it signs in afresh), and renews
 * a subscription that disabling set to end, if its period still runs.
 */
export async function enableUser(ctx: AppContext, userId: number): Promise<AdminUserChange> {
  const [row] = await ctx.db.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
  if (!row) throw notFound(NotFoundMessages.user);
  const subscriptionPause = await resumeSubscriptionsOf(ctx, userId);
  return { ...(await findAdminUser(ctx, userId)), subscriptionPause };
}
