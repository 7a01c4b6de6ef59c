import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { createUser } from '../../src/server/db/factories.js';
import { billingCustomers, subscriptions, users } from '../../src/server/db/schema.js';
import { claimStripeEvent, syncSubscription, type PlanPrices } from '../../src/server/features/billing/subscription-sync.js';
import { createStripeClient } from '../../src/server/integrations/stripe/stripe-client.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import { openTestDatabase } from '../support/index.js';

/** Subscriptions from Stripe (the local one, through the real SDK) into our rows and the operator's plan. */
const PRICES: PlanPrices = { growth: 'price_growth_sync', enterprise: 'price_enterprise_sync' };

let database: DatabaseHandle;
let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeStripe({
    secretKey: 'sk_test_sync',
    webhookSecret: 'whsec_sync',
    prices: [
      { id: PRICES.growth!, unitAmount: 2000 },
      { id: PRICES.enterprise!, unitAmount: 4000 },
      { id: 'price_not_a_plan', unitAmount: 100 },
    ],
  });
  stripe = createStripeClient({ secretKey: 'sk_test_sync', apiBase: fake.url });
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

/** An operator with a Stripe customer, and a finished checkout for `priceId`: the fresh subscription. */
async function subscribedOperator(priceId = PRICES.growth!) {
  const { user } = await createUser(database.db);
  const customer = await stripe.customers.create({ email: user.email });
  await database.db.insert(billingCustomers).values({ userId: user.id, stripeCustomerId: customer.id });
  return { user, subscription: await subscribe(customer.id, priceId) };
}

async function subscribe(customerId: string, priceId: string) {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    line_items: [{ price: priceId, quantity: 1 }],
    subscription_data: { trial_period_days: 30 },
    success_url: 'http://localhost/ok',
  });
  const { subscription } = fake.completeCheckout(session.id);
  return stripe.subscriptions.retrieve(subscription.id);
}

const sync = (subscription: Stripe.Subscription) => database.db.transaction((tx) => syncSubscription(tx, PRICES, subscription));
const planOf = async (userId: number) => (await database.db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId)))[0]!.tier;

describe('a subscription from Stripe', () => {
  test('of two readings of one subscription, the later one stays, whichever is stored last', async () => {
    const { user, subscription } = await subscribedOperator();
    const earlier = new Date(Date.now() - 1000);
    const later = new Date();
    const cancelled = { ...subscription, status: 'canceled' as const };
    await database.db.transaction((tx) => syncSubscription(tx, PRICES, cancelled, later));
    await database.db.transaction((tx) => syncSubscription(tx, PRICES, subscription, earlier));
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row!.status).toBe('canceled');
    expect(await planOf(user.id)).toBe('free');
  });

  test('a trial of Growth: stored by its id with its dates, and the operator is on Growth', async () => {
    const { user, subscription } = await subscribedOperator();
    expect(await sync(subscription)).toBe(user.id);
    expect(await planOf(user.id)).toBe('growth');
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({
      userId: user.id,
      status: 'trialing',
      tier: 'growth',
      priceId: PRICES.growth,
      cancelAtPeriodEnd: false,
      trialEnd: new Date(subscription.trial_end! * 1000),
      currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
    });
  });

  test('synced twice, or an older state after a newer one is fetched again: one row, the newest state', async () => {
    const { user, subscription } = await subscribedOperator();
    await sync(subscription);
    const itemId = subscription.items.data[0]!.id;
    await stripe.subscriptions.update(subscription.id, { items: [{ id: itemId, price: PRICES.enterprise! }] });
    // Two events for the subscription arrive in any order; each handler fetches it afresh.
    await sync(await stripe.subscriptions.retrieve(subscription.id));
    await sync(await stripe.subscriptions.retrieve(subscription.id));
    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows.map((row) => [row.id, row.tier])).toEqual([[subscription.id, 'enterprise']]);
    expect(await planOf(user.id)).toBe('enterprise');
  });

  test('a failed payment keeps the plan while Stripe retries; a canceled subscription ends it', async () => {
    const { user, subscription } = await subscribedOperator();
    fake.changeSubscription(subscription.id, { status: 'past_due' });
    await sync(await stripe.subscriptions.retrieve(subscription.id));
    expect(await planOf(user.id)).toBe('growth');
    fake.changeSubscription(subscription.id, { status: 'canceled' });
    await sync(await stripe.subscriptions.retrieve(subscription.id));
    expect(await planOf(user.id)).toBe('free');
  });

  test('with two subscriptions the higher live plan counts; an ended one does not', async () => {
    const { user, subscription: growth } = await subscribedOperator();
    const enterprise = await subscribe(growth.customer as string, PRICES.enterprise!);
    await sync(growth);
    await sync(enterprise);
    expect(await planOf(user.id)).toBe('enterprise');
    fake.changeSubscription(enterprise.id, { status: 'canceled' });
    await sync(await stripe.subscriptions.retrieve(enterprise.id));
    expect(await planOf(user.id)).toBe('growth');
  });

  test('a price that is no plan of ours grants nothing; a customer that is not ours stores nothing', async () => {
    const { user, subscription } = await subscribedOperator('price_not_a_plan');
    await sync(subscription);
    expect(await planOf(user.id)).toBe('free');
    const stranger = await stripe.customers.create({});
    const foreign = await subscribe(stranger.id, PRICES.growth!);
    expect(await sync(foreign)).toBeNull();
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.id, foreign.id))).toEqual([]);
  });
});

describe('Stripe events', () => {
  test('each is claimed once; a claim rolled back with its effect can be made again', async () => {
    const event = { id: `evt_claim_${Date.now()}`, type: 'customer.subscription.updated' as const };
    await database.db
      .transaction(async (tx) => {
        expect(await claimStripeEvent(tx, event)).toBe(true);
        throw new Error('the effect failed');
      })
      .catch(() => {});
    expect(await database.db.transaction((tx) => claimStripeEvent(tx, event))).toBe(true);
    expect(await database.db.transaction((tx) => claimStripeEvent(tx, event))).toBe(false);
  });
});
