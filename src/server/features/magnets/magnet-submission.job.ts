import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { magnetOrders, type MagnetOrder } from '../../db/schema.js';
import {
  PrintifyError,
  splitFullName,
  type CreatePrintifyOrder,
  type PrintifySettings,
} from '../../integrations/printify/printify-client.js';
import { defineJob } from '../../jobs/job-definition.js';
import { magnetCatalogue } from './magnet-variants.js';

/** The order id Printify holds for ours: a retried submission finds the order instead of making another. */
export const printifyExternalIdOf = (orderId: number) => `vendvote-magnet-${orderId}`;

/** Where the printer fetches the order's QR image: public, but named by the order's unguessable token. */
export const magnetQrImageUrl = (publicUrl: string, qrToken: string) => `${publicUrl}/api/magnet-orders/${qrToken}/qr.png`;

/** Printify said no for a reason a retry cannot change (a bad address, a size no longer made). */
const isRefusal = (error: unknown): error is PrintifyError =>
  error instanceof PrintifyError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * Places the order, or finds the one an earlier attempt placed. Printify takes no idempotency key and
 * may or may not refuse a repeated external id, so a retry looks first; and a refusal is checked the
 * same way, in case the earlier order only now shows in the list.
 */
async function createOrFind(printify: PrintifySettings, input: CreatePrintifyOrder, retrying: boolean): Promise<{ id: string }> {
  const earlier = retrying ? await printify.client.findOrderByExternalId(input.externalId) : undefined;
  if (earlier) return { id: earlier.id };
  try {
    return await printify.client.createOrder(input);
  } catch (error) {
    const found = isRefusal(error) ? await printify.client.findOrderByExternalId(input.externalId) : undefined;
    if (found) return { id: found.id };
    throw error;
  }
}

async function placeAtPrintify(printify: PrintifySettings, log: FastifyBaseLogger, publicUrl: string, order: MagnetOrder, retrying: boolean) {
  const catalogue = await magnetCatalogue(printify, log);
  if (catalogue.source !== 'printify') throw new Error('the magnet product could not be read from Printify');
  const address = order.shippingAddress;
  return createOrFind(
    printify,
    {
      externalId: printifyExternalIdOf(order.id),
      label: `Magnets for ${order.machineName}`.slice(0, 100),
      lineItems: [
        {
          blueprintId: catalogue.blueprintId!,
          printProviderId: catalogue.printProviderId!,
          variantId: order.variantId,
          quantity: order.quantity,
          printAreas: { front: magnetQrImageUrl(publicUrl, order.qrToken) },
        },
      ],
      shippingMethod: 1,
      sendShippingNotification: false,
      addressTo: {
        ...splitFullName(address.fullName),
        country: address.country,
        region: address.state,
        address1: address.addressLine1,
        ...(address.addressLine2 ? { address2: address.addressLine2 } : {}),
        city: address.city,
        zip: address.zipCode,
      },
    },
    retrying,
  );
}

/** Changes an order only while it is still waiting to be printed: an admin may have taken it meanwhile. */
const stillPending = (orderId: number) => and(eq(magnetOrders.id, orderId), eq(magnetOrders.status, 'pending'));

async function markRefused(db: Database, log: FastifyBaseLogger, order: MagnetOrder, refusal: PrintifyError) {
  log.error({ orderId: order.id, status: refusal.status, err: refusal.message }, 'Printify refused a magnet order; it waits for an admin');
  await db
    .update(magnetOrders)
    .set({ status: 'had-issues', printifyProblem: refusal.message.slice(0, 1000), updatedAt: new Date() })
    .where(stillPending(order.id));
}

/**
 * Sends a paid order to Printify and into production. Each step is safe to repeat: an attempt after
 * the first looks for the order an earlier one may have made, and sending to production twice is
 * harmless, so the worker's retries never print twice. A refusal no retry can change puts the order
 * on the admins' list ('had-issues') instead of retrying it. Without Printify the order waits for
 * manual fulfilment.
 */
export const submitMagnetOrderJob = defineJob({
  payload: z.object({ orderId: z.number().int() }),
  maxAttempts: 8,
  async handle({ orderId }, { db, log, printify, publicUrl }) {
    if (!printify) return;
    const [order] = await db.select().from(magnetOrders).where(eq(magnetOrders.id, orderId));
    if (!order || order.status !== 'pending' || order.submittedAt) return;
    if (!publicUrl) throw new Error('the public address is needed to hand the QR image to the printer');
    const retrying = order.submissionStartedAt !== null;
    if (!retrying) await db.update(magnetOrders).set({ submissionStartedAt: new Date() }).where(eq(magnetOrders.id, order.id));
    try {
      let printifyOrderId = order.printifyOrderId;
      if (!printifyOrderId) {
        printifyOrderId = (await placeAtPrintify(printify, log, publicUrl, order, retrying)).id;
        await db.update(magnetOrders).set({ printifyOrderId, updatedAt: new Date() }).where(eq(magnetOrders.id, order.id));
      }
      await printify.client.sendToProduction(printifyOrderId);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return markRefused(db, log, order, error);
    }
    await db
      .update(magnetOrders)
      .set({ status: 'sending-to-production', submittedAt: new Date(), updatedAt: new Date() })
      .where(stillPending(order.id));
  },
});
