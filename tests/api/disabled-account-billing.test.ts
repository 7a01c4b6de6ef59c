import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptions } from '../../src/server/db/schema.js';
import type { AdminUserChange } from '../../src/shared/admin-users.schemas.js';
import type { FakeStripe } from '../fakes/stripe.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';
import { deliverEvents, startPlanStripe } from './plan-stripe.js';

/** Disabling an account with a Stripe subscription stops its renewal; re-enabling in time renews it. */
const PRICES = { growth: 'price_growth_disable', enterprise: 'price_enterprise_disable' };
const SECRET_KEY = 'sk_test_disable';
const WEBHOOK_SECRET = 'whsec_disable_tests';

let fake: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  const world = await startPlanStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES });
  fake = world.fake;
  t = await createTestApp({ billing: { stripe: world.stripe, webhookSecret: WEBHOOK_SECRET, prices: PRICES } });
  admin = await signIn(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Event = FakeStripe['events'][number];
const deliverAll = (events: Event[]) => deliverEvents(t, fake, events);

/** An operator past the trial, paying for `priceId` month by month. */
async function paying(priceId = PRICES.enterprise) {
  const operator = await signIn(t);
  const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId })).json() as { url: string };
  const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
  const { subscription, events } = fake.completeCheckout(session.id, { addCard: true });
  await deliverAll(events);
  await deliverAll(fake.endPeriod(subscription.id));
  return { ...operator, subscriptionId: subscription.id };
}

const disable = async (userId: number) => {
  const res = await admin.api.post(`/api/admin/users/${userId}/disable`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminUserChange;
};
const enable = async (userId: number) => {
  const res = await admin.api.post(`/api/admin/users/${userId}/enable`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminUserChange;
};
const atStripe = (id: string) => fake.subscriptions.get(id)!;
const stored = async (id: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('disabling an account with a subscription', () => {
  test('sets it to end with the paid period, at Stripe and here; re-enabling in time renews it', async () => {
    const operator = await paying();
    const disabled = await disable(operator.user.id);
    expect(disabled).toMatchObject({ subscriptionPause: 'paused', hasSubscription: true, plan: 'enterprise' });
    expect(disabled.disabledAt).not.toBeNull();
    expect(atStripe(operator.subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      metadata: { vendvote_paused_for: 'account-disabled' },
    });
    expect(await stored(operator.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const enabled = await enable(operator.user.id);
    expect(enabled).toMatchObject({ subscriptionPause: 'resumed', disabledAt: null });
    expect(atStripe(operator.subscriptionId).cancel_at_period_end).toBe(false);
    expect(atStripe(operator.subscriptionId).metadata).not.toHaveProperty('vendvote_paused_for');
    expect(await stored(operator.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  test('the period ends while disabled: the subscription ends, is not billed again, and re-enabling leaves it ended', async () => {
    const operator = await paying();
    expect((await disable(operator.user.id)).subscriptionPause).toBe('paused');
    const invoicesBefore = fake.invoices.size;
    await deliverAll(fake.endPeriod(operator.subscriptionId));
    expect(fake.invoices.size).toBe(invoicesBefore);
    expect(await stored(operator.subscriptionId)).toMatchObject({ status: 'canceled' });

    const enabled = await enable(operator.user.id);
    expect(enabled).toMatchObject({ subscriptionPause: 'none', hasSubscription: false, plan: 'free' });
    expect(atStripe(operator.subscriptionId).status).toBe('canceled');
  });

  test('a subscription the operator cancelled themselves stays cancelled after disabling and re-enabling', async () => {
    const operator = await paying();
    await deliverAll([fake.changeSubscription(operator.subscriptionId, { cancel_at_period_end: true })]);
    expect((await disable(operator.user.id)).subscriptionPause).toBe('none');
    expect((await enable(operator.user.id)).subscriptionPause).toBe('none');
    expect(atStripe(operator.subscriptionId).cancel_at_period_end).toBe(true);
    expect(fake.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${operator.subscriptionId}`)).toEqual([]);
  });

  test('a downgrade waiting for the period end is dropped, since the subscription ends then', async () => {
    const operator = await paying(PRICES.enterprise);
    expect((await operator.api.post('/api/stripe/change-plan', { tier: 'growth' })).statusCode).toBe(200);
    expect(atStripe(operator.subscriptionId).schedule).not.toBeNull();
    expect((await disable(operator.user.id)).subscriptionPause).toBe('paused');
    expect(atStripe(operator.subscriptionId)).toMatchObject({ schedule: null, cancel_at_period_end: true });
    expect(await stored(operator.subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true, scheduledTier: null });
  });

  test('Stripe failing: the account is disabled all the same and the answer says the subscription was not paused', async () => {
    const operator = await paying();
    const pattern = new RegExp(`^POST /v1/subscriptions/${operator.subscriptionId}$`);
    fake.outages.push(pattern);
    try {
      const disabled = await disable(operator.user.id);
      expect(disabled.subscriptionPause).toBe('not-paused');
      expect(disabled.disabledAt).not.toBeNull();
      expect((await operator.api.get('/api/auth/me')).statusCode).toBe(401);
      expect(atStripe(operator.subscriptionId).cancel_at_period_end).toBe(false);
      expect(await stored(operator.subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });
    } finally {
      fake.outages.splice(fake.outages.indexOf(pattern), 1);
    }
  });

  test('Stripe failing on re-enabling: the account is enabled and the answer says the subscription was not resumed', async () => {
    const operator = await paying();
    expect((await disable(operator.user.id)).subscriptionPause).toBe('paused');
    const pattern = new RegExp(`^POST /v1/subscriptions/${operator.subscriptionId}$`);
    fake.outages.push(pattern);
    try {
      expect(await enable(operator.user.id)).toMatchObject({ subscriptionPause: 'not-resumed', disabledAt: null });
      expect(atStripe(operator.subscriptionId).cancel_at_period_end).toBe(true);
    } finally {
      fake.outages.splice(fake.outages.indexOf(pattern), 1);
    }
    // Asked again once Stripe is back, the pause it made is undone.
    expect((await enable(operator.user.id)).subscriptionPause).toBe('resumed');
  });

  test('billing not configured: a stored subscription cannot be paused, and the answer says so', async () => {
    const bare = await createTestApp();
    try {
      const bareAdmin = await signIn(bare, { role: 'admin' });
      const operator = await signIn(bare);
      await bare.database.db
        .insert(subscriptions)
        .values({
          id: `sub_bare_${operator.user.id}`,
          userId: operator.user.id,
          stripeCustomerId: `cus_bare_${operator.user.id}`,
          status: 'active',
          priceId: PRICES.growth,
          tier: 'growth',
          stripeCreatedAt: new Date(),
        });
      const res = await bareAdmin.api.post(`/api/admin/users/${operator.user.id}/disable`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ subscriptionPause: 'not-paused', disabledAt: expect.any(String) });
    } finally {
      await bare.close();
    }
  });

  test('an account without a subscription: nothing is asked of Stripe', async () => {
    const operator = await signIn(t);
    const asked = fake.requests.length;
    expect((await disable(operator.user.id)).subscriptionPause).toBe('none');
    expect((await enable(operator.user.id)).subscriptionPause).toBe('none');
    expect(fake.requests.length).toBe(asked);
  });
});
