/** Stripe customers, subscriptions and the events already applied. */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** Each operator's Stripe customer, made at their first checkout and reused for every later one. */
export const billingCustomers = pgTable('billing_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe subscriptions as Stripe last described them, by Stripe's id. Webhooks fetch the
 * subscription afresh and upsert it here, so events that come late, twice or out of order all
 * leave the same row; `users.subscription_tier` is derived from these rows (subscription-sync.ts).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id').notNull(),
    /** The plan of the price; null for a price that is neither configured plan. */
    tier: text('tier', { enum: ['growth', 'enterprise'] }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A plan change Stripe will make at the end of the period (a downgrade, by subscription schedule). */
    scheduledPriceId: text('scheduled_price_id'),
    scheduledTier: text('scheduled_tier', { enum: ['growth', 'enterprise'] }),
    scheduledChangeAt: timestamp('scheduled_change_at', { withTimezone: true }),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId)],
);

/** Stripe events already handled: each is applied once, in the same transaction as its effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Invoices Stripe reported paid, by Stripe's id: the record affiliate commissions are paid from.
 * Amounts in the currency's smallest unit, as Stripe gives them. A financial record outlives its
 * account: erasing the account leaves the amounts with no owner and no Stripe customer named.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    /** What was refunded of it since (charge.refunded): affiliate commissions follow it. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    billingReason: text('billing_reason'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoices_user_idx').on(table.userId), index('invoices_subscription_idx').on(table.subscriptionId)],
);

export type Subscription = typeof subscriptions.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
