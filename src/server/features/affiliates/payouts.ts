import { and, desc, eq } from 'drizzle-orm';
import { AffiliateMessages, ERASED_AFFILIATE_NAME, MINIMUM_PAYOUT_CENTS, type RecordPayoutInput } from '../../../shared/affiliates.schemas.js';
import type { AppContext } from '../../context.js';
import { affiliateCommissions, affiliatePayouts, affiliates, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http-errors.js';

const RECENT_PAYOUTS = 20;

/**
 * Records a payout the admin made outside the app (a transfer), of the affiliate's whole approved
 * balance: the amount is computed here from the approved lines, refunds' negative lines included,
 * never taken from the browser (which sends only the figure it showed, to be checked). Those lines become paid with it, in one transaction, so two admins
 * recording at once cannot pay a line twice (the second finds no balance).
 */
export async function recordPayout(ctx: AppContext, adminId: number, input: Required<RecordPayoutInput>) {
  return ctx.db.transaction(async (tx) => {
    const [affiliate] = await tx.select({ userId: affiliates.userId }).from(affiliates).where(eq(affiliates.userId, input.affiliateUserId)).for('update');
    if (!affiliate) throw notFound(AffiliateMessages.affiliateNotFound);
    const approved = await tx
      .select({ id: affiliateCommissions.id, amountCents: affiliateCommissions.amountCents, currency: affiliateCommissions.currency })
      .from(affiliateCommissions)
      .where(and(eq(affiliateCommissions.affiliateUserId, affiliate.userId), eq(affiliateCommissions.status, 'approved')))
      .for('update');
    const amountCents = approved.reduce((sum, line) => sum + line.amountCents, 0);
    if (amountCents < MINIMUM_PAYOUT_CENTS) throw badRequest(AffiliateMessages.belowMinimumPayout);
    if (amountCents !== input.expectedAmountCents) throw conflict(AffiliateMessages.balanceChanged);
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({ affiliateUserId: affiliate.userId, amountCents, currency: approved[0]!.currency, reference: input.reference, recordedBy: adminId })
      .returning();
    for (const line of approved) {
      await tx.update(affiliateCommissions).set({ status: 'paid', payoutId: payout!.id, updatedAt: new Date() }).where(eq(affiliateCommissions.id, line.id));
    }
    return { id: payout!.id, amountCents, reference: payout!.reference, paidAt: payout!.paidAt.toISOString(), affiliateUserId: affiliate.userId };
  });
}

/** The latest payouts over all affiliates, for the admin panel. */
export async function recentPayouts(ctx: AppContext) {
  const rows = await ctx.db
    .select({ payout: affiliatePayouts, firstName: users.firstName, lastName: users.lastName })
    .from(affiliatePayouts)
    // An erased affiliate's payouts stay on record, without the person.
    .leftJoin(users, eq(users.id, affiliatePayouts.affiliateUserId))
    .orderBy(desc(affiliatePayouts.paidAt), desc(affiliatePayouts.id))
    .limit(RECENT_PAYOUTS);
  return {
    recent: rows.map(({ payout, firstName, lastName }) => ({
      id: payout.id,
      affiliateUserId: payout.affiliateUserId,
      affiliateName: payout.affiliateUserId === null ? ERASED_AFFILIATE_NAME : `${firstName ?? ''} ${lastName ?? ''}`.trim(),
      amountCents: payout.amountCents,
      reference: payout.reference,
      paidAt: payout.paidAt.toISOString(),
    })),
  };
}
