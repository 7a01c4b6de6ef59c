import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['operator', 'admin', 'affiliate'] }).notNull().default('operator'),
    authProvider: text('auth_provider').notNull().default('local'),
    isVerified: boolean('is_verified').notNull().default(false),
    // Only a SHA-256 of the emailed token is kept, so a database leak cannot verify accounts.
    verificationToken: text('verification_token'),
    verificationTokenExpiresAt: timestamp('verification_token_expires_at', { withTimezone: true }),
    profileImageUrl: text('profile_image_url'),
    phoneNumber: text('phone_number'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    subscriptionTier: text('subscription_tier', { enum: ['free', 'growth', 'enterprise'] }).notNull().default('free'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_verification_token_unique').on(table.verificationToken),
  ],
);

/** Server-side sessions; `sid` is the SHA-256 of the cookie's token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_expire_idx').on(table.expire)],
);

export interface SessionData {
  userId: number;
  rememberMe: boolean;
  createdAt: string;
}

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash)],
);

export const vendingMachines = pgTable(
  'vending_machines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    type: text('type', { enum: ['snacks', 'beverages', 'combo', 'food', 'coffee'] }).notNull(),
    serialNumber: text('serial_number').notNull(),
    status: text('status', { enum: ['active', 'maintenance', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (table) => [index('vending_machines_user_idx').on(table.userId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    // The catalogue is per operator: every product has an owner.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0.00'),
    yourPrice: numeric('your_price', { precision: 10, scale: 2 }),
    profit: numeric('profit', { precision: 10, scale: 2 }),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    /** The total over every scope: the sum of the machine counts and the demo page's count. */
    votes: integer('votes').notNull().default(0),
    /** The count on the demo page, which has no machine (only the demo operator's products). */
    demoVotes: integer('demo_votes').notNull().default(0),
    isApproved: integer('is_approved').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('products_user_idx').on(table.userId)],
);

/** The current count of one product at one machine, kept beside the product's total. */
export const machineProductVotes = pgTable(
  'machine_product_votes',
  {
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    votes: integer('votes').notNull().default(0),
    /** Vote rows cast here since the last reset, up and down alike: the stats' 'Total Votes'. */
    votesCast: integer('votes_cast').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.machineId, table.productId] }),
    index('machine_product_votes_product_idx').on(table.productId),
  ],
);

/**
 * The distinct voters of each machine since the last reset, kept by the vote path so 'Unique
 * Voters' is a count of a small table rather than a distinct over every vote row.
 */
export const machineVoters = pgTable(
  'machine_voters',
  {
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    voterId: text('voter_id').notNull(),
    votesCast: integer('votes_cast').notNull().default(0),
    firstVoteAt: timestamp('first_vote_at', { withTimezone: true }).notNull().defaultNow(),
    lastVoteAt: timestamp('last_vote_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.machineId, table.voterId] })],
);

/**
 * Each operator's distinct voters (over all their machines) since the last reset, so the
 * dashboard's 'Unique Voters' for all machines is a count of rows, not a distinct over votes.
 */
export const operatorVoters = pgTable(
  'operator_voters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voterId: text('voter_id').notNull(),
    votesCast: integer('votes_cast').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.voterId] })],
);

/**
 * Every vote cast. `machineId` null means the demo page. A reset archives rows instead of
 * deleting them, so analytics keep the history while customers may vote again.
 */
export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id').references(() => vendingMachines.id, { onDelete: 'cascade' }),
    voteType: text('vote_type', { enum: ['up', 'down'] }).notNull(),
    voterId: text('voter_id').notNull(),
    voterIpHash: text('voter_ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('votes_one_per_voter_unique')
      .on(table.voterId, table.productId, sql`coalesce(${table.machineId}, 0)`)
      .where(sql`${table.archivedAt} is null`),
    // Covers the dashboard's 'voters this week' and 'votes today' counts without reading the
    // table; every figure they show counts the live votes since the last reset.
    index('votes_machine_created_idx').on(table.machineId, table.createdAt, table.voterId).where(sql`${table.archivedAt} is null`),
    index('votes_product_created_idx').on(table.productId, table.createdAt),
  ],
);

/** Product ideas sent by customers (from a machine's page or the demo page) or by the operator. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    // The operator who receives it: the owner of the machine it came from.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id').references(() => vendingMachines.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    suggestedBy: text('suggested_by'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('suggestions_user_status_idx').on(table.userId, table.status, table.createdAt)],
);

/** Problems customers report at a machine: open → investigating → resolved, resolved is final. */
export const vendingIssues = pgTable(
  'vending_issues',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id').references(() => vendingMachines.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    productName: text('product_name').notNull(),
    issueDescription: text('issue_description'),
    status: text('status', { enum: ['open', 'investigating', 'resolved'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [index('vending_issues_user_status_idx').on(table.userId, table.status, table.createdAt)],
);

/**
 * Work that must not be lost (mail now; webhooks, order submissions, summaries later), see
 * src/server/jobs. A row is enqueued in the same transaction as its cause and kept after it ran,
 * so a scheduled slot's unique key still refuses a second run from another instance.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['pending', 'running', 'done', 'dead'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: when another worker may assume this one died and take the job over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one job per key, ever (a recurring job's slot, e.g. `daily-summary@2025-01-01T08:00Z`). */
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.state} in ('pending', 'running')`),
    index('jobs_finished_idx').on(table.finishedAt).where(sql`${table.state} in ('done', 'dead')`),
    uniqueIndex('jobs_unique_key_idx').on(table.uniqueKey),
  ],
);

export type User = typeof users.$inferSelect;
export type Suggestion = typeof suggestions.$inferSelect;
export type VendingIssue = typeof vendingIssues.$inferSelect;
export type VendingMachine = typeof vendingMachines.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Job = typeof jobs.$inferSelect;

/**
 * Failed sign-ins of the last hour, which sign-in-throttle.ts counts. Both keys are keyed hashes:
 * the table keeps neither client addresses nor what people typed as an email (sometimes a password).
 * A row is written before the password is checked and removed when the password was right, so
 * parallel guesses cannot slip past the counts.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    addressKey: text('address_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sign_in_failures_account_idx').on(table.accountKey, table.failedAt),
    index('sign_in_failures_address_idx').on(table.addressKey, table.failedAt),
    index('sign_in_failures_failed_at_idx').on(table.failedAt),
  ],
);

/**
 * The one-click sign-in a browser holds after verifying an email (verified-sign-in.ts): its
 * HttpOnly cookie carries the token, this table only the token's SHA-256. Spent on first use.
 */
export const verifiedSignIns = pgTable(
  'verified_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('verified_sign_ins_user_idx').on(table.userId)],
);

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

export type Subscription = typeof subscriptions.$inferSelect;
