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
    /** An admin dealt with it (answered, or nothing to answer); unset again if it needs another look. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_address_idx').on(table.addressKey, table.createdAt),
    index('contact_messages_handled_idx').on(table.handledAt, table.createdAt),
  ],
);

/**
 * Replies admins sent by mail to a message's sender: what was said, by whom and when. The author's
 * address is copied, so the record outlives a deleted admin account.
 */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentByEmail: text('sent_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.createdAt)],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type ContactReply = typeof contactReplies.$inferSelect;
