import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { z } from 'zod';
import { centsToAmount, MAGNET_CAPTION } from '../../../shared/magnet-pricing.js';
import {
  MagnetMessages,
  MagnetOrderMessages,
  type CreateMagnetOrderSchema,
  type MagnetOrderResult,
  type MagnetOrderView,
} from '../../../shared/magnets.schemas.js';
import { BillingMessages } from '../../../shared/billing.schemas.js';
import type { AppContext } from '../../context.js';
import { billingCustomers, magnetOrders, type MagnetOrder } from '../../db/schema.js';
import { badGateway, badRequest, notFound, serviceUnavailable } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { BillingSettings } from '../billing/billing-settings.js';
import { askStripe, configuredBilling, customerOf, type Payer } from '../billing/checkout.js';
import { getOwnedMachine, voteUrlOf } from '../machines/machines.service.js';
import { withScanSource } from '../../../shared/scan-sources.js';
import { magnetPaymentOf } from './magnet-payment-method.js';
import { priceOrder } from './magnet-quote.js';
import { magnetCatalogue } from './magnet-variants.js';

type NewOrder = z.output<typeof CreateMagnetOrderSchema>;

const orderNotFound = () => notFound('Order not found');

/** The job that hands a paid order to the printer: one per order, however often payment is confirmed. */
export const submitJobKey = (orderId: number) => `magnet-submit:${orderId}`;

/** Dollars as the browser sent them, in cents; only ever compared with the server's own figure. */
const centsOf = (amount: string | number) => Math.round(Number(amount) * 100);

export function toMagnetOrderView(row: MagnetOrder): MagnetOrderView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    machineId: row.machineId,
    machineName: row.machineName,
    magnetSize: row.magnetSize,
    quantity: row.quantity,
    unitPrice: { amount: centsToAmount(row.unitPriceCents) },
    shipping: { amount: centsToAmount(row.shippingCents) },
    total: { amount: centsToAmount(row.totalCents) },
    status: row.status,
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt?.toISOString() ?? null,
    shippingAddress: row.shippingAddress,
    specialInstructions: row.specialInstructions,
    tracking: row.trackingNumber ? { carrier: row.carrier, number: row.trackingNumber, url: row.trackingUrl } : null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The size the body names: its variant id (`sku`), or the size's name, or the first size on offer. */
async function chosenSku(ctx: AppContext, log: FastifyBaseLogger, body: NewOrder): Promise<string | number> {
  if (body.sku !== undefined) return body.sku;
  const catalogue = await magnetCatalogue(ctx.printify, log);
  if (!body.magnetSize) return catalogue.variants[0]!.id;
  const named = catalogue.variants.find((variant) => variant.options.size === body.magnetSize || variant.title === body.magnetSize);
  if (!named) throw badRequest(MagnetMessages.unknownSize, { magnetSize: MagnetMessages.unknownSize });
  return named.id;
}

/**
 * Places an order for one of the operator's machines. The machine's name and vote address come from
 * our records, every price from the server; the prices the browser showed must match them, so the
 * operator never pays a figure they did not see. On the Starter plan (and whenever no active
 * subscription can carry it) the order waits for a Stripe Checkout payment; otherwise its price goes
 * on the next invoice and it is sent to the printer at once. Without billing it waits, uncharged,
 * for the admins to fulfil by hand.
 */
export async function placeMagnetOrder(ctx: AppContext, log: FastifyBaseLogger, payer: Payer, body: NewOrder): Promise<MagnetOrderResult> {
  const machine = await getOwnedMachine(ctx, payer.id, body.machineId);
  const sku = await chosenSku(ctx, log, body);
  const priced = await priceOrder(ctx, log, {
    sku,
    quantity: body.quantity,
    countryCode: body.shippingAddress.country,
    address: { ...body.shippingAddress, addressLine2: body.shippingAddress.addressLine2 ?? undefined },
  });
  const { price, variant } = priced;
  // While Printify's catalogue cannot be read the fallback size is shown, but it cannot be printed.
  if (ctx.printify && priced.catalogue.source !== 'printify') throw serviceUnavailable(MagnetOrderMessages.printerUnavailable);
  if (centsOf(body.unitPrice) !== price.unitPriceCents || centsOf(body.totalPrice) !== price.totalCents) {
    throw badRequest(MagnetOrderMessages.priceChanged, { totalPrice: MagnetOrderMessages.priceChanged });
  }
  const payment = await magnetPaymentOf(ctx.db, payer.id, Boolean(ctx.billing));
  const [order] = await ctx.db
    .insert(magnetOrders)
    .values({
      userId: payer.id,
      machineId: machine.id,
      machineName: machine.name,
      // The magnet's QR code says it was scanned from a magnet (the scan funnel).
      voteUrl: withScanSource(voteUrlOf(ctx, machine.id), 'magnet'),
      qrToken: randomBytes(32).toString('base64url'),
      variantId: variant.id,
      magnetSize: variant.options.size,
      quantity: body.quantity,
      unitPriceCents: price.unitPriceCents,
      shippingCents: price.shippingCents,
      totalCents: price.totalCents,
      wholesaleCents: price.wholesaleCents,
      shippingAddress: body.shippingAddress,
      specialInstructions: body.specialInstructions,
      status: payment === 'checkout' ? 'awaiting_payment' : 'pending',
      paymentMethod: payment,
    })
    .returning();
  const placed = order!;
  // Nothing is charged and nothing goes to the printer on its own: the admins' list holds the order.
  if (payment === 'manual') {
    return { requiresPayment: false, title: MagnetOrderMessages.manualReceived, message: MagnetOrderMessages.manualReceivedText, orderId: placed.id, checkoutUrl: null, trackingInfo: null };
  }
  const billing = configuredBilling(ctx);
  const description = `${placed.quantity} QR magnets (${placed.magnetSize}) for ${placed.machineName}`;
  let customer: string | undefined;
  let invoiceItem: Stripe.InvoiceItem | undefined;
  try {
    if (payment === 'checkout') {
      const [known] = await ctx.db.select().from(billingCustomers).where(eq(billingCustomers.userId, payer.id));
      const session = await askStripe(() =>
        billing.stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // A card is paid at once; methods that settle days later would leave the order in doubt.
            allowed_payment_method_types: ['card'],
            // An operator Stripe already knows pays as that customer, so the receipt sits with their invoices.
            ...(known ? { customer: known.stripeCustomerId } : { customer_email: payer.email }),
            client_reference_id: String(payer.id),
            line_items: [
              { price_data: { currency: 'usd', unit_amount: placed.unitPriceCents, product_data: { name: `QR magnet ${placed.magnetSize}` } }, quantity: placed.quantity },
              ...(placed.shippingCents > 0
                ? [{ price_data: { currency: 'usd', unit_amount: placed.shippingCents, product_data: { name: 'Shipping' } }, quantity: 1 }]
                : []),
            ],
            metadata: { magnetOrderId: String(placed.id), userId: String(payer.id) },
            payment_intent_data: { description, metadata: { magnetOrderId: String(placed.id) } },
            success_url: `${ctx.publicUrl}/magnet-orders?order=${placed.id}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${ctx.publicUrl}/magnet-orders?order=${placed.id}&canceled=1`,
          },
          { idempotencyKey: `magnet-checkout-${placed.id}` },
        ),
      );
      if (!session.url) throw badGateway(BillingMessages.checkoutErrorText);
      await ctx.db.update(magnetOrders).set({ stripeCheckoutSessionId: session.id, updatedAt: new Date() }).where(eq(magnetOrders.id, placed.id));
      return { requiresPayment: true, title: MagnetOrderMessages.paymentRequired, message: MagnetOrderMessages.paymentRequiredText, orderId: placed.id, checkoutUrl: session.url, trackingInfo: null };
    }
    customer = await customerOf(ctx, billing, payer);
    const payingCustomer = customer;
    invoiceItem = await askStripe(() =>
      billing.stripe.invoiceItems.create(
        { customer: payingCustomer, amount: placed.totalCents, currency: 'usd', description, metadata: { magnetOrderId: String(placed.id) } },
        { idempotencyKey: `magnet-invoice-item-${placed.id}` },
      ),
    );
    await ctx.db.transaction(async (tx) => {
      await tx.update(magnetOrders).set({ stripeInvoiceItemId: invoiceItem!.id, updatedAt: new Date() }).where(eq(magnetOrders.id, placed.id));
      await enqueue(tx, 'magnets.submit', { orderId: placed.id }, { uniqueKey: submitJobKey(placed.id) });
    });
  } catch (error) {
    // Nothing is charged for an order that could not be placed: it never existed, and the operator may simply try again.
    if (customer) await withdrawInvoiceItem(billing, log, placed.id, customer, invoiceItem?.id);
    await ctx.db.delete(magnetOrders).where(eq(magnetOrders.id, placed.id));
    throw error;
  }
  return {
    requiresPayment: false,
    title: ctx.printify ? MagnetOrderMessages.submitted : MagnetOrderMessages.received,
    message: ctx.printify ? MagnetOrderMessages.submittedText : MagnetOrderMessages.receivedText,
    orderId: placed.id,
    checkoutUrl: null,
    trackingInfo: null,
  };
}

/**
 * Takes back the invoice item of an order that failed. Its id is known when Stripe answered; when
 * the answer was lost the item may exist all the same, so it is looked for by the order's id.
 */
async function withdrawInvoiceItem(billing: BillingSettings, log: FastifyBaseLogger, orderId: number, customer: string, itemId: string | undefined) {
  try {
    const pending = itemId ? undefined : await billing.stripe.invoiceItems.list({ customer, pending: true, limit: 100 });
    const id = itemId ?? pending?.data.find((item) => item.metadata?.magnetOrderId === String(orderId))?.id;
    if (id) await billing.stripe.invoiceItems.del(id);
  } catch (failure) {
    log.error({ orderId, err: failure instanceof Error ? failure.message : String(failure) }, 'the invoice item of a failed magnet order could not be removed');
  }
}

export async function listMagnetOrders(ctx: AppContext, userId: number): Promise<MagnetOrderView[]> {
  const rows = await ctx.db
    .select()
    .from(magnetOrders)
    .where(eq(magnetOrders.userId, userId))
    .orderBy(desc(magnetOrders.createdAt), desc(magnetOrders.id));
  return rows.map(toMagnetOrderView);
}

/** The operator's own order; another's answers exactly like a missing one. */
export async function getOwnedMagnetOrder(ctx: AppContext, userId: number, orderId: number): Promise<MagnetOrder> {
  const [row] = await ctx.db
    .select()
    .from(magnetOrders)
    .where(and(eq(magnetOrders.id, orderId), eq(magnetOrders.userId, userId)));
  if (!row) throw orderNotFound();
  return row;
}

/**
 * The image the printer prints: the machine's QR code with the spec's caption. Named only by the
 * order's unguessable token (the printer fetches it without signing in); a wrong token is 404.
 */
export async function magnetQrImage(ctx: AppContext, token: string): Promise<Buffer> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw orderNotFound();
  const [row] = await ctx.db.select({ voteUrl: magnetOrders.voteUrl }).from(magnetOrders).where(eq(magnetOrders.qrToken, token));
  if (!row) throw orderNotFound();
  // The QR encoder and renderer are loaded on first use (see qr-codes.routes.ts).
  const { renderQrPng } = await import('../../integrations/qr.js');
  return renderQrPng(row.voteUrl, MAGNET_CAPTION);
}
