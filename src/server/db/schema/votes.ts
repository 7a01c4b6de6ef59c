/** Customers' votes and the counters kept beside them. */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products, vendingMachines } from './catalog.js';

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
    /** A coarse class of the device voted from, never the user agent itself; null on older votes. */
    deviceClass: text('device_class', { enum: ['phone', 'tablet', 'desktop'] }),
    /** Where the voter came from to the machine's page (shared/scan-sources.ts); no more than that. */
    source: text('source').notNull().default('direct'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('votes_one_per_voter_unique')
      .on(table.voterId, table.productId, sql`coalesce(${table.machineId}, 0)`)
      .where(sql`${table.archivedAt} is null`),
    // Covers the dashboard's 'voters this week' and 'votes today' counts without reading the
    // table; every figure they show counts the live votes since the last reset.
    index('votes_machine_created_idx')
      .on(table.machineId, table.createdAt, table.voterId)
      .where(sql`${table.archivedAt} is null`),
    index('votes_product_created_idx').on(table.productId, table.createdAt),
    // The scan funnel: one machine's votes and voters per day and source, archived ones included.
    index('votes_machine_funnel_idx').on(table.machineId, table.createdAt, table.source, table.voterId),
    // The up-votes of one product at one machine between two restock visits (the stock figures'
    // units per up-vote), archived ones included: units sold before a reset were still sold.
    index('votes_machine_product_up_idx')
      .on(table.machineId, table.productId, table.createdAt)
      .where(sql`${table.voteType} = 'up'`),
  ],
);

/**
 * Vote page loads per machine, source and day (the operator's calendar day): the funnel's first
 * step. Counts only; nothing about who loaded the page.
 */
export const votePageViews = pgTable(
  'vote_page_views',
  {
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.machineId, table.day, table.source] })],
);
