import { eq, lte, sql } from 'drizzle-orm';
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

/** A change Stripe will make at the end of the period: the next phase of the subscription's schedule. */
export interface ScheduledChange {
  priceId: string;
  at: Date;
}

/**
 * The phase after the current one in a subscription schedule (how a downgrade waits for the end of
 * the period), or null when the schedule changes nothing.
 */
export function scheduledChangeOf(schedule: Stripe.SubscriptionSchedule | null, currentPriceId: string): ScheduledChange | null {
  if (!schedule || !['not_started', 'active'].includes(schedule.status)) return null;
  const currentStart = schedule.current_phase?.start_date ?? 0;
  const next = schedule.phases.find((phase) => phase.start_date > currentStart);
  const nextPrice = next?.items[0]?.price;
  const priceId = nextPrice === undefined ? undefined : idOf(nextPrice);
  if (!next || !priceId || priceId === currentPriceId) return null;
  return { priceId, at: new Date(next.start_date * 1000) };
}

/**
 * Stores a subscription as Stripe describes it, by its id, and sets the owner's plan from all of
 * their subscriptions. Callers pass a freshly fetched subscription and when they read it: a reading
 * older than the stored one is dropped, so events arriving late, twice, out of order or at the same
 * time all end in Stripe's latest state. Returns the owner, or null when the customer is not one of
 * ours (nothing is stored).
 */
export async function syncSubscription(
  tx: Tx,
  prices: PlanPrices,
  subscription: Stripe.Subscription,
  readAt: Date = new Date(),
  scheduled: ScheduledChange | null = null,
): Promise<number | null> {
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
    scheduledPriceId: scheduled?.priceId ?? null,
    scheduledTier: scheduled ? tierOfPrice(prices, scheduled.priceId) : null,
    scheduledChangeAt: scheduled?.at ?? null,
    syncedAt: readAt,
  };
  await tx
    .insert(subscriptions)
    .values({ id: subscription.id, ...row })
    .onConflictDoUpdate({ target: subscriptions.id, set: row, setWhere: lte(subscriptions.syncedAt, readAt) });
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
