/** The education directory (educators admins keep) and the operators waiting to hear when it opens. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { timestamps } from './columns.js';

export const EDUCATOR_CATEGORIES = ['Business Management', 'Marketing', 'Operations', 'Finance', 'Technology'] as const;

export const educators = pgTable(
  'educators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** An emoji shown as the educator's picture. */
    image: text('image').notNull().default('🎓'),
    description: text('description').notNull(),
    category: text('category', { enum: EDUCATOR_CATEGORIES }).notNull(),
    specialization: text('specialization').notNull(),
    website: text('website').notNull(),
    affiliateUrl: text('affiliate_url').notNull(),
    highlights: jsonb('highlights').$type<string[]>().notNull(),
    featured: boolean('featured').notNull().default(false),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('4.5'),
    students: integer('students').notNull().default(0),
    courses: integer('courses').notNull().default(0),
    /** Made by the demo data to show the directory: the page and the admin table say so. */
    isExample: boolean('is_example').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('educators_category_idx').on(table.category),
    check('educators_rating_range', sql`${table.rating} BETWEEN 0 AND 5`),
    check('educators_counts_not_negative', sql`${table.students} >= 0 AND ${table.courses} >= 0`),
  ],
);

/**
 * 'Get Notified When Available' on the empty directory: one row per operator, marked when the mail
 * that the first educator has arrived was queued, so nobody hears twice.
 */
export const educationWishes = pgTable(
  'education_wishes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [index('education_wishes_pending_idx').on(table.createdAt).where(sql`${table.notifiedAt} IS NULL`)],
);
