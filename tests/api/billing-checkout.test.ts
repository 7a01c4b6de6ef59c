import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { billingCustomers, subscriptions } from '../../src/server/db/schema.js';
import { createStripeClient } from '../../src/server/integrations/stripe/stripe-client.js';
import { BillingMessages } from '../../src/shared/billing.schemas.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

const PRICES = { growth: 'price_growth_checkout', enterprise: 'price_enterprise_checkout' };
const SECRET_KEY = 'sk_test_checkout';

let fake: FakeStripe;
let t: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: 'whsec_checkout',
    prices: [
      { id: PRICES.growth, unitAmount: 2000 },
      { id: PRICES.enterprise, unitAmount: 4000 },
      { id: 'price_elsewhere', unitAmount: 100 },
    ],
  });
  t = await createTestApp({ billing: { stripe: createStripeClient({ secretKey: SECRET_KEY, apiBase: fake.url }), prices: PRICES } });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await fake.close();
});

const checkoutRequests = () => fake.requests.filter((request) => request.path === '/v1/checkout/sessions');

describe('GET /api/billing/config', () => {
  test('with Stripe: configured, and the two price ids the pricing page sends', async () => {
    expect((await api(t).get('/api/billing/config')).json()).toEqual({ configured: true, priceIds: PRICES });
  });

  test('without a key: not configured, no prices', async () => {
    expect((await api(unconfigured).get('/api/billing/config')).json()).toEqual({ configured: false, priceIds: { growth: null, enterprise: null } });
  });
});

describe('POST /api/stripe/create-checkout', () => {
  test("a Checkout Session for the signed-in operator, whoever the body names: a 30-day trial without a card, back to our pages", async () => {
    const payer = await signIn(t);
    const someoneElse = await signIn(t);
    const res = await payer.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth, planName: 'Growth', userId: someoneElse.user.id, email: someoneElse.user.email });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
    const [customer] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.user.id));
    expect(fake.customers.get(customer!.stripeCustomerId)).toMatchObject({ email: payer.user.email, metadata: { userId: String(payer.user.id) } });
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer!.stripeCustomerId,
      client_reference_id: String(payer.user.id),
      payment_method_collection: 'if_required',
      subscription_data: { trial_period_days: '30', trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } },
      success_url: `${TEST_PUBLIC_URL}/subscription/success?session_id=${String(session.id)}`,
      cancel_url: `${TEST_PUBLIC_URL}/pricing`,
    });
    expect(checkoutRequests().at(-1)!.idempotencyKey).toMatch(new RegExp(`^checkout-${payer.user.id}-`));
    expect(await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, someoneElse.user.id))).toEqual([]);
  });

  test('a second attempt reuses the Stripe customer and opens a new session', async () => {
    const payer = await signIn(t);
    const first = (await payer.api.post('/api/stripe/create-checkout', { priceId: PRICES.enterprise })).json() as { url: string };
    const customersBefore = fake.customers.size;
    const second = (await payer.api.post('/api/stripe/create-checkout', { priceId: PRICES.enterprise })).json() as { url: string };
    expect(second.url).not.toBe(first.url);
    expect(fake.customers.size).toBe(customersBefore);
    expect(await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.user.id))).toHaveLength(1);
  });

  test('only our two prices; nothing is asked of Stripe for another', async () => {
    const payer = await signIn(t);
    const before = checkoutRequests().length;
    for (const priceId of ['price_elsewhere', 'price_made_up', '']) {
      const res = await payer.api.post('/api/stripe/create-checkout', { priceId });
      expect(res.statusCode, res.body).toBe(400);
    }
    expectJsonError(await payer.api.post('/api/stripe/create-checkout', { priceId: 'price_elsewhere' }), 400, BillingMessages.unknownPrice);
    expect(checkoutRequests().length).toBe(before);
  });

  test('an operator who already has a live subscription is sent to change plans instead', async () => {
    const payer = await signIn(t);
    await t.database.db.insert(subscriptions).values({
      id: `sub_live_${payer.user.id}`,
      userId: payer.user.id,
      stripeCustomerId: 'cus_live',
      priceId: PRICES.growth,
      tier: 'growth',
      status: 'trialing',
      stripeCreatedAt: new Date(),
    });
    expectJsonError(await payer.api.post('/api/stripe/create-checkout', { priceId: PRICES.enterprise }), 409, BillingMessages.alreadySubscribed);
  });

  test('signed out: 401; without Stripe configured: 503 Billing is not configured', async () => {
    expect((await api(t).post('/api/stripe/create-checkout', { priceId: PRICES.growth })).statusCode).toBe(401);
    const operator = await signIn(unconfigured);
    expectJsonError(await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth }), 503, BillingMessages.notConfigured);
  });

  test('Stripe refusing us (a wrong key) is a 502 with the checkout message, not a 500', async () => {
    const broken = await createTestApp({ billing: { stripe: createStripeClient({ secretKey: 'sk_test_wrong', apiBase: fake.url }), prices: PRICES } });
    try {
      const operator = await signIn(broken);
      expectJsonError(await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth }), 502, BillingMessages.checkoutErrorText);
    } finally {
      await broken.close();
    }
  });
});

describe('POST /api/stripe/portal', () => {
  test("a portal session for the operator's own Stripe customer, coming back to the billing page", async () => {
    const payer = await signIn(t);
    await payer.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth });
    const [customer] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.user.id));
    const res = await payer.api.post('/api/stripe/portal');
    expect(res.statusCode, res.body).toBe(200);
    const portal = [...fake.portalSessions.values()].find((session) => session.url === (res.json() as { url: string }).url);
    expect(portal).toMatchObject({ customer: customer!.stripeCustomerId, return_url: `${TEST_PUBLIC_URL}/billing` });
  });

  test('an operator who never checked out has nothing to manage: 409; signed out 401; without Stripe 503', async () => {
    const newcomer = await signIn(t);
    const before = fake.portalSessions.size;
    expectJsonError(await newcomer.api.post('/api/stripe/portal'), 409, BillingMessages.noSubscription);
    expect(fake.portalSessions.size).toBe(before);
    expect((await api(t).post('/api/stripe/portal')).statusCode).toBe(401);
    const operator = await signIn(unconfigured);
    expectJsonError(await operator.api.post('/api/stripe/portal'), 503, BillingMessages.notConfigured);
  });
});
