import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema.js';

export type MagnetPayment = 'checkout' | 'invoice' | 'manual';

/**
 * How an operator pays for magnets. Only an active subscription, which Stripe charges at the end of
 * each period with the card it holds, can carry an invoice item. Everyone else pays on Stripe's
 * page before anything is printed: the Starter plan, a trial (which may end without a card and
 * leave the item unpaid), a subscription set to end (its last invoice is already behind it), and a
 * plan an admin set without a subscription (nothing would invoice it). An install without billing
 * takes orders for manual fulfilment (docs/decisions/0037).
 */
export async function magnetPaymentOf(db: Database, userId: number, billingConfigured: boolean): Promise<MagnetPayment> {
  // Without Stripe nothing can be charged here: the order waits for the admins, who fulfil it by hand.
  if (!billingConfigured) return 'manual';
  const [user] = await db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId));
  if (!user || user.tier === 'free') return 'checkout';
  const [active] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.tier, user.tier), eq(subscriptions.status, 'active'), eq(subscriptions.cancelAtPeriodEnd, false)))
    .limit(1);
  return active ? 'invoice' : 'checkout';
}
