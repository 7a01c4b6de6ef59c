import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { BillingMessages, type PaidTier } from '../../../shared/billing.schemas.js';
import { PLAN_TIERS } from '../../../shared/plans.js';
import type { AppContext } from '../../context.js';
import { subscriptions } from '../../db/schema.js';
import { badRequest, conflict, paymentRequired } from '../../http-errors.js';
import type { BillingSettings } from './billing-settings.js';
import { askStripe, configuredBilling, type Payer } from './checkout.js';
import { readSubscription, type SubscriptionReading } from './stripe-reads.js';
import { subscriptionStatusOf } from './subscription-status.js';
import { PLAN_KEEPING_STATUSES, syncSubscription, tierOfPrice } from './subscription-sync.js';

const rank = (tier: PaidTier | null) => (tier === null ? 0 : PLAN_TIERS.indexOf(tier));
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * Moves the operator's subscription to another paid plan (extended spec 9): an upgrade takes effect
 * at once (Stripe prorates the rest of the period, and the change waits until that charge is paid),
 * a downgrade at the end of the period through a subscription schedule, so the plan already paid
 * for runs its course. In a free trial nothing is paid yet, so any change is made at once and the
 * trial goes on. Choosing the current plan again while a downgrade waits cancels the downgrade.
 * Stripe's answer is stored before returning, so the page shows the new state before the webhooks.
 */
export async function changePlan(ctx: AppContext, payer: Payer, tier: PaidTier) {
  const billing = configuredBilling(ctx);
  const newPrice = billing.prices[tier];
  if (!newPrice) throw badRequest(BillingMessages.unknownPrice, { tier: BillingMessages.unknownPrice });
  const [live] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, payer.id), inArray(subscriptions.status, [...PLAN_KEEPING_STATUSES])))
    .orderBy(desc(subscriptions.stripeCreatedAt));
  if (!live) throw conflict(BillingMessages.noSubscription);

  const reading = await readSubscription(billing, live.id, BillingMessages.changePlanErrorText);
  const item = reading.subscription.items.data[0]!;
  const currentTier = tierOfPrice(billing.prices, item.price.id);
  let effective: 'now' | 'period_end';
  if (currentTier === tier) {
    if (!reading.scheduled) throw conflict(BillingMessages.samePlan);
    await releaseSchedule(billing, reading);
    effective = 'now';
  } else if (rank(tier) > rank(currentTier) || reading.subscription.status === 'trialing') {
    await releaseSchedule(billing, reading);
    const trialing = reading.subscription.status === 'trialing';
    const updated = await askStripe(
      () =>
        billing.stripe.subscriptions.update(
          reading.subscription.id,
          trialing
            ? { items: [{ id: item.id, price: newPrice }], proration_behavior: 'none' }
            : {
                items: [{ id: item.id, price: newPrice }],
                proration_behavior: 'always_invoice',
                payment_behavior: 'pending_if_incomplete',
              },
          { idempotencyKey: `${trialing ? 'trial-change' : 'upgrade'}-${reading.subscription.id}-${randomUUID()}` },
        ),
      BillingMessages.changePlanErrorText,
    );
    if (updated.pending_update) throw paymentRequired(BillingMessages.upgradeNotPaid);
    effective = 'now';
  } else {
    await scheduleDowngrade(billing, reading, newPrice);
    effective = 'period_end';
  }

  const after = await readSubscription(billing, live.id, BillingMessages.changePlanErrorText);
  await ctx.db.transaction((tx) => syncSubscription(tx, billing.prices, after.subscription, after.readAt, after.scheduled));
  return { effective, subscription: await subscriptionStatusOf(ctx.db, payer.id) };
}

/** Ends a schedule's hold on the subscription; the subscription keeps its current price. */
async function releaseSchedule(billing: BillingSettings, reading: SubscriptionReading) {
  const scheduleId = reading.subscription.schedule ? idOf(reading.subscription.schedule) : null;
  if (scheduleId) await askStripe(() => billing.stripe.subscriptionSchedules.release(scheduleId), BillingMessages.changePlanErrorText);
}

/** Two phases: the current price until the period ends, then the new one; then the schedule lets go. */
async function scheduleDowngrade(billing: BillingSettings, reading: SubscriptionReading, newPrice: string) {
  const { subscription } = reading;
  const schedule = subscription.schedule
    ? await askStripe(
        () => billing.stripe.subscriptionSchedules.retrieve(idOf(subscription.schedule!)),
        BillingMessages.changePlanErrorText,
      )
    : await askStripe(
        () => billing.stripe.subscriptionSchedules.create({ from_subscription: subscription.id }),
        BillingMessages.changePlanErrorText,
      );
  const current = schedule.current_phase;
  const item = subscription.items.data[0]!;
  await askStripe(
    () =>
      billing.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: current?.start_date ?? item.current_period_start,
            end_date: item.current_period_end,
          },
          { items: [{ price: newPrice, quantity: 1 }] },
        ],
      }),
    BillingMessages.changePlanErrorText,
  );
}
