import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { MagnetOrderStatus } from '../../../shared/magnets.schemas.js';
import type { Database } from '../../db/client.js';
import { magnetOrders, users, type MagnetOrder } from '../../db/schema.js';
import type { PrintifyOrder } from '../../integrations/printify/printify-client.js';
import { enqueue } from '../../jobs/enqueue.js';
import { defineJob } from '../../jobs/job-definition.js';

type Executor = Pick<Database, 'select' | 'update' | 'insert'>;

export interface Shipment {
  carrier: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: Date;
}

/** Printify's order statuses as ours; the two it has beyond ours read as the nearest of ours. */
const STATUS_OF_PRINTIFY: Record<string, MagnetOrderStatus> = {
  pending: 'pending',
  'on-hold': 'on-hold',
  'payment-not-received': 'on-hold',
  'sending-to-production': 'sending-to-production',
  'in-production': 'in-production',
  'partially-fulfilled': 'in-production',
  fulfilled: 'fulfilled',
  canceled: 'canceled',
  'had-issues': 'had-issues',
};

/**
 * Records that an order shipped and tells its operator, once: the mail's key is the order, so a
 * webhook and the poller (or two deliveries of one webhook) never send it twice.
 */
export async function recordShipment(db: Executor, publicUrl: string | undefined, order: MagnetOrder, shipment: Shipment) {
  await db
    .update(magnetOrders)
    .set({ carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingUrl: shipment.trackingUrl, shippedAt: shipment.shippedAt, updatedAt: new Date() })
    .where(eq(magnetOrders.id, order.id));
  const [operator] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, order.userId));
  if (!operator || !publicUrl) return;
  await enqueue(
    db,
    'mail.magnet-shipped',
    {
      to: operator.email,
      props: {
        locale: operator.language,
        orderId: order.id,
        machineName: order.machineName,
        quantity: order.quantity,
        magnetSize: order.magnetSize,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
        ordersLink: `${publicUrl}/magnet-orders`,
      },
    },
    { uniqueKey: `magnet-shipped:${order.id}` },
  );
}

/**
 * Brings our order up to date with Printify's copy of it: status, the first shipment's carrier and
 * tracking, the delivery. Printify's copy is read fresh by the caller, never taken from a webhook.
 */
export async function applyPrintifyOrder(db: Executor, publicUrl: string | undefined, order: MagnetOrder, remote: PrintifyOrder) {
  const status = STATUS_OF_PRINTIFY[remote.status] ?? order.status;
  const shipment = remote.shipments[0];
  const deliveredAt = shipment?.delivered_at ? new Date(shipment.delivered_at) : null;
  await db
    .update(magnetOrders)
    .set({ status, deliveredAt: deliveredAt ?? order.deliveredAt, updatedAt: new Date() })
    .where(eq(magnetOrders.id, order.id));
  if (shipment && shipment.number && !order.trackingNumber) {
    await recordShipment(db, publicUrl, order, {
      carrier: shipment.carrier || null,
      trackingNumber: shipment.number,
      trackingUrl: /^https?:\/\//i.test(shipment.url ?? '') ? shipment.url : null,
      shippedAt: remote.fulfilled_at ? new Date(remote.fulfilled_at) : new Date(),
    });
  }
}

const HOUR_MS = 60 * 60 * 1000;
/** Printify's webhooks normally arrive within minutes; an order quiet for this long is asked about. */
export const LATE_AFTER_MS = 6 * HOUR_MS;
const POLL_BATCH = 50;
const OPEN_STATUSES: MagnetOrderStatus[] = ['pending', 'on-hold', 'sending-to-production', 'in-production'];

/**
 * Asks Printify about orders whose webhooks are late: open orders, and shipped ones not yet
 * delivered, that nothing has changed for `LATE_AFTER_MS`. Each answer moves the order's
 * `updatedAt`, so the oldest are asked first and none is asked more often than that.
 */
export const pollMagnetOrdersJob = defineJob({
  payload: z.object({}),
  async handle(_payload, { db, log, printify, publicUrl }) {
    if (!printify) return;
    const quietSince = new Date(Date.now() - LATE_AFTER_MS);
    const late = await db
      .select()
      .from(magnetOrders)
      .where(
        and(
          isNotNull(magnetOrders.printifyOrderId),
          lt(magnetOrders.updatedAt, quietSince),
          or(inArray(magnetOrders.status, OPEN_STATUSES), and(eq(magnetOrders.status, 'fulfilled'), isNull(magnetOrders.deliveredAt))),
        ),
      )
      .orderBy(asc(magnetOrders.updatedAt))
      .limit(POLL_BATCH);
    for (const order of late) {
      try {
        const remote = await printify.client.getOrder(order.printifyOrderId!);
        await db.transaction((tx) => applyPrintifyOrder(tx, publicUrl, order, remote));
      } catch (error) {
        log.warn({ orderId: order.id, err: error instanceof Error ? error.message : String(error) }, 'Printify order could not be read');
      }
    }
  },
});
