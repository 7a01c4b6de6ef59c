/** Personal API tokens: an operator's scripts call the operator API with one instead of a session. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The member who made it (decision 0054): the token acts for the team (`userId`) with at most
     * that member's role there, and stops when they leave it. The team's own person for older tokens.
     */
    memberUserId: integer('member_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    access: text('access', { enum: ['read-only', 'read-write'] }).notNull(),
    /** The SHA-256 of the token: shown once at creation, the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** 'vv_pat_Ab3d…x9Kq': enough for its owner to tell tokens apart, far too little to use one. */
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward at most once a minute, so a busy script does not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('api_tokens_hash_unique').on(table.tokenHash), index('api_tokens_user_idx').on(table.userId, table.createdAt)],
);

export type ApiToken = typeof apiTokens.$inferSelect;
