import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { AffiliateMessages, COMMISSION_RATE_PERCENT, REFERRAL_PARAM, type AffiliateDashboard, type Referral } from '../../../shared/affiliates.schemas.js';
import type { AppContext } from '../../context.js';
import { affiliateCommissions, affiliatePayouts, affiliates, referralClicks, referrals, subscriptions, users } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

const RECENT_REFERRALS = 10;
const MONTHS_SHOWN = 12;

/** 'ann.lee@example.com' → 'a***@e***.com': enough to tell referrals apart, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email[0]}***@${host[0] ?? ''}***${tld}`;
}

/** 'YYYY-MM' of the last twelve months in UTC, oldest first, ending with the current one. */
export function lastMonths(now: Date, months = MONTHS_SHOWN): string[] {
  return Array.from({ length: months }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

const monthOf = (column: unknown) => sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/** Every figure of an affiliate's dashboard, from their clicks, referrals, commission lines and payouts. */
export async function affiliateDashboard(ctx: AppContext, userId: number, now = new Date()): Promise<AffiliateDashboard> {
  const [affiliate] = await ctx.db
    .select({ code: affiliates.code, isActive: affiliates.isActive, role: users.role })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.userId, userId));
  if (!affiliate) throw notFound(AffiliateMessages.affiliateNotFound);
  const months = lastMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const mine = eq(affiliateCommissions.affiliateUserId, userId);
  const standing = ne(affiliateCommissions.status, 'cancelled');

  const [[clicks], [signUps], [active], earnings, clickMonths, signUpMonths, earnedMonths, recent, payouts] = await Promise.all([
    ctx.db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.affiliateUserId, userId)),
    ctx.db.select({ n: count() }).from(referrals).where(eq(referrals.affiliateUserId, userId)),
    ctx.db
      .select({ n: sql<number>`count(distinct ${referrals.referredUserId})::int` })
      .from(referrals)
      .innerJoin(subscriptions, eq(subscriptions.userId, referrals.referredUserId))
      .where(and(eq(referrals.affiliateUserId, userId), inArray(subscriptions.status, ['active', 'trialing']))),
    ctx.db
      .select({ status: affiliateCommissions.status, cents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)::int` })
      .from(affiliateCommissions)
      .where(and(mine, standing))
      .groupBy(affiliateCommissions.status),
    ctx.db
      .select({ month: monthOf(referralClicks.clickedAt), n: sql<number>`count(*)::int` })
      .from(referralClicks)
      .where(and(eq(referralClicks.affiliateUserId, userId), gte(referralClicks.clickedAt, since)))
      .groupBy(sql`1`),
    ctx.db
      .select({ month: monthOf(referrals.createdAt), n: sql<number>`count(*)::int` })
      .from(referrals)
      .where(and(eq(referrals.affiliateUserId, userId), gte(referrals.createdAt, since)))
      .groupBy(sql`1`),
    ctx.db
      .select({ month: monthOf(affiliateCommissions.createdAt), n: sql<number>`sum(${affiliateCommissions.amountCents})::int` })
      .from(affiliateCommissions)
      .where(and(mine, standing, gte(affiliateCommissions.createdAt, since)))
      .groupBy(sql`1`),
    recentReferrals(ctx, userId),
    ctx.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.affiliateUserId, userId)).orderBy(desc(affiliatePayouts.paidAt)),
  ]);
  const byMonth = (rows: { month: string; n: number }[]) => new Map(rows.map((row) => [row.month, row.n]));
  const [clicksBy, signUpsBy, earnedBy] = [byMonth(clickMonths), byMonth(signUpMonths), byMonth(earnedMonths)];
  const earned = (status: string) => earnings.find((row) => row.status === status)?.cents ?? 0;
  return {
    code: affiliate.code,
    link: `${ctx.publicUrl}/?${REFERRAL_PARAM}=${affiliate.code}`,
    isActive: affiliate.isActive,
    isOperator: affiliate.role !== 'affiliate',
    commissionRatePercent: COMMISSION_RATE_PERCENT,
    clicks: clicks?.n ?? 0,
    signUps: signUps?.n ?? 0,
    activeReferrals: active?.n ?? 0,
    earnings: { pendingCents: earned('pending'), approvedCents: earned('approved'), paidCents: earned('paid') },
    recentReferrals: recent,
    monthly: months.map((month) => ({ month, clicks: clicksBy.get(month) ?? 0, signUps: signUpsBy.get(month) ?? 0, earnedCents: earnedBy.get(month) ?? 0 })),
    payouts: payouts.map((payout) => ({ id: payout.id, amountCents: payout.amountCents, reference: payout.reference, paidAt: payout.paidAt.toISOString() })),
  };
}

/** The latest sign-ups, masked, each with its plan, its subscription's standing and what it earned. */
async function recentReferrals(ctx: AppContext, affiliateUserId: number): Promise<Referral[]> {
  const latestStatus = sql<string | null>`(
    select ${subscriptions.status} from ${subscriptions}
    where ${subscriptions.userId} = ${referrals.referredUserId}
    order by ${subscriptions.stripeCreatedAt} desc limit 1)`;
  const earned = sql<number>`(
    select coalesce(sum(${affiliateCommissions.amountCents}), 0)::int from ${affiliateCommissions}
    where ${affiliateCommissions.referredUserId} = ${referrals.referredUserId}
      and ${affiliateCommissions.affiliateUserId} = ${affiliateUserId}
      and ${affiliateCommissions.status} <> 'cancelled')`;
  const rows = await ctx.db
    .select({ email: users.email, joinedAt: referrals.createdAt, plan: users.subscriptionTier, status: latestStatus, earned })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.affiliateUserId, affiliateUserId))
    .orderBy(desc(referrals.createdAt), desc(referrals.referredUserId))
    .limit(RECENT_REFERRALS);
  return rows.map((row) => ({
    email: maskEmail(row.email),
    joinedAt: row.joinedAt.toISOString(),
    plan: row.plan,
    standing: standingOf(row.status),
    earnedCents: row.earned,
  }));
}

function standingOf(status: string | null): Referral['standing'] {
  if (status === null) return 'none';
  if (status === 'active' || status === 'trialing' || status === 'past_due') return status;
  // Stripe's other unsettled states are payments that did not go through yet.
  if (status === 'unpaid' || status === 'incomplete') return 'past_due';
  return 'canceled';
}
