/** Printed QR magnets ordered for a machine, from payment to the printer to the door. */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { vendingMachines } from './catalog.js';
import { timestamps } from './columns.js';

export interface MagnetShippingAddress {
  fullName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: 'US' | 'CA';
}

/**
 * One order. Prices are the server's own, in cents, fixed when the order is placed. `qrToken` names
 * the order's QR image at a public, unguessable address (the printer fetches it). The status follows
 * Printify's order statuses, plus 'awaiting_payment' for an order Stripe has not confirmed yet.
 */
export const magnetOrders = pgTable(
  'magnet_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Kept when the machine is deleted: the order and its receipt stay.
    machineId: integer('machine_id').references(() => vendingMachines.id, { onDelete: 'set null' }),
    machineName: text('machine_name').notNull(),
    voteUrl: text('vote_url').notNull(),
    qrToken: text('qr_token').notNull(),
    variantId: integer('variant_id').notNull(),
    magnetSize: text('magnet_size').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    wholesaleCents: integer('wholesale_cents').notNull(),
    shippingAddress: jsonb('shipping_address').$type<MagnetShippingAddress>().notNull(),
    specialInstructions: text('special_instructions'),
    status: text('status', {
      enum: ['awaiting_payment', 'pending', 'on-hold', 'sending-to-production', 'in-production', 'fulfilled', 'canceled', 'had-issues'],
    })
      .notNull()
      .default('pending'),
    /**
     * How it is paid: a Stripe Checkout (Starter plan), an item on the next invoice (paid plans), or
     * 'manual' on an install without billing, where admins fulfil the order and settle it by hand.
     */
    paymentMethod: text('payment_method', { enum: ['checkout', 'invoice', 'manual'] }).notNull(),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeInvoiceItemId: text('stripe_invoice_item_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    printifyOrderId: text('printify_order_id'),
    /** Set by the first submission attempt: a later attempt looks for the order that one may have made. */
    submissionStartedAt: timestamp('submission_started_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Why Printify refused the order (status 'had-issues'), for the admins who fulfil it by hand. */
    printifyProblem: text('printify_problem'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('magnet_orders_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('magnet_orders_qr_token_unique').on(table.qrToken),
    uniqueIndex('magnet_orders_checkout_unique').on(table.stripeCheckoutSessionId),
    uniqueIndex('magnet_orders_printify_unique').on(table.printifyOrderId),
    index('magnet_orders_status_idx').on(table.status, table.updatedAt),
  ],
);

export type MagnetOrder = typeof magnetOrders.$inferSelect;
