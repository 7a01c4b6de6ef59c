import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { SubscriptionPauseOutcome } from '../../../shared/admin-users.schemas.js';
import type { AppContext } from '../../context.js';
import { subscriptions } from '../../db/schema.js';
import { isStripeError } from '../../integrations/stripe/stripe-client.js';
import type { BillingSettings } from '../billing/billing-settings.js';
import { scheduledChangeOf, PLAN_KEEPING_STATUSES, syncSubscription } from '../billing/subscription-sync.js';

/**
 * A disabled account stops being billed: its subscription is set to end with the period already
 * paid for, and re-enabling before that renews it (docs/decisions/0022). The mark in the
 * subscription's metadata tells our pause from the operator's own cancelling, which re-enabling
 * must leave alone; it lives in Stripe, with the state it explains.
 */
const PAUSE_MARK = 'vendvote_paused_for';
const PAUSE_REASON = 'account-disabled';

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

async function subscriptionIdsOf(ctx: AppContext, userId: number, cancelAtPeriodEnd: boolean) {
  const rows = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PLAN_KEEPING_STATUSES]), eq(subscriptions.cancelAtPeriodEnd, cancelAtPeriodEnd)));
  return rows.map((row) => row.id);
}

/** Stores Stripe's latest word on the subscription, as a webhook would, so the admin list is right at once. */
async function store(ctx: AppContext, billing: BillingSettings, subscription: Stripe.Subscription, readAt: Date) {
  const schedule = subscription.schedule ? await billing.stripe.subscriptionSchedules.retrieve(idOf(subscription.schedule)) : null;
  const scheduled = scheduledChangeOf(schedule, subscription.items.data[0]?.price.id ?? '');
  await ctx.db.transaction((tx) => syncSubscription(tx, billing.prices, subscription, readAt, scheduled));
}

/** Runs `act` against Stripe; a Stripe failure (down, refusing) is an outcome, anything else a bug. */
async function withStripe(
  ctx: AppContext,
  ids: string[],
  act: (billing: BillingSettings, id: string) => Promise<boolean>,
  failed: SubscriptionPauseOutcome,
): Promise<boolean | SubscriptionPauseOutcome> {
  if (ids.length === 0) return false;
  if (!ctx.billing) return failed;
  try {
    let changed = false;
    for (const id of ids) changed = (await act(ctx.billing, id)) || changed;
    return changed;
  } catch (error) {
    if (isStripeError(error)) return failed;
    throw error;
  }
}

/** Sets every subscription of the account that would renew to end at its period's end. */
export async function pauseSubscriptionsOf(ctx: AppContext, userId: number): Promise<SubscriptionPauseOutcome> {
  const outcome = await withStripe(ctx, await subscriptionIdsOf(ctx, userId, false), async (billing, id) => {
    const askedAt = new Date();
    const current = await billing.stripe.subscriptions.retrieve(id);
    if (!PLAN_KEEPING_STATUSES.includes(current.status) || current.cancel_at_period_end) {
      await store(ctx, billing, current, askedAt);
      return false;
    }
    // Stripe refuses to change the cancelling of a subscription a schedule holds (a downgrade
    // waiting for the period's end); ending the subscription makes that downgrade moot.
    if (current.schedule) await billing.stripe.subscriptionSchedules.release(idOf(current.schedule));
    const readAt = new Date();
    const paused = await billing.stripe.subscriptions.update(id, { cancel_at_period_end: true, metadata: { [PAUSE_MARK]: PAUSE_REASON } });
    await store(ctx, billing, paused, readAt);
    return true;
  }, 'not-paused');
  return outcome === true ? 'paused' : outcome === false ? 'none' : outcome;
}

/**
 * Renews the subscriptions that disabling set to end, while their period runs; one the operator
 * cancelled themselves, or one whose period ended meanwhile, stays as it is.
 */
export async function resumeSubscriptionsOf(ctx: AppContext, userId: number): Promise<SubscriptionPauseOutcome> {
  const outcome = await withStripe(ctx, await subscriptionIdsOf(ctx, userId, true), async (billing, id) => {
    const askedAt = new Date();
    const current = await billing.stripe.subscriptions.retrieve(id);
    const periodEnd = current.items.data[0]?.current_period_end ?? 0;
    const ours = current.metadata[PAUSE_MARK] === PAUSE_REASON;
    const running = PLAN_KEEPING_STATUSES.includes(current.status) && periodEnd * 1000 > Date.now();
    if (!ours || !running || !current.cancel_at_period_end) {
      await store(ctx, billing, current, askedAt);
      return false;
    }
    const readAt = new Date();
    // An empty value removes the mark, as Stripe's metadata works.
    const resumed = await billing.stripe.subscriptions.update(id, { cancel_at_period_end: false, metadata: { [PAUSE_MARK]: '' } });
    await store(ctx, billing, resumed, readAt);
    return true;
  }, 'not-resumed');
  return outcome === true ? 'resumed' : outcome === false ? 'none' : outcome;
}
