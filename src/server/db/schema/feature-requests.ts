/** The global feature-request board: requests and one vote per visitor on each. */
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns.js';

/**
 * A request. `startVotes` is the count it began with (its author's vote for a public one, none for
 * an admin's); the count shown adds the visitors' votes to it and never goes below 0.
 * `submitterEmail` hears when the status changes and is never shown.
 */
export const featureRequests = pgTable(
  'feature_requests',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    author: text('author').notNull(),
    startVotes: integer('start_votes').notNull(),
    status: text('status', { enum: ['proposed', 'in-progress', 'completed'] })
      .notNull()
      .default('proposed'),
    submitterEmail: text('submitter_email'),
    ...timestamps,
  },
  (table) => [index('feature_requests_created_idx').on(table.createdAt)],
);

/** A visitor's vote on a request: +1 or -1, one per visitor and request. */
export const featureRequestVotes = pgTable(
  'feature_request_votes',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => featureRequests.id, { onDelete: 'cascade' }),
    voterId: text('voter_id').notNull(),
    direction: smallint('direction').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feature_request_votes_unique').on(table.requestId, table.voterId),
    check('feature_request_votes_direction', sql`${table.direction} in (-1, 1)`),
  ],
);

export type FeatureRequestRow = typeof featureRequests.$inferSelect;
