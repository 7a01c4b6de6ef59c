import { count, desc, eq } from 'drizzle-orm';
import { BillingStatusSchema, type SubscriptionStatus } from '../../../shared/billing.schemas.js';
import { PLANS } from '../../../shared/plans.js';
import type { Database } from '../../db/client.js';
import { subscriptions, users, vendingMachines } from '../../db/schema.js';
import { PLAN_KEEPING_STATUSES } from './subscription-sync.js';

/** Statuses after which a subscription has no period running any more. */
const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * The operator's plan as the billing page and the plan checks read it: the plan, the subscription
 * that gives it (or, without one, the newest), and how much of the machine allowance is used.
 * A plan set by an admin has no subscription: status 'none'.
 */
export async function subscriptionStatusOf(db: Database, userId: number): Promise<SubscriptionStatus> {
  const [user] = await db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId));
  const tier = user?.tier ?? 'free';
  const [machines] = await db.select({ n: count() }).from(vendingMachines).where(eq(vendingMachines.userId, userId));
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.stripeCreatedAt));
  const current = rows.find((row) => row.tier === tier && PLAN_KEEPING_STATUSES.includes(row.status)) ?? rows[0];
  const running = current !== undefined && !ENDED_STATUSES.includes(current.status);
  return {
    tier,
    status: current ? (BillingStatusSchema.safeParse(current.status).data ?? 'none') : 'none',
    trialEndsAt: current?.status === 'trialing' ? (current.trialEnd?.toISOString() ?? null) : null,
    currentPeriodEnd: running ? (current.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: running ? current.cancelAtPeriodEnd : false,
    scheduledChange:
      running && current.scheduledTier && current.scheduledChangeAt
        ? { tier: current.scheduledTier, at: current.scheduledChangeAt.toISOString() }
        : null,
    machineLimit: PLANS[tier].machineLimit,
    machineCount: machines?.n ?? 0,
  };
}
