/** What the notification jobs have sent, so each goes out at most once per its period. */
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** highVotes, machineOffline, dailySummary or report. */
    kind: text('kind').notNull(),
    /** What it was about within the kind: a machine and product, a machine, or '' for the whole account. */
    subjectKey: text('subject_key').notNull(),
    /** The period it covers (a local date, a week, a month, an offline spell's start). */
    periodKey: text('period_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('notification_deliveries_once').on(table.userId, table.kind, table.subjectKey, table.periodKey)],
);
