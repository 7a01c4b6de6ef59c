/** Messages sent through the public contact form. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Every message is kept, whether or not mail is set up (without SUPPORT_EMAIL, admins read them
 * here). `addressKey` is the keyed hash of the sender's address used for rate limiting, never the
 * address itself.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    addressKey: text('address_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: integer('read_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_address_idx').on(table.addressKey, table.createdAt),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
