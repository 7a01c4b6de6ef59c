/** Read-only links an operator gives the manager of the place where a machine stands. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { vendingMachines } from './catalog.js';

/** One active link per machine: making a new one replaces it, revoking deletes it. */
export const machineShareLinks = pgTable(
  'machine_share_links',
  {
    id: serial('id').primaryKey(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The SHA-256 of the link's random token; the link itself is shown to the operator once. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the page was last opened, moved forward at most once a minute. */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('machine_share_links_machine_unique').on(table.machineId),
    uniqueIndex('machine_share_links_token_unique').on(table.tokenHash),
    index('machine_share_links_user_idx').on(table.userId),
  ],
);

export type MachineShareLink = typeof machineShareLinks.$inferSelect;
