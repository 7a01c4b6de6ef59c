/** Operators' and admins' accounts, their sessions and the tokens and throttles of signing in. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    /** When the password was last set by its owner; null until then (it was set with the account). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** A mail on each sign-in from a browser this account has not used before (spec extended 3's loginAlerts). */
    loginAlerts: boolean('login_alerts').notNull().default(true),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['operator', 'admin', 'affiliate'] })
      .notNull()
      .default('operator'),
    authProvider: text('auth_provider').notNull().default('local'),
    isVerified: boolean('is_verified').notNull().default(false),
    // Only a SHA-256 of the emailed token is kept, so a database leak cannot verify accounts.
    verificationToken: text('verification_token'),
    verificationTokenExpiresAt: timestamp('verification_token_expires_at', { withTimezone: true }),
    profileImageUrl: text('profile_image_url'),
    phoneNumber: text('phone_number'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    // What the operator is told about (spec extended 3's notification preferences and defaults).
    lowInventoryAlerts: boolean('low_inventory_alerts').notNull().default(true),
    highVoteAlerts: boolean('high_vote_alerts').notNull().default(true),
    machineOfflineAlerts: boolean('machine_offline_alerts').notNull().default(true),
    dailySummary: boolean('daily_summary').notNull().default(false),
    /** The report at reportFrequency (top products, risers and fallers, suggestions, issues). */
    periodicReport: boolean('periodic_report').notNull().default(true),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    // The settings page's profile and preferences (spec extended 3 and 9).
    company: text('company'),
    website: text('website'),
    currency: text('currency', { enum: ['USD', 'EUR', 'GBP', 'CAD'] }).notNull().default('USD'),
    language: text('language', { enum: ['en', 'es', 'fr', 'de'] }).notNull().default('en'),
    theme: text('theme', { enum: ['light', 'dark', 'auto'] }).notNull().default('auto'),
    autoReorderThreshold: integer('auto_reorder_threshold').notNull().default(20),
    /**
     * What the stock figures assume until restocks are recorded (decision 0038): the weekday machines
     * are filled (0 Sunday … 6 Saturday), and units sold per up-vote before it is measured.
     */
    restockWeekday: integer('restock_weekday').notNull().default(1),
    assumedUnitsPerVote: numeric('assumed_units_per_vote', { precision: 5, scale: 2 }).notNull().default('1.00'),
    reportFrequency: text('report_frequency', { enum: ['daily', 'weekly', 'monthly', 'quarterly'] }).notNull().default('weekly'),
    /**
     * Two-factor sign-in (two-factor.ts): the authenticator's shared secret, sealed with a key of
     * SESSION_SECRET so a copy of the database alone cannot make codes; set while two-factor is on.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once, even within its window. */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** Set by an admin: the account cannot sign in and its sessions are ended; null while it may. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Set when the owner asked to delete the account (account-data feature): from then its vote pages
     * answer 404 and only the undo is open to it; the erase job removes it after this instant.
     */
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    subscriptionTier: text('subscription_tier', { enum: ['free', 'growth', 'enterprise'] })
      .notNull()
      .default('free'),
    /**
     * How many machines the account has, kept by a trigger on vending_machines (migration 0018), its
     * one writer: the admin panel sorts and counts 100,000 accounts by it, which counting the machines
     * at every call could not do in time. Read-only everywhere else.
     */
    machineCount: integer('machine_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_verification_token_unique').on(table.verificationToken),
    // The admin panel's sorts (joined, name, machines), each ending in id so that pages never overlap.
    index('users_created_at_idx').on(table.createdAt, table.id),
    index('users_name_idx').on(sql`lower(${table.firstName})`, sql`lower(${table.lastName})`, table.id),
    index('users_machine_count_idx').on(table.machineCount, table.id),
    // Its search: a substring anywhere in the email or full name, found by trigrams (pg_trgm).
    index('users_email_trgm_idx').using('gin', sql`lower(${table.email}) gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`lower(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`),
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
  /** The team in use (decision 0054): its owner account's id; unset, the person's first team. */
  teamId?: number;
  rememberMe: boolean;
  createdAt: string;
  /** Names the session in the security tab; the sid (a hash of the cookie's token) is never shown. */
  publicId?: string;
  /** The browser's description of itself, and its time zone: what the security tab shows of a device. */
  userAgent?: string;
  timeZone?: string;
  lastSeenAt?: string;
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

export type User = typeof users.$inferSelect;

/**
 * The browsers an account has signed in from: a random id in a long-lived signed cookie, kept here
 * only as its SHA-256. A sign-in from a browser not in this list is a new device (login alerts).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('known_devices_unique').on(table.userId, table.deviceHash)],
);

/**
 * A change of sign-in email waiting for its confirmation from the new address: one per account (a
 * new request replaces the old), the emailed token kept only as its SHA-256.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('email_changes_token_unique').on(table.tokenHash)],
);

/** Ten single-use codes that stand in for the authenticator; only their SHA-256 is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_unique').on(table.userId, table.codeHash)],
);

/**
 * Between the password and the second step of a sign-in, and while an authenticator is being set up:
 * a short-lived token held by the browser (only its SHA-256 here), with the tries it has left.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign-in', 'setup'] }).notNull(),
    /** The sign-in's "remember me", or the sealed secret being set up. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    attemptsLeft: integer('attempts_left').notNull().default(5),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('two_factor_challenges_user_idx').on(table.userId)],
);
