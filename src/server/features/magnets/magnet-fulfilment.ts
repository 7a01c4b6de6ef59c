import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToAmount } from '../../../shared/magnet-pricing.js';
import type { MagnetOrderStatus, MarkMagnetOrderShippedSchema } from '../../../shared/magnets.schemas.js';
import type { AppContext } from '../../context.js';
import { magnetOrders, users, type MagnetOrder } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { magnetQrImageUrl } from './magnet-submission.job.js';
import { toMagnetOrderView } from './magnet-orders.service.js';
import { recordShipment } from './magnet-tracking.js';

function toAdminView(ctx: AppContext, row: MagnetOrder, operatorEmail: string) {
  return {
    ...toMagnetOrderView(row),
    operatorEmail,
    wholesaleCost: { amount: centsToAmount(row.wholesaleCents) },
    printifyOrderId: row.printifyOrderId,
    printifyProblem: row.printifyProblem,
    qrImageUrl: magnetQrImageUrl(ctx.publicUrl, row.qrToken),
  };
}

/**
 * The orders someone must print and post by hand: paid ones when Printify is not configured, those
 * taken without billing (never sent to Printify, as nothing was charged), and those Printify refused
 * before taking them. With Printify, any other pending order is on its way there.
 */
function toFulfilByHand(ctx: AppContext): SQL {
  const refused = and(eq(magnetOrders.status, 'had-issues'), isNull(magnetOrders.printifyOrderId))!;
  const manual = and(eq(magnetOrders.status, 'pending'), eq(magnetOrders.paymentMethod, 'manual'))!;
  return ctx.printify ? or(refused, manual)! : or(eq(magnetOrders.status, 'pending'), refused)!;
}

/** Every operator's orders with a status, newest first; without one, those to fulfil by hand. */
export async function listOrdersForAdmin(ctx: AppContext, status?: MagnetOrderStatus) {
  const rows = await ctx.db
    .select({ order: magnetOrders, email: users.email })
    .from(magnetOrders)
    .innerJoin(users, eq(users.id, magnetOrders.userId))
    .where(status ? eq(magnetOrders.status, status) : toFulfilByHand(ctx))
    .orderBy(desc(magnetOrders.createdAt), desc(magnetOrders.id))
    .limit(500);
  return rows.map((row) => toAdminView(ctx, row.order, row.email));
}

/**
 * An admin printed and posted an order by hand: it is fulfilled, its tracking recorded, and the
 * operator told. Only a paid order not sent to Printify can be, so nothing is shipped twice.
 */
export async function markShippedByHand(ctx: AppContext, orderId: number, shipment: z.output<typeof MarkMagnetOrderShippedSchema>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order: magnetOrders, email: users.email })
      .from(magnetOrders)
      .innerJoin(users, eq(users.id, magnetOrders.userId))
      .where(eq(magnetOrders.id, orderId))
      .for('update');
    if (!row) throw notFound('Order not found');
    if (row.order.printifyOrderId) throw conflict('This order is with Printify; its tracking comes from there.');
    // With Printify, a pending order may be on its way there this very moment: only a refused one is the admins'.
    const pending = row.order.status === 'pending';
    const byHand = row.order.status === 'had-issues' || (pending && (!ctx.printify || row.order.paymentMethod === 'manual'));
    if (!byHand) throw conflict('Only a paid order waiting to be printed by hand can be marked shipped.');
    await tx.update(magnetOrders).set({ status: 'fulfilled', updatedAt: new Date() }).where(eq(magnetOrders.id, orderId));
    await recordShipment(tx, ctx.publicUrl, row.order, {
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl ?? null,
      shippedAt: new Date(),
    });
    const [updated] = await tx.select().from(magnetOrders).where(eq(magnetOrders.id, orderId));
    return toAdminView(ctx, updated!, row.email);
  });
}
