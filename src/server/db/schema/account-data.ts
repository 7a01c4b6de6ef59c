/** Copies of an account's data that its owner asked to take away (Settings → Download my data). */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';

export const ACCOUNT_EXPORT_STATES = ['building', 'ready', 'failed'] as const;

/**
 * One requested ZIP: built by a job into the file store, then mailed as a link that works for
 * seven days and only for its owner. The link's token is kept as its SHA-256 only; the unique
 * index allows one build at a time per account.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ACCOUNT_EXPORT_STATES }).notNull().default('building'),
    tokenHash: text('token_hash').notNull(),
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('account_exports_user_idx').on(table.userId, table.requestedAt),
    uniqueIndex('account_exports_one_building').on(table.userId).where(sql`${table.state} = 'building'`),
  ],
);

export type AccountExport = typeof accountExports.$inferSelect;
