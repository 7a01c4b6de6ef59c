/** The background jobs queue. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    state: text('state', { enum: ['pending', 'running', 'done', 'dead'] })
      .notNull()
      .default('pending'),
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
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.state} in ('pending', 'running')`),
    index('jobs_finished_idx')
      .on(table.finishedAt)
      .where(sql`${table.state} in ('done', 'dead')`),
    uniqueIndex('jobs_unique_key_idx').on(table.uniqueKey),
  ],
);

export type Job = typeof jobs.$inferSelect;
