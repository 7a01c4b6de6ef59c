import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStripeClient } from '../../src/server/integrations/stripe/stripe-client.js';
import { parseStripeForm } from '../fakes/stripe-form.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';

/** The real SDK against the local Stripe: what later billing tests rely on the fake to do. */
const SECRET_KEY = 'sk_test_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_fake_0123456789';
const GROWTH = 'price_growth_fake';

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: [{ id: GROWTH, unitAmount: 2000 }] });
  stripe = createStripeClient({ secretKey: SECRET_KEY, apiBase: fake.url });
});
afterAll(() => fake.close());

async function trialCheckout(idempotencyKey?: string) {
  const customer = await stripe.customers.create({ email: 'kim@example.com', metadata: { userId: '7' } });
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: '7',
      line_items: [{ price: GROWTH, quantity: 1 }],
      payment_method_collection: 'if_required',
      subscription_data: { trial_period_days: 30, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } },
      success_url: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );
  return { customer, session };
}

describe('the Stripe form encoding', () => {
  test('bracketed keys become nested objects and lists', () => {
    expect(parseStripeForm('line_items[0][price]=p1&line_items[0][quantity]=1&metadata[userId]=7&expand[]=a&expand[]=b&mode=subscription')).toEqual({
      line_items: [{ price: 'p1', quantity: '1' }],
      metadata: { userId: '7' },
      expand: ['a', 'b'],
      mode: 'subscription',
    });
  });
});

describe('the local Stripe, through the real SDK', () => {
  test('a trial checkout: customer, session with its parameters, then a trialing subscription once completed', async () => {
    const { customer, session } = await trialCheckout();
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    expect(session.success_url).toBe(`http://localhost:3000/subscription/success?session_id=${session.id}`);
    expect(session.customer).toBe(customer.id);
    const sent = fake.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(sent.params).toMatchObject({ subscription_data: { trial_period_days: '30', trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }, payment_method_collection: 'if_required' });

    const { subscription, events } = fake.completeCheckout(session.id);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.created', 'checkout.session.completed']);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', subscription: subscription.id, client_reference_id: '7' });
    const fetched = await stripe.subscriptions.retrieve(subscription.id);
    expect(fetched.status).toBe('trialing');
    expect(fetched.items.data[0]!.price.id).toBe(GROWTH);
    expect(fetched.trial_end! - fetched.trial_start!).toBe(30 * 86_400);
    expect(fetched.items.data[0]!.current_period_end).toBe(fetched.trial_end);
  });

  test('an idempotency key replays the first answer; reused with other parameters it is refused', async () => {
    const customer = await stripe.customers.create({ email: 'lee@example.com' });
    const params = { mode: 'subscription' as const, customer: customer.id, line_items: [{ price: GROWTH, quantity: 1 }], success_url: 'http://localhost/ok' };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: 'attempt-1' });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: 'attempt-1' });
    expect(again.id).toBe(first.id);
    await expect(stripe.checkout.sessions.create({ ...params, success_url: 'http://localhost/other' }, { idempotencyKey: 'attempt-1' })).rejects.toBeInstanceOf(
      stripe.errors.StripeIdempotencyError,
    );
  });

  test("Stripe's errors: an unknown price, an unknown subscription, a wrong key", async () => {
    const customer = await stripe.customers.create({});
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'price_unknown', quantity: 1 }], success_url: 'http://localhost/ok' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 400 });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
    const wrongKey = createStripeClient({ secretKey: 'sk_test_wrong', apiBase: fake.url });
    await expect(wrongKey.customers.create({})).rejects.toBeInstanceOf(stripe.errors.StripeAuthenticationError);
  });

  test('a subscription changes price, is set to cancel at the period end, and is canceled, each with its event', async () => {
    const { session } = await trialCheckout();
    const { subscription } = fake.completeCheckout(session.id, { addCard: true });
    const itemId = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.id;
    fake.options.prices.push({ id: 'price_enterprise_fake', unitAmount: 4000 });
    const upgraded = await stripe.subscriptions.update(subscription.id, { items: [{ id: itemId, price: 'price_enterprise_fake' }], proration_behavior: 'create_prorations' });
    expect(upgraded.items.data[0]!.price.id).toBe('price_enterprise_fake');
    expect((await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).cancel_at_period_end).toBe(true);
    expect((await stripe.subscriptions.cancel(subscription.id)).status).toBe('canceled');
    expect(fake.events.slice(-3).map((event) => event.type)).toEqual(['customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.deleted']);
  });

  test('a Customer Portal session for a known customer', async () => {
    const customer = await stripe.customers.create({});
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/billing' });
    expect(portal.url).toMatch(/\/portal\//);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({ statusCode: 404 });
  });

  test("its events are signed as Stripe signs them: the SDK's check takes them, a forged or stale one it refuses", () => {
    const event = fake.emitEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    const { payload, signature } = fake.signed(event);
    expect(stripe.webhooks.constructEvent(payload, signature, WEBHOOK_SECRET, 300).id).toBe(event.id);
    const forged = fake.signed(event, { secret: 'whsec_someone_else' });
    expect(() => stripe.webhooks.constructEvent(forged.payload, forged.signature, WEBHOOK_SECRET, 300)).toThrow(stripe.errors.StripeSignatureVerificationError);
    const stale = fake.signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => stripe.webhooks.constructEvent(stale.payload, stale.signature, WEBHOOK_SECRET, 300)).toThrow(/Timestamp outside the tolerance zone/);
  });
});
