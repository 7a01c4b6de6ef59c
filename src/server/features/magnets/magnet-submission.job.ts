import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { magnetOrders } from '../../db/schema.js';
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

/**
 * Sends a paid order to Printify and into production. Each step is safe to repeat: the order is
 * found by our id if an earlier attempt made it, and sending to production twice is harmless, so
 * the worker's retries never print twice. Without Printify the order waits for manual fulfilment.
 */
/**
 * Places the order, or finds the one an earlier attempt placed: an attempt whose answer and lookup
 * were both lost leaves an order at Printify that a repeated external id may be refused for.
 */
async function createOrFind(printify: PrintifySettings, input: CreatePrintifyOrder): Promise<{ id: string }> {
  try {
    return await printify.client.createOrder(input);
  } catch (error) {
    const refused = error instanceof PrintifyError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
    const earlier = refused ? await printify.client.findOrderByExternalId(input.externalId) : undefined;
    if (earlier) return { id: earlier.id };
    throw error;
  }
}

export const submitMagnetOrderJob = defineJob({
  payload: z.object({ orderId: z.number().int() }),
  maxAttempts: 8,
  async handle({ orderId }, { db, log, printify, publicUrl }) {
    if (!printify) return;
    const [order] = await db.select().from(magnetOrders).where(eq(magnetOrders.id, orderId));
    if (!order || order.status !== 'pending' || order.submittedAt) return;
    if (!publicUrl) throw new Error('the public address is needed to hand the QR image to the printer');
    let printifyOrderId = order.printifyOrderId;
    if (!printifyOrderId) {
      const catalogue = await magnetCatalogue(printify, log);
      if (catalogue.source !== 'printify') throw new Error('the magnet product could not be read from Printify');
      const address = order.shippingAddress;
      const created = await createOrFind(printify, {
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
      });
      printifyOrderId = created.id;
      await db.update(magnetOrders).set({ printifyOrderId, updatedAt: new Date() }).where(eq(magnetOrders.id, order.id));
    }
    await printify.client.sendToProduction(printifyOrderId);
    await db
      .update(magnetOrders)
      .set({ status: 'sending-to-production', submittedAt: new Date(), updatedAt: new Date() })
      .where(eq(magnetOrders.id, order.id));
  },
});
