import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaidTier } from '../../../shared/billing.schemas.js';
import type { Database } from '../../db/client.js';
import { billingCustomers, stripeEvents, subscriptions, users } from '../../db/schema.js';

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The Stripe price id of each paid plan (STRIPE_PRICE_GROWTH, STRIPE_PRICE_ENTERPRISE). */
export interface PlanPrices {
  growth?: string;
  enterprise?: string;
}

export function tierOfPrice(prices: PlanPrices, priceId: string): PaidTier | null {
  if (prices.enterprise && priceId === prices.enterprise) return 'enterprise';
  if (prices.growth && priceId === prices.growth) return 'growth';
  return null;
}

/**
 * Statuses in which the operator keeps the plan: a trial, a paid period, and a failed payment
 * that Stripe is still retrying (the plan stays until Stripe ends the subscription).
 */
export const PLAN_KEEPING_STATUSES: readonly string[] = ['trialing', 'active', 'past_due'];

const fromSeconds = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** The operator a Stripe customer belongs to; null for a customer we did not create. */
export async function userOfCustomer(tx: Tx, customerId: string): Promise<number | null> {
  const [row] = await tx.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

/**
 * Stores a subscription as Stripe describes it now, by its id, and sets the owner's plan from
 * all of their subscriptions. Callers pass a freshly fetched subscription, so events arriving late,
 * twice or out of order all end in the same state. Returns the owner, or null when the customer
 * is not one of ours (nothing is stored).
 */
export async function syncSubscription(tx: Tx, prices: PlanPrices, subscription: Stripe.Subscription): Promise<number | null> {
  const customerId = idOf(subscription.customer);
  const userId = await userOfCustomer(tx, customerId);
  if (userId === null) return null;
  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? '';
  const row = {
    userId,
    stripeCustomerId: customerId,
    status: subscription.status,
    priceId,
    tier: tierOfPrice(prices, priceId),
    trialEnd: fromSeconds(subscription.trial_end),
    currentPeriodEnd: fromSeconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    stripeCreatedAt: fromSeconds(subscription.created)!,
    syncedAt: new Date(),
  };
  await tx.insert(subscriptions).values({ id: subscription.id, ...row }).onConflictDoUpdate({ target: subscriptions.id, set: row });
  await refreshPlanOf(tx, userId);
  return userId;
}

/** The operator's plan: the highest plan among their subscriptions that keep one, else free. */
export async function refreshPlanOf(tx: Tx, userId: number): Promise<void> {
  const keeping = sql.join(PLAN_KEEPING_STATUSES.map((status) => sql`${status}`), sql`, `);
  await tx
    .update(users)
    .set({
      subscriptionTier: sql`coalesce((
        select case when bool_or(tier = 'enterprise') then 'enterprise' when bool_or(tier = 'growth') then 'growth' end
        from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.status} in (${keeping})), 'free')`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Marks a Stripe event as handled. True the first time; false when it was handled before, in
 * which case the caller does nothing. Run in the transaction of the event's effect, so the mark
 * and the effect are kept or lost together.
 */
export async function claimStripeEvent(tx: Tx, event: Pick<Stripe.Event, 'id' | 'type'>): Promise<boolean> {
  const claimed = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return claimed.length > 0;
}
