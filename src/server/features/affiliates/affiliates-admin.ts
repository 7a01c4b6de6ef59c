import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { AffiliateMessages, centsToDecimal, COMMISSION_RATE_PERCENT, type AdminAffiliate, type AffiliateStats } from '../../../shared/affiliates.schemas.js';
import type { AppContext } from '../../context.js';
import { affiliateCommissions, affiliates, invoices, referrals, users } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int`;

/** The first instant of this month in UTC: the admin panel's "monthly" figures start there. */
export const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Every affiliate with their referrals, earnings (refunds taken off) and the balance approved for payout. */
export async function listAffiliates(ctx: AppContext, onlyUserId?: number): Promise<AdminAffiliate[]> {
  const referralCount = sql<number>`(select count(*)::int from ${referrals} where ${referrals.affiliateUserId} = ${affiliates.userId})`;
  const earned = (status?: 'approved') => sql<number>`(
    select coalesce(sum(${affiliateCommissions.amountCents}), 0)::int from ${affiliateCommissions}
    where ${affiliateCommissions.affiliateUserId} = ${affiliates.userId}
      and ${status ? sql`${affiliateCommissions.status} = ${status}` : sql`${affiliateCommissions.status} <> 'cancelled'`})`;
  const rows = await ctx.db
    .select({
      userId: affiliates.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      affiliateCode: affiliates.code,
      industry: affiliates.industry,
      referralCount,
      totalEarningsCents: earned(),
      approvedBalanceCents: earned('approved'),
      isActive: affiliates.isActive,
      joinedAt: affiliates.createdAt,
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(onlyUserId === undefined ? undefined : eq(affiliates.userId, onlyUserId))
    .orderBy(desc(affiliates.createdAt), desc(affiliates.userId));
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/** Activates or deactivates an affiliate: an inactive one's link records nothing and earns nothing new. */
export async function setAffiliateActive(ctx: AppContext, userId: number, isActive: boolean): Promise<AdminAffiliate> {
  const changed = await ctx.db
    .update(affiliates)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(affiliates.userId, userId))
    .returning({ userId: affiliates.userId });
  if (changed.length === 0) throw notFound(AffiliateMessages.affiliateNotFound);
  const [row] = await listAffiliates(ctx, userId);
  return row!;
}

/** The admin panel's program figures, all computed from stored rows. */
export async function affiliateStats(ctx: AppContext, now = new Date()): Promise<AffiliateStats> {
  const monthStart = startOfMonthUtc(now);
  const [[active], [pending], [revenue], [earnedThisMonth]] = await Promise.all([
    ctx.db.select({ n: count() }).from(affiliates).where(eq(affiliates.isActive, true)),
    ctx.db.select({ cents: sumOf(affiliateCommissions.amountCents) }).from(affiliateCommissions).where(eq(affiliateCommissions.status, 'pending')),
    ctx.db
      .select({ cents: sumOf(sql`${invoices.amountPaid} - ${invoices.amountRefunded}`) })
      .from(invoices)
      .innerJoin(referrals, eq(referrals.referredUserId, invoices.userId))
      .where(and(eq(invoices.status, 'paid'), gte(invoices.paidAt, monthStart))),
    ctx.db
      .select({ cents: sumOf(affiliateCommissions.amountCents) })
      .from(affiliateCommissions)
      .where(and(ne(affiliateCommissions.status, 'cancelled'), gte(affiliateCommissions.createdAt, monthStart))),
  ]);
  return {
    activeAffiliateUsers: active?.n ?? 0,
    totalCommissionsPending: centsToDecimal(pending?.cents ?? 0),
    monthlyRevenue: centsToDecimal(revenue?.cents ?? 0),
    monthlyPayouts: centsToDecimal(earnedThisMonth?.cents ?? 0),
    commissionRate: COMMISSION_RATE_PERCENT,
  };
}
