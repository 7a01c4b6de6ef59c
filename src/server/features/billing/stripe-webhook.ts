import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { BillingMessages } from '../../../shared/billing.schemas.js';
import { PLANS } from '../../../shared/plans.js';
import type { AppContext } from '../../context.js';
import { invoices, users } from '../../db/schema.js';
import { badGateway, badRequest, HttpError, serviceUnavailable } from '../../http-errors.js';
import { intlLocale, type MailLocale } from '../../integrations/mail/mail-locale.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { BillingSettings } from './billing-settings.js';
import { applyMagnetCheckout, invoiceItemsOf, invoiceLinesOf, magnetOrderIdOf, markMagnetOrdersInvoiced } from '../magnets/magnet-payment.js';
import { earnCommission, reverseCommission, type PaidInvoice } from '../affiliates/commissions.js';
import { askStripe } from './checkout.js';
import { hasPaymentMethod, readSubscription, refundedInvoiceOf, subscriptionOfInvoice, type SubscriptionReading } from './stripe-reads.js';
import { claimStripeEvent, tierOfPrice, syncSubscription, userOfCustomer } from './subscription-sync.js';

/** Stripe's own default: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
/** Stripe's dates and amounts as the operator's mail writes them, in their language. */
/** Stripe's moments as the day they fall on for the operator, in their zone and language. */
const day = (recipient: Recipient, seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toLocaleDateString(intlLocale(recipient.language), { dateStyle: 'long', timeZone: recipient.timeZone });
const money = (locale: MailLocale, cents: number, currency: string) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * The event Stripe signed, from the exact bytes it posted. Anything else (no signature, a wrong
 * one, one older than the tolerance, a body changed on the way) is refused before it touches data.
 */
export function verifiedEvent(billing: BillingSettings, rawBody: Buffer | undefined, signature: unknown): Stripe.Event {
  if (!billing.webhookSecret) throw serviceUnavailable(BillingMessages.notConfigured);
  if (!rawBody || typeof signature !== 'string' || signature === '') throw badRequest(BillingMessages.badSignature);
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature, billing.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw badRequest(BillingMessages.badSignature);
  }
  // The SDK refuses only signatures too old; one from the future (a clock far off, or a signed
  // event kept to be replayed later) is refused as well, with the same tolerance.
  if (!signedWithinTolerance(signature)) throw badRequest(BillingMessages.badSignature);
  return event;
}

/** Whether the signature header's timestamp (t=…) is within the tolerance of now, either way. */
function signedWithinTolerance(signature: string, now = Date.now()): boolean {
  const stamp = signature.split(',').find((part) => part.trim().startsWith('t='));
  const seconds = stamp ? Number(stamp.trim().slice(2)) : NaN;
  return Number.isInteger(seconds) && Math.abs(now / 1000 - seconds) <= WEBHOOK_TOLERANCE_SECONDS;
}

/**
 * What an event asks of us, read from Stripe before the transaction opens (a network call must not
 * hold a database transaction; on the embedded database that would hold up every other query).
 * The copy inside the event is never trusted: it may be older than what Stripe holds now.
 */
type Effect = (tx: Tx) => Promise<void>;

async function effectOf(ctx: AppContext, billing: BillingSettings, event: Stripe.Event): Promise<Effect> {
  const sync = (reading: SubscriptionReading) => async (tx: Tx) => {
    await syncSubscription(tx, billing.prices, reading.subscription, reading.readAt, reading.scheduled);
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      if (magnetOrderIdOf(event.data.object) !== null) return magnetCheckout(billing, event.data.object.id);
      const subscription = event.data.object.subscription;
      if (!subscription) return async () => {};
      return sync(await readSubscription(billing, idOf(subscription)));
    }
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      if (magnetOrderIdOf(event.data.object) !== null) return magnetCheckout(billing, event.data.object.id);
      return async () => {};
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return sync(await readSubscription(billing, event.data.object.id));
    case 'customer.subscription.trial_will_end': {
      const reading = await readSubscription(billing, event.data.object.id);
      const withCard = await hasPaymentMethod(billing, reading.subscription);
      return async (tx) => {
        const userId = await syncSubscription(tx, billing.prices, reading.subscription, reading.readAt, reading.scheduled);
        if (userId !== null && reading.subscription.status === 'trialing') await remindTrialEnding(ctx, billing, tx, userId, reading, withCard);
      };
    }
    case 'invoice.paid':
      return paidInvoice(billing, event.data.object.id!);
    case 'charge.refunded': {
      const refund = await refundedInvoiceOf(billing, event.data.object.id);
      if (!refund) return async () => {};
      // The invoice is kept (with its commission) first: its own invoice.paid may not be applied yet,
      // and a refund handled before it would otherwise be lost.
      const keepPaid = await paidInvoice(billing, refund.invoiceId);
      return async (tx) => {
        await keepPaid(tx);
        await reverseCommission(tx, refund.invoiceId, refund.refundedCents);
      };
    }
    case 'invoice.payment_failed': {
      const invoice = await askStripe(() => billing.stripe.invoices.retrieve(event.data.object.id!));
      const subscriptionId = subscriptionOfInvoice(invoice);
      const reading = subscriptionId ? await readSubscription(billing, subscriptionId) : null;
      return async (tx) => {
        if (reading) await syncSubscription(tx, billing.prices, reading.subscription, reading.readAt, reading.scheduled);
        // The plan is named from the subscription: a proration invoice's first line is the old price's credit.
        await tellPaymentFailed(ctx, billing, tx, invoice, reading?.subscription.items.data[0]?.price.id);
      };
    }
    default:
      // Events we did not ask for (the endpoint's list is set at Stripe) are acknowledged and left.
      return async () => {};
  }
}

/**
 * A paid invoice as Stripe holds it now: kept, its magnet orders marked paid, and the affiliate's
 * commission made if the subscription was referred. Safe to apply again (upserts, one commission).
 */
async function paidInvoice(billing: BillingSettings, invoiceId: string): Promise<Effect> {
  const invoice = await askStripe(() => billing.stripe.invoices.retrieve(invoiceId));
  const invoiceItems = invoiceItemsOf(await invoiceLinesOf(billing, invoice));
  // Prorations of a plan change are the subscription's own; one-off items (magnets) are not.
  const oneOffCents = invoiceItems.filter((item) => !item.proration).reduce((sum, item) => sum + item.amount, 0);
  return async (tx) => {
    const kept = await keepInvoice(tx, invoice);
    await markMagnetOrdersInvoiced(
      tx,
      invoiceItems.map((item) => item.id),
      invoice.status_transitions.paid_at,
    );
    if (kept) await earnCommission(tx, { ...kept, otherLinesCents: oneOffCents });
  };
}

/** A magnet order's payment, as Stripe holds the session now. */
async function magnetCheckout(billing: BillingSettings, sessionId: string): Promise<Effect> {
  const session = await askStripe(() => billing.stripe.checkout.sessions.retrieve(sessionId));
  return (tx) => applyMagnetCheckout(tx, session);
}

/**
 * Applies a verified event once. The event's id is recorded in the transaction of its effect: a
 * second delivery finds it and does nothing, and a failed effect rolls the mark back so Stripe's
 * retry applies it.
 */
export async function handleStripeEvent(ctx: AppContext, billing: BillingSettings, event: Stripe.Event): Promise<void> {
  const effect = await effectOf(ctx, billing, event).catch((error: unknown) => {
    // The reads share askStripe with checkout, whose words would be wrong here; Stripe reads this answer.
    if (error instanceof HttpError && error.statusCode === 502) throw badGateway(BillingMessages.eventReadFailed);
    throw error;
  });
  await ctx.db.transaction(async (tx) => {
    if (await claimStripeEvent(tx, event)) await effect(tx);
  });
}

/** Where an operator's billing mail goes, and the language it is written in. */
interface Recipient {
  email: string;
  language: MailLocale;
  timeZone: string;
}

async function recipientOf(tx: Tx, userId: number): Promise<Recipient | null> {
  const [user] = await tx.select({ email: users.email, language: users.language, timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return user ?? null;
}

const planNameOf = (billing: BillingSettings, priceId: string | undefined) => {
  const tier = priceId ? tierOfPrice(billing.prices, priceId) : null;
  return tier ? PLANS[tier].name : 'paid';
};

/** The mail three days before a trial ends; once per subscription and trial end, however often Stripe tells us. */
async function remindTrialEnding(
  ctx: AppContext,
  billing: BillingSettings,
  tx: Tx,
  userId: number,
  reading: SubscriptionReading,
  withCard: boolean,
) {
  const { subscription } = reading;
  const recipient = await recipientOf(tx, userId);
  if (!recipient || !subscription.trial_end) return;
  await enqueue(
    tx,
    'mail.trial-ending',
    {
      to: recipient.email,
      props: {
        locale: recipient.language,
        planName: planNameOf(billing, subscription.items.data[0]?.price.id),
        trialEndsOn: day(recipient, subscription.trial_end)!,
        hasPaymentMethod: withCard,
        billingLink: `${ctx.publicUrl}/billing`,
      },
    },
    { uniqueKey: `trial-ending:${subscription.id}:${subscription.trial_end}` },
  );
}

/** Keeps a paid invoice of one of our customers: affiliate commissions are paid from these rows. */
async function keepInvoice(tx: Tx, invoice: Stripe.Invoice): Promise<Omit<PaidInvoice, 'otherLinesCents'> | null> {
  const customerId = invoice.customer ? idOf(invoice.customer) : null;
  const userId = customerId ? await userOfCustomer(tx, customerId) : null;
  if (userId === null || customerId === null || !invoice.id) return null;
  const row = {
    userId,
    stripeCustomerId: customerId,
    subscriptionId: subscriptionOfInvoice(invoice),
    status: invoice.status ?? 'paid',
    currency: invoice.currency,
    amountPaid: invoice.amount_paid,
    billingReason: invoice.billing_reason,
    periodStart: new Date(invoice.period_start * 1000),
    periodEnd: new Date(invoice.period_end * 1000),
    paidAt: invoice.status_transitions.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : null,
    stripeCreatedAt: new Date(invoice.created * 1000),
    syncedAt: new Date(),
  };
  await tx.insert(invoices).values({ id: invoice.id, ...row }).onConflictDoUpdate({ target: invoices.id, set: row });
  if (invoice.status !== 'paid') return null;
  return { id: invoice.id, userId, subscriptionId: row.subscriptionId, currency: row.currency, amountPaid: row.amountPaid, paidAt: row.paidAt ?? row.syncedAt };
}

/** A failed charge: the operator is told, once per attempt; the plan stays until Stripe ends the subscription. */
async function tellPaymentFailed(ctx: AppContext, billing: BillingSettings, tx: Tx, invoice: Stripe.Invoice, priceId: string | undefined) {
  const customerId = invoice.customer ? idOf(invoice.customer) : null;
  const userId = customerId ? await userOfCustomer(tx, customerId) : null;
  const recipient = userId === null ? null : await recipientOf(tx, userId);
  if (!recipient || !invoice.id) return;
  await enqueue(
    tx,
    'mail.payment-failed',
    {
      to: recipient.email,
      props: {
        locale: recipient.language,
        planName: planNameOf(billing, priceId),
        amountDue: money(recipient.language, invoice.amount_due, invoice.currency),
        nextAttemptOn: day(recipient, invoice.next_payment_attempt),
        billingLink: `${ctx.publicUrl}/billing`,
      },
    },
    { uniqueKey: `payment-failed:${invoice.id}:${invoice.attempt_count}` },
  );
}
