/**
 * The affiliate program (affiliates, their referral clicks, the accounts they referred, commissions
 * and payouts) and the retail affiliate integrations of operators and of the platform.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { AFFILIATE_EXPERIENCE, AFFILIATE_INDUSTRIES } from '../../../shared/affiliates.schemas.js';
import { timestamps } from './columns.js';


/**
 * An account's place in the affiliate program. Role `affiliate` accounts have one; an operator who
 * joined the program (or an affiliate who became an operator) keeps theirs beside their machines.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What `?ref=` carries; upper case, unique. */
    code: text('code').notNull(),
    industry: text('industry', { enum: AFFILIATE_INDUSTRIES }).notNull(),
    experience: text('experience', { enum: AFFILIATE_EXPERIENCE }).notNull(),
    /** Set by admins. An inactive affiliate's link records nothing and earns nothing new. */
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [uniqueIndex('affiliates_code_unique').on(table.code)],
);

/** Each visit through an affiliate's link; the visitor is not identified, only counted. */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: serial('id').primaryKey(),
    affiliateUserId: integer('affiliate_user_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    landingPath: text('landing_path').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('referral_clicks_affiliate_idx').on(table.affiliateUserId, table.clickedAt)],
);

/** The account an affiliate brought, bound once at its registration: the first referral wins. */
export const referrals = pgTable(
  'referrals',
  {
    referredUserId: integer('referred_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    affiliateUserId: integer('affiliate_user_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    /** When the referral link was first followed (the cookie's own date), for reports. */
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('referrals_affiliate_idx').on(table.affiliateUserId, table.createdAt)],
);

export const COMMISSION_KINDS = ['invoice', 'reversal'] as const;
export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'cancelled'] as const;

export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: serial('id').primaryKey(),
    /** Empty once the affiliate's account is erased: the payout's amount is a financial record and stays. */
    affiliateUserId: integer('affiliate_user_id').references(() => affiliates.userId, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The bank transfer's or payment service's reference, as the admin recorded it. */
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('affiliate_payouts_affiliate_idx').on(table.affiliateUserId, table.paidAt)],
);

/**
 * What an affiliate earns: 40% of each paid invoice of a subscription they referred (kind
 * `invoice`, one per invoice), and, when an invoice already paid out is refunded, a negative line
 * (kind `reversal`) taken off the next payout.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: serial('id').primaryKey(),
    /** Empty once the affiliate's account is erased: the commission's amount is a financial record and stays. */
    affiliateUserId: integer('affiliate_user_id').references(() => affiliates.userId, { onDelete: 'set null' }),
    referredUserId: integer('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Stripe's invoice id; kept as text, since the invoice row goes with its account. */
    invoiceId: text('invoice_id').notNull(),
    kind: text('kind', { enum: COMMISSION_KINDS }).notNull().default('invoice'),
    /** The part of the invoice the commission is on (the subscription's lines, refunds deducted). */
    baseCents: integer('base_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: COMMISSION_STATUSES }).notNull().default('pending'),
    /** When a pending commission may be approved: 30 days after the invoice was paid. */
    approvesAt: timestamp('approves_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    payoutId: integer('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    // A commission is never made twice for one invoice, however often Stripe tells us it was paid.
    uniqueIndex('affiliate_commissions_invoice_unique').on(table.invoiceId).where(sql`${table.kind} = 'invoice'`),
    index('affiliate_commissions_affiliate_idx').on(table.affiliateUserId, table.status),
    index('affiliate_commissions_approval_idx').on(table.approvesAt).where(sql`${table.status} = 'pending'`),
  ],
);

export const AMAZON_REGIONS = ['US', 'UK', 'DE', 'FR', 'IT', 'ES', 'IN', 'JP'] as const;

/**
 * Retail affiliate integrations (Amazon Associates; Sam's Club through FlexOffers): one row per
 * operator, and one row with no owner for the platform (the admin panel's). Secrets are sealed
 * (retail-secrets.ts) and never sent back.
 */
export const retailAffiliateConfigs = pgTable(
  'retail_affiliate_configs',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    amazonEnabled: boolean('amazon_enabled').notNull().default(false),
    amazonAssociateId: text('amazon_associate_id'),
    amazonAccessKeyId: text('amazon_access_key_id'),
    amazonSecretKeySealed: text('amazon_secret_key_sealed'),
    amazonRegion: text('amazon_region', { enum: AMAZON_REGIONS }).notNull().default('US'),
    samsClubEnabled: boolean('sams_club_enabled').notNull().default(false),
    samsClubPublisherId: text('sams_club_publisher_id'),
    flexOffersApiKeySealed: text('flexoffers_api_key_sealed'),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('3.50'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('retail_affiliate_configs_owner_unique').on(table.ownerUserId),
    // At most one platform row (no owner): NULLs are distinct in a plain unique index.
    uniqueIndex('retail_affiliate_configs_platform_unique').on(sql`(${table.ownerUserId} IS NULL)`).where(sql`${table.ownerUserId} IS NULL`),
    check('retail_affiliate_configs_rate_range', sql`${table.commissionRate} >= 0 AND ${table.commissionRate} <= 100`),
  ],
);

export type Affiliate = typeof affiliates.$inferSelect;
export type AffiliateCommission = typeof affiliateCommissions.$inferSelect;
export type RetailAffiliateConfig = typeof retailAffiliateConfigs.$inferSelect;
