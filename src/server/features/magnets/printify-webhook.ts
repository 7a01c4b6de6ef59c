import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { magnetOrders } from '../../db/schema.js';
import { badGateway, badRequest, serviceUnavailable } from '../../http-errors.js';
import { PrintifyError, verifyWebhook } from '../../integrations/printify/printify-client.js';
import { applyPrintifyOrder } from './magnet-tracking.js';

const PrintifyEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  resource: z.object({ id: z.string().min(1).max(100), type: z.string() }),
});

/** The events the webhook is registered for; the order is read afresh for each. */
const ORDER_EVENTS = new Set(['order:updated', 'order:shipment:created', 'order:shipment:delivered', 'order:sent-to-production']);

/**
 * A Printify webhook: its signature is checked on the exact bytes before anything is read; the event
 * only says which order changed, and the order itself is read from Printify, so a replayed or stale
 * event can never set an old status. Events about orders that are not ours are acknowledged and left.
 */
export async function handlePrintifyWebhook(ctx: AppContext, log: FastifyBaseLogger, rawBody: Buffer | undefined, signature: unknown) {
  const printify = ctx.printify;
  if (!printify?.webhookSecret) throw serviceUnavailable('Printify webhooks are not configured');
  if (!rawBody || !verifyWebhook(rawBody, typeof signature === 'string' ? signature : undefined, printify.webhookSecret)) {
    throw badRequest('Invalid signature');
  }
  let event: z.infer<typeof PrintifyEventSchema>;
  try {
    event = PrintifyEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw badRequest('Malformed event');
  }
  if (!ORDER_EVENTS.has(event.type) || event.resource.type !== 'order') return;
  const [order] = await ctx.db.select().from(magnetOrders).where(eq(magnetOrders.printifyOrderId, event.resource.id));
  if (!order) return;
  let remote;
  try {
    remote = await printify.client.getOrder(event.resource.id);
  } catch (error) {
    // Printify sends the webhook again; the poller catches it otherwise.
    log.warn({ orderId: order.id, err: error instanceof PrintifyError ? error.message : String(error) }, 'Printify order could not be read');
    throw badGateway('Printify could not be reached');
  }
  await ctx.db.transaction((tx) => applyPrintifyOrder(tx, ctx.publicUrl, order, remote));
}
