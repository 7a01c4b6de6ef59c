import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { invoices, stripeEvents, subscriptions, users, vendingMachines } from '../../src/server/db/schema.js';
import { BillingMessages, type SubscriptionStatus } from '../../src/shared/billing.schemas.js';
import { signStripePayload, type FakeStripe } from '../fakes/stripe.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';
import { startPlanStripe } from './plan-stripe.js';

const PRICES = { growth: 'price_growth_webhook', enterprise: 'price_enterprise_webhook' };
const SECRET_KEY = 'sk_test_webhook';
const WEBHOOK_SECRET = 'whsec_webhook_tests';

let fake: FakeStripe;
let t: TestApp;
let withoutWebhookSecret: TestApp;
beforeAll(async () => {
  const world = await startPlanStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES });
  fake = world.fake;
  const stripe = world.stripe;
  t = await createTestApp({ billing: { stripe, webhookSecret: WEBHOOK_SECRET, prices: PRICES } });
  withoutWebhookSecret = await createTestApp({ billing: { stripe, prices: PRICES } });
});
afterAll(async () => {
  await t.close();
  await withoutWebhookSecret.close();
  await fake.close();
});

type Event = FakeStripe['events'][number];

/** Posts an event to the endpoint as Stripe does: the exact bytes, signed. */
function deliver(event: Event, options: { timestamp?: number; secret?: string; app?: TestApp } = {}) {
  const { payload, signature } = fake.signed(event, options);
  return postRaw(payload, signature, options.app);
}

function postRaw(payload: string, signature: string | undefined, app = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

async function deliverAll(events: Event[]) {
  for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
}

const tierOf = async (userId: number) => (await t.database.db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId)))[0]!.tier;
const status = async (cookie: string) => (await api(t, cookie).get('/api/auth/subscription-status')).json() as SubscriptionStatus;

/** An operator who went through checkout on Stripe's page; the events are returned, not yet delivered. */
async function checkedOut(priceId: string, options: { addCard?: boolean } = {}) {
  const operator = await signIn(t);
  const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId })).json() as { url: string };
  const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
  const { subscription, events } = fake.completeCheckout(session.id, options);
  return { ...operator, sessionId: session.id, subscriptionId: subscription.id, events };
}

async function subscribed(priceId: string, options: { addCard?: boolean } = {}) {
  const operator = await checkedOut(priceId, options);
  await deliverAll(operator.events);
  return operator;
}

/** Past the trial, with a card: the first paid period is running. */
async function paying(priceId: string) {
  const operator = await subscribed(priceId, { addCard: true });
  await deliverAll(fake.endPeriod(operator.subscriptionId));
  return operator;
}

describe('signatures', () => {
  test('a forged, missing, stale or tampered signature answers 400 and changes nothing', async () => {
    const operator = await checkedOut(PRICES.growth);
    const event = operator.events[0]!;
    const { payload } = fake.signed(event);
    const attempts = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await postRaw(payload, undefined),
      await postRaw(payload, ''),
      await postRaw(payload, 't=1,v1=00'),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      // Signed for ten minutes ahead: a replay kept for later, or a clock far off.
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 600 }),
      // Past the tolerance by half a minute: on a slow run, the seconds between signing and the
      // server's check bring a signature from the future closer to it.
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 330 }),
      await postRaw(payload.replace(PRICES.growth, PRICES.enterprise), fake.signed(event).signature),
    ];
    for (const response of attempts) expectJsonError(response, 400, BillingMessages.badSignature);
    expect(await tierOf(operator.user.id)).toBe('free');
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, operator.user.id))).toEqual([]);
  });

  test('a signature within the 300 s tolerance is accepted', async () => {
    const operator = await checkedOut(PRICES.growth);
    const [first, ...rest] = operator.events;
    // A sender's clock a little ahead is within the tolerance too.
    expect((await deliver(first!, { timestamp: Math.floor(Date.now() / 1000) + 290 })).statusCode).toBe(200);
    for (const event of rest) expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 290 })).statusCode).toBe(200);
    expect(await tierOf(operator.user.id)).toBe('growth');
  });

  test('without a webhook secret, events are refused (503) rather than trusted unsigned', async () => {
    const operator = await checkedOut(PRICES.growth);
    const response = await deliver(operator.events[0]!, { app: withoutWebhookSecret });
    expectJsonError(response, 503, BillingMessages.notConfigured);
  });

  test('a body that is not JSON answers 400', async () => {
    const body = 'not json';
    expect((await postRaw(body, signStripePayload(body, WEBHOOK_SECRET))).statusCode).toBe(400);
  });
});

describe('checkout to plan', () => {
  test('the completed checkout gives the plan, with its trial, from Stripe’s own record', async () => {
    const operator = await subscribed(PRICES.growth);
    expect(await tierOf(operator.user.id)).toBe('growth');
    const plan = await status(operator.cookie);
    expect(plan).toMatchObject({ tier: 'growth', status: 'trialing', cancelAtPeriodEnd: false, scheduledChange: null, machineLimit: 10 });
    const trialDays = (Date.parse(plan.trialEndsAt!) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);
  });

  test('each event is applied once: a second delivery answers 200 and does nothing more', async () => {
    const operator = await checkedOut(PRICES.enterprise);
    await deliverAll(operator.events);
    const reminder = fake.emitEvent('customer.subscription.trial_will_end', fake.subscriptions.get(operator.subscriptionId)!);
    await deliverAll([reminder, reminder, ...operator.events]);
    const [claimed] = await t.database.db.select({ n: count() }).from(stripeEvents).where(eq(stripeEvents.id, reminder.id));
    expect(claimed!.n).toBe(1);
    await t.smtp.waitForMail(operator.user.email, /trial ends in 3 days/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.received.filter((mail) => mail.to.includes(operator.user.email.toLowerCase()))).toHaveLength(1);
    expect(await tierOf(operator.user.id)).toBe('enterprise');
  });

  test('out of order and stale: a late "created" event after the cancellation leaves the plan ended', async () => {
    const operator = await checkedOut(PRICES.growth);
    const [created, completed] = operator.events as [Event, Event];
    const cancelled = fake.changeSubscription(operator.subscriptionId, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await deliverAll([cancelled, completed, created]);
    expect(await tierOf(operator.user.id)).toBe('free');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, operator.subscriptionId));
    expect(row!.status).toBe('canceled');
  });

  test('a subscription of a customer we did not create is acknowledged and stores nothing', async () => {
    const operator = await checkedOut(PRICES.growth);
    const theirs = { ...structuredClone(fake.subscriptions.get(operator.subscriptionId)!), id: 'sub_of_another_app', customer: 'cus_of_another_app' };
    fake.subscriptions.set(theirs.id, theirs);
    expect((await deliver(fake.emitEvent('customer.subscription.updated', theirs))).statusCode).toBe(200);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, theirs.id))).toEqual([]);
  });

  test('when Stripe cannot be read the event answers 502 and stays unclaimed, so Stripe retries it', async () => {
    const operator = await checkedOut(PRICES.growth);
    const unknown = fake.emitEvent('customer.subscription.updated', { ...fake.subscriptions.get(operator.subscriptionId)!, id: 'sub_unknown_to_stripe' });
    expectJsonError(await deliver(unknown), 502, BillingMessages.eventReadFailed);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, unknown.id))).toEqual([]);
  });

  test('events we do not handle are acknowledged', async () => {
    const event = fake.emitEvent('customer.created', { id: 'cus_elsewhere', object: 'customer' });
    expect((await deliver(event)).json()).toEqual({ received: true });
  });
});

describe('trials, renewals and failed payments', () => {
  test('the trial reminder says the plan ends without a card; a trial ending without one returns the operator to Starter', async () => {
    const operator = await subscribed(PRICES.growth);
    await deliver(fake.emitEvent('customer.subscription.trial_will_end', fake.subscriptions.get(operator.subscriptionId)!));
    const mail = await t.smtp.waitForMail(operator.user.email, /^Your VendVote Growth trial ends in 3 days$/);
    expect(mail.text).toContain('You have not added a card');
    expect(mail.text).toContain('/billing');
    for (let i = 0; i < 3; i++) await createMachine(t.database.db, operator.user.id);

    await deliverAll(fake.endPeriod(operator.subscriptionId));
    expect(await tierOf(operator.user.id)).toBe('free');
    expect(await status(operator.cookie)).toMatchObject({ tier: 'free', status: 'canceled', machineLimit: 2, machineCount: 3 });
  });

  test('a card saved on the customer in the portal counts: the reminder says it will be charged', async () => {
    const operator = await subscribed(PRICES.growth);
    const subscription = fake.subscriptions.get(operator.subscriptionId)!;
    fake.customers.get(subscription.customer as string)!.invoice_settings = { default_payment_method: 'pm_from_portal' };
    await deliver(fake.emitEvent('customer.subscription.trial_will_end', subscription));
    const mail = await t.smtp.waitForMail(operator.user.email, /^Your VendVote Growth trial ends in 3 days$/);
    expect(mail.text).toContain('Your card on file will be charged');
  });

  test('with a card the reminder says it will be charged; the renewal keeps the plan and its invoice is kept', async () => {
    const operator = await subscribed(PRICES.enterprise, { addCard: true });
    await deliver(fake.emitEvent('customer.subscription.trial_will_end', fake.subscriptions.get(operator.subscriptionId)!));
    const mail = await t.smtp.waitForMail(operator.user.email, /^Your VendVote Enterprise trial ends in 3 days$/);
    expect(mail.text).toContain('Your card on file will be charged');

    const events = fake.endPeriod(operator.subscriptionId);
    await deliverAll([...events, events[1]!]);
    expect(await tierOf(operator.user.id)).toBe('enterprise');
    const kept = await t.database.db.select().from(invoices).where(eq(invoices.userId, operator.user.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ subscriptionId: operator.subscriptionId, status: 'paid', currency: 'usd', amountPaid: 4000, billingReason: 'subscription_cycle' });
    expect(kept[0]!.paidAt).toBeInstanceOf(Date);
  });

  test('a failed payment mails the operator and the plan stays while Stripe retries', async () => {
    const operator = await subscribed(PRICES.growth, { addCard: true });
    await deliverAll(fake.endPeriod(operator.subscriptionId, { paymentSucceeds: false }));
    const mail = await t.smtp.waitForMail(operator.user.email, /^We could not charge your card for VendVote Growth$/);
    expect(mail.text).toContain('$20.00');
    expect(mail.text).toContain('Your plan stays as it is for now');
    expect(await status(operator.cookie)).toMatchObject({ tier: 'growth', status: 'past_due' });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, operator.user.id))).toEqual([]);

    await deliverAll([fake.changeSubscription(operator.subscriptionId, { status: 'canceled' })]);
    expect(await tierOf(operator.user.id)).toBe('free');
  });
});

describe('POST /api/stripe/change-plan', () => {
  test('an upgrade takes effect at once, prorated, and only once the difference is paid', async () => {
    const operator = await paying(PRICES.growth);
    const response = await operator.api.post('/api/stripe/change-plan', { tier: 'enterprise' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ effective: 'now', subscription: { tier: 'enterprise', machineLimit: null, scheduledChange: null } });
    const update = fake.requests.filter((request) => request.path === `/v1/subscriptions/${operator.subscriptionId}` && request.method === 'POST').at(-1)!;
    expect(update.params).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      items: [{ price: PRICES.enterprise }],
    });
    expect(update.idempotencyKey).toMatch(/^upgrade-/);
  });

  test('in the free trial a downgrade is made at once, nothing is charged and the trial goes on', async () => {
    const operator = await subscribed(PRICES.enterprise);
    const trialEndsAt = (await status(operator.cookie)).trialEndsAt;
    const response = await operator.api.post('/api/stripe/change-plan', { tier: 'growth' });
    expect(response.json()).toMatchObject({ effective: 'now', subscription: { tier: 'growth', status: 'trialing', trialEndsAt, scheduledChange: null } });
    const update = fake.requests.filter((request) => request.path === `/v1/subscriptions/${operator.subscriptionId}` && request.method === 'POST').at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'none', items: [{ price: PRICES.growth }] });
    expect(fake.schedules.size === 0 || [...fake.schedules.values()].every((s) => s.subscription !== operator.subscriptionId)).toBe(true);
  });

  test('a downgrade waits for the end of the period, and machines over the new limit keep working', async () => {
    const operator = await paying(PRICES.enterprise);
    for (let i = 0; i < 12; i++) await createMachine(t.database.db, operator.user.id);
    const response = await operator.api.post('/api/stripe/change-plan', { tier: 'growth' });
    expect(response.statusCode, response.body).toBe(200);
    const { effective, subscription } = response.json() as { effective: string; subscription: SubscriptionStatus };
    expect(effective).toBe('period_end');
    expect(subscription.tier).toBe('enterprise');
    expect(subscription.scheduledChange).toEqual({ tier: 'growth', at: subscription.currentPeriodEnd });

    await deliverAll(fake.endPeriod(operator.subscriptionId));
    expect(await status(operator.cookie)).toMatchObject({ tier: 'growth', status: 'active', scheduledChange: null, machineLimit: 10, machineCount: 12 });
    const machines = (await operator.api.get('/api/machines')).json() as unknown[];
    expect(machines).toHaveLength(12);
    const refused = await operator.api.post('/api/machines', { name: 'One more', location: 'Hall', type: 'combo', serialNumber: 'SN-ONE-MORE' });
    const body = expectJsonError(refused, 403);
    expect(body.message).toContain('Growth plan includes up to 10 machines');
    const [n] = await t.database.db.select({ n: count() }).from(vendingMachines).where(eq(vendingMachines.userId, operator.user.id));
    expect(n!.n).toBe(12);
  });

  test('choosing the current plan again while a downgrade waits cancels the downgrade', async () => {
    const operator = await paying(PRICES.enterprise);
    await operator.api.post('/api/stripe/change-plan', { tier: 'growth' });
    const kept = await operator.api.post('/api/stripe/change-plan', { tier: 'enterprise' });
    expect(kept.json()).toMatchObject({ effective: 'now', subscription: { tier: 'enterprise', scheduledChange: null } });
    await deliverAll(fake.endPeriod(operator.subscriptionId));
    expect(await tierOf(operator.user.id)).toBe('enterprise');
  });

  test('the same plan, no subscription, an unknown plan', async () => {
    const operator = await subscribed(PRICES.growth);
    expectJsonError(await operator.api.post('/api/stripe/change-plan', { tier: 'growth' }), 409, BillingMessages.samePlan);
    const newcomer = await signIn(t);
    expectJsonError(await newcomer.api.post('/api/stripe/change-plan', { tier: 'growth' }), 409, BillingMessages.noSubscription);
    expect((await newcomer.api.post('/api/stripe/change-plan', { tier: 'free' })).statusCode).toBe(400);
  });
});

describe('GET /api/stripe/checkout-session', () => {
  test('the success page confirms the plan with Stripe, before any webhook arrives', async () => {
    const operator = await checkedOut(PRICES.growth);
    const response = await operator.api.get(`/api/stripe/checkout-session?session_id=${operator.sessionId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'complete', tier: 'growth', subscription: { tier: 'growth', status: 'trialing' } });
  });

  test('a signed-out visitor with a real, completed session id learns nothing: 401, and no plan changes hands', async () => {
    const operator = await checkedOut(PRICES.growth);
    const response = await api(t).get(`/api/stripe/checkout-session?session_id=${operator.sessionId}`);
    expectJsonError(response, 401, 'Unauthorized');
    expect(response.body).not.toContain('growth');
    expect(await tierOf(operator.user.id)).toBe('free');
  });

  test('an open session grants nothing; another operator’s or a made-up id answers 404', async () => {
    const operator = await signIn(t);
    const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.enterprise })).json() as { url: string };
    const open = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
    expect((await operator.api.get(`/api/stripe/checkout-session?session_id=${open.id}`)).json()).toMatchObject({
      status: 'open',
      tier: 'enterprise',
      subscription: { tier: 'free' },
    });

    const other = await checkedOut(PRICES.growth);
    for (const id of [other.sessionId, 'cs_test_made_up', '../v1/customers']) {
      expectJsonError(await operator.api.get(`/api/stripe/checkout-session?session_id=${encodeURIComponent(id)}`), 404, BillingMessages.checkoutNotFound);
    }
    expect(await tierOf(operator.user.id)).toBe('free');
    expect(await tierOf(other.user.id)).toBe('free');
  });
});

describe('a second subscription', () => {
  test('the free trial is for the first subscription only: after a cancellation checkout asks for a card at once', async () => {
    const operator = await subscribed(PRICES.growth);
    await deliverAll([fake.changeSubscription(operator.subscriptionId, { status: 'canceled' })]);
    const response = await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth });
    expect(response.statusCode, response.body).toBe(200);
    const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === (response.json() as { url: string }).url)!;
    expect(session.payment_method_collection).toBe('always');
    expect(session.subscription_data).not.toHaveProperty('trial_period_days');
  });
});
