import { and, eq, inArray, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { MagnetOrderMessages, type MagnetOrderView } from '../../../shared/magnets.schemas.js';
import { BillingMessages } from '../../../shared/billing.schemas.js';
import type { AppContext } from '../../context.js';
import { magnetOrders } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { enqueue, type JobExecutor } from '../../jobs/enqueue.js';
import type { BillingSettings } from '../billing/billing-settings.js';
import { askStripe, configuredBilling } from '../billing/checkout.js';
import { getOwnedMagnetOrder, submitJobKey, toMagnetOrderView } from './magnet-orders.service.js';

type Tx = JobExecutor & Pick<AppContext['db'], 'update'>;

const idOf = (value: string | { id: string } | null) => (value === null ? null : typeof value === 'string' ? value : value.id);

/** The magnet order a payment-mode Checkout was opened for, or null for any other session. */
export function magnetOrderIdOf(session: Stripe.Checkout.Session): number | null {
  if (session.mode !== 'payment') return null;
  const id = Number(session.metadata?.magnetOrderId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A Checkout session as Stripe holds it now, applied to its order: paid, the order is marked paid
 * and handed to the printer (once, however many times the payment is reported); expired unpaid, the
 * order is canceled. Only the session the order opened counts, so no other session can pay for it.
 */
export async function applyMagnetCheckout(tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  const orderId = magnetOrderIdOf(session);
  if (orderId === null) return;
  const ofThisSession = and(eq(magnetOrders.id, orderId), eq(magnetOrders.stripeCheckoutSessionId, session.id), eq(magnetOrders.status, 'awaiting_payment'));
  if (session.status === 'complete' && session.payment_status === 'paid') {
    const paid = await tx
      .update(magnetOrders)
      .set({ status: 'pending', paidAt: new Date(), stripePaymentIntentId: idOf(session.payment_intent), updatedAt: new Date() })
      .where(ofThisSession)
      .returning({ id: magnetOrders.id });
    if (paid.length > 0) await enqueue(tx, 'magnets.submit', { orderId }, { uniqueKey: submitJobKey(orderId) });
  } else if (session.status === 'expired') {
    await tx.update(magnetOrders).set({ status: 'canceled', updatedAt: new Date() }).where(ofThisSession);
  }
}

/**
 * After Stripe sends the browser back: the order's own session, read from Stripe, applied as the
 * webhook would, so the page shows the payment even if the webhook is late. The session id in the
 * address is only a question to Stripe; it must be the one the order opened.
 */
export async function confirmMagnetPayment(ctx: AppContext, userId: number, orderId: number, sessionId: string): Promise<MagnetOrderView> {
  const billing = configuredBilling(ctx);
  const order = await getOwnedMagnetOrder(ctx, userId, orderId);
  if (order.stripeCheckoutSessionId !== sessionId) throw notFound(BillingMessages.checkoutNotFound);
  if (order.status === 'awaiting_payment') {
    const session = await askStripe(() => billing.stripe.checkout.sessions.retrieve(sessionId), BillingMessages.confirmErrorText);
    await ctx.db.transaction((tx) => applyMagnetCheckout(tx, session));
  }
  return toMagnetOrderView(await getOwnedMagnetOrder(ctx, userId, orderId));
}

/** Every line of an invoice, over every page of them. */
export async function invoiceLinesOf(billing: BillingSettings, invoice: Stripe.Invoice): Promise<Stripe.InvoiceLineItem[]> {
  return invoice.lines.has_more && invoice.id
    ? await askStripe(() => billing.stripe.invoices.listLineItems(invoice.id!, { limit: 100 }).autoPagingToArray({ limit: 10_000 }))
    : invoice.lines.data;
}

/** The invoice items (one-off charges such as magnet orders) among an invoice's lines. */
export function invoiceItemsOf(lines: Stripe.InvoiceLineItem[]): { id: string; amount: number; proration: boolean }[] {
  return lines.flatMap((line) => {
    const details = line.parent?.invoice_item_details;
    return details?.invoice_item ? [{ id: details.invoice_item, amount: line.amount, proration: details.proration }] : [];
  });
}

/** Magnet orders put on an invoice are paid when it is. */
export async function markMagnetOrdersInvoiced(tx: Tx, invoiceItemIds: string[], paidAtSeconds: number | null | undefined): Promise<void> {
  if (invoiceItemIds.length === 0) return;
  await tx
    .update(magnetOrders)
    .set({ paidAt: paidAtSeconds ? new Date(paidAtSeconds * 1000) : new Date(), updatedAt: new Date() })
    .where(and(inArray(magnetOrders.stripeInvoiceItemId, invoiceItemIds), isNull(magnetOrders.paidAt)));
}

/**
 * The Stripe page of an order still waiting for payment, for an operator who left it unpaid. Only
 * the session the order opened is offered (a new one could be paid alongside it); once that one has
 * expired or been paid, the order follows what Stripe says and there is nothing left to pay.
 */
export async function resumeMagnetPayment(ctx: AppContext, userId: number, orderId: number): Promise<{ url: string }> {
  const billing = configuredBilling(ctx);
  const order = await getOwnedMagnetOrder(ctx, userId, orderId);
  if (order.status !== 'awaiting_payment' || !order.stripeCheckoutSessionId) throw conflict(MagnetOrderMessages.nothingToPay);
  const sessionId = order.stripeCheckoutSessionId;
  const session = await askStripe(() => billing.stripe.checkout.sessions.retrieve(sessionId), BillingMessages.checkoutErrorText);
  if (session.status === 'open' && session.url) return { url: session.url };
  await ctx.db.transaction((tx) => applyMagnetCheckout(tx, session));
  throw conflict(session.status === 'expired' ? MagnetOrderMessages.paymentExpired : MagnetOrderMessages.nothingToPay);
}
