import type Stripe from 'stripe';
import type { BillingSettings } from './billing-settings.js';
import { askStripe } from './checkout.js';
import { scheduledChangeOf, type ScheduledChange } from './subscription-sync.js';

export interface SubscriptionReading {
  subscription: Stripe.Subscription;
  scheduled: ScheduledChange | null;
  /** When Stripe answered: of two readings of one subscription, the later one is kept. */
  readAt: Date;
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * A subscription as Stripe holds it now, with the plan change its schedule will make, if any. The
 * reading is dated when it was asked for: Stripe's answer shows at least everything done before.
 */
export async function readSubscription(billing: BillingSettings, subscriptionId: string, failure?: string): Promise<SubscriptionReading> {
  const readAt = new Date();
  const subscription = await askStripe(() => billing.stripe.subscriptions.retrieve(subscriptionId), failure);
  const schedule = subscription.schedule
    ? await askStripe(() => billing.stripe.subscriptionSchedules.retrieve(idOf(subscription.schedule!)), failure)
    : null;
  return { subscription, scheduled: scheduledChangeOf(schedule, subscription.items.data[0]?.price.id ?? ''), readAt };
}

/** The subscription an invoice bills, if it bills one (API 2025-03 and later keep it under `parent`). */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription ? idOf(subscription) : null;
}

/** Whether Stripe holds a card to charge: on the subscription, or as the customer's default (set in the portal). */
export async function hasPaymentMethod(billing: BillingSettings, subscription: Stripe.Subscription): Promise<boolean> {
  if (subscription.default_payment_method) return true;
  const customer = await askStripe(() => billing.stripe.customers.retrieve(idOf(subscription.customer)));
  return !customer.deleted && customer.invoice_settings?.default_payment_method != null;
}

/**
 * The invoice a refunded charge paid, and how much of the charge is refunded so far in all, as
 * Stripe holds them now. A charge is tied to its invoice through the invoice's payment record (the
 * charge itself no longer names an invoice); a charge of no invoice (a magnet checkout) answers null.
 */
export async function refundedInvoiceOf(billing: BillingSettings, chargeId: string): Promise<{ invoiceId: string; refundedCents: number } | null> {
  const charge = await askStripe(() => billing.stripe.charges.retrieve(chargeId));
  const paymentIntent = charge.payment_intent ? idOf(charge.payment_intent) : null;
  if (!paymentIntent) return null;
  const payments = await askStripe(() =>
    billing.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 }),
  );
  const invoice = payments.data[0]?.invoice;
  return invoice ? { invoiceId: idOf(invoice), refundedCents: charge.amount_refunded } : null;
}
