import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { BillingMessages, CheckoutConfirmationSchema, type CheckoutConfirmation, type RedirectUrl } from '../../../shared/billing.schemas.js';
import { PLANS } from '../../../shared/plans.js';
import type { AppContext } from '../../context.js';
import { billingCustomers, subscriptions } from '../../db/schema.js';
import { badGateway, badRequest, conflict, notFound, paymentRequired, serviceUnavailable } from '../../http-errors.js';
import { isStripeError } from '../../integrations/stripe/stripe-client.js';
import type { BillingSettings } from './billing-settings.js';
import { readSubscription } from './stripe-reads.js';
import { subscriptionStatusOf } from './subscription-status.js';
import { PLAN_KEEPING_STATUSES, syncSubscription, tierOfPrice } from './subscription-sync.js';

export interface Payer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export function configuredBilling(ctx: AppContext): BillingSettings {
  if (!ctx.billing) throw serviceUnavailable(BillingMessages.notConfigured);
  return ctx.billing;
}

/**
 * Stripe failing (down, refusing our key) is our fault, not the operator's: 502 with the caller's
 * plain message. A declined card is the operator's to fix: 402 with Stripe's own wording, which
 * Stripe writes for customers to read.
 */
export async function askStripe<T>(call: () => Promise<T>, failure: string = BillingMessages.checkoutErrorText): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeCardError') throw paymentRequired(error.message);
    if (isStripeError(error)) throw badGateway(failure);
    throw error;
  }
}

/**
 * The operator's Stripe customer, made on first need. Stripe is asked with a key per operator, so
 * two checkouts started at once get the same customer; the table keeps it for good.
 */
export async function customerOf(ctx: AppContext, billing: BillingSettings, payer: Payer): Promise<string> {
  const [known] = await ctx.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.id));
  if (known) return known.stripeCustomerId;
  const customer = await askStripe(() =>
    billing.stripe.customers.create(
      { email: payer.email, name: `${payer.firstName} ${payer.lastName}`.trim(), metadata: { userId: String(payer.id) } },
      { idempotencyKey: `customer-for-user-${payer.id}` },
    ),
  );
  await ctx.db.insert(billingCustomers).values({ userId: payer.id, stripeCustomerId: customer.id }).onConflictDoNothing();
  const [kept] = await ctx.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.id));
  return kept!.stripeCustomerId;
}

/**
 * A Stripe Checkout for one of our two plans, paid by the signed-in operator (never by whoever the
 * body names). The 30-day trial needs no card; a trial that ends without one cancels. The trial is
 * for a first subscription only: an operator who had one before pays from the start. The plan
 * itself comes later, from Stripe's webhooks.
 */
export async function startCheckout(ctx: AppContext, payer: Payer, priceId: string): Promise<RedirectUrl> {
  const billing = configuredBilling(ctx);
  const tier = tierOfPrice(billing.prices, priceId);
  if (!tier) throw badRequest(BillingMessages.unknownPrice, { priceId: BillingMessages.unknownPrice });
  const earlier = await ctx.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, payer.id));
  if (earlier.some((row) => PLAN_KEEPING_STATUSES.includes(row.status))) throw conflict(BillingMessages.alreadySubscribed);
  const trial = earlier.length === 0
  const customer = await customerOf(ctx, billing, payer);
  const session = await askStripe(() =>
    billing.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: String(payer.id),
        line_items: [{ price: priceId, quantity: 1 }],
        // Without a trial the first invoice is due at once, so the card is asked for then.
        payment_method_collection: trial ? 'if_required' : 'always',
        subscription_data: {
          ...(trial
            ? { trial_period_days: PLANS[tier].trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } }
            : {}),
          metadata: { userId: String(payer.id), tier },
        },
        metadata: { userId: String(payer.id), tier },
        success_url: `${ctx.publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.publicUrl}/pricing`,
      },
      // One key per attempt: the SDK's own retries of this request cannot open a second session.
      { idempotencyKey: `checkout-${payer.id}-${randomUUID()}` },
    ),
  );
  if (!session.url) throw badGateway(BillingMessages.checkoutErrorText);
  return { url: session.url };
}

/**
 * A Stripe Customer Portal session for the operator's own customer: cards, invoices, cancelling.
 * An operator who never checked out has no customer, so nothing to manage yet.
 */
export async function openCustomerPortal(ctx: AppContext, payer: Payer): Promise<RedirectUrl> {
  const billing = configuredBilling(ctx);
  const [known] = await ctx.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.id));
  if (!known) throw conflict(BillingMessages.noSubscription);
  const session = await askStripe(() =>
    billing.stripe.billingPortal.sessions.create({ customer: known.stripeCustomerId, return_url: `${ctx.publicUrl}/billing` }),
    BillingMessages.portalErrorText,
  );
  return { url: session.url };
}

/**
 * What the success page shows after Stripe sends the browser back: the session as Stripe holds it,
 * only when it is the operator's own (another's, a made-up or a malformed id all answer 404), and
 * the subscription it started, read from Stripe and stored as a webhook would. The id in the URL
 * is only a question to Stripe; it grants nothing by itself.
 */
export async function confirmCheckout(ctx: AppContext, payer: Payer, sessionId: string): Promise<CheckoutConfirmation> {
  const billing = configuredBilling(ctx);
  if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) throw notFound(BillingMessages.checkoutNotFound);
  const [known] = await ctx.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.id));
  if (!known) throw notFound(BillingMessages.checkoutNotFound);
  const session = await askStripe(() => checkoutSessionOrNull(billing, sessionId), BillingMessages.confirmErrorText);
  if (!session) throw notFound(BillingMessages.checkoutNotFound);
  const customer = session.customer ? (typeof session.customer === 'string' ? session.customer : session.customer.id) : null;
  if (customer !== known.stripeCustomerId) throw notFound(BillingMessages.checkoutNotFound);
  const subscriptionId = session.subscription ? (typeof session.subscription === 'string' ? session.subscription : session.subscription.id) : null;
  if (session.status === 'complete' && subscriptionId) {
    const reading = await readSubscription(billing, subscriptionId, BillingMessages.confirmErrorText);
    await ctx.db.transaction((tx) => syncSubscription(tx, billing.prices, reading.subscription, reading.readAt, reading.scheduled));
  }
  const priceId = session.line_items?.data[0]?.price?.id;
  return {
    status: CheckoutConfirmationSchema.shape.status.safeParse(session.status).data ?? 'open',
    tier: priceId ? tierOfPrice(billing.prices, priceId) : null,
    subscription: await subscriptionStatusOf(ctx.db, payer.id),
  };
}

async function checkoutSessionOrNull(billing: BillingSettings, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await billing.stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeInvalidRequestError' && error.statusCode === 404) return null;
    throw error;
  }
}
