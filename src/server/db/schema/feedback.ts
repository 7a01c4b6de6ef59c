/** What customers send besides votes: product suggestions and problems at a machine. */
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products, vendingMachines } from './catalog.js';

/** Product ideas sent by customers (from a machine's page or the demo page) or by the operator. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    // The operator who receives it: the owner of the machine it came from.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id').references(() => vendingMachines.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    suggestedBy: text('suggested_by'),
    /**
     * Left by the customer to hear when the product is stocked at the machine; kept for that mail
     * only, erased once it is queued, on decline, or when the product never arrives (0037).
     */
    suggesterEmail: text('suggester_email'),
    /** Where the customer came from to the machine's page (shared/scan-sources.ts). */
    source: text('source').notNull().default('direct'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When the approved product reached the machine: a restock recorded there, or the operator said so. */
    stockedAt: timestamp('stocked_at', { withTimezone: true }),
  },
  (table) => [index('suggestions_user_status_idx').on(table.userId, table.status, table.createdAt)],
);

/** Problems customers report at a machine: open → investigating → resolved, resolved is final. */
export const vendingIssues = pgTable(
  'vending_issues',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id').references(() => vendingMachines.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    productName: text('product_name').notNull(),
    issueDescription: text('issue_description'),
    /** Where the customer came from to the machine's page (shared/scan-sources.ts). */
    source: text('source').notNull().default('direct'),
    /** A short answer for the customer, mailed to them when the issue is resolved. */
    publicReply: text('public_reply'),
    status: text('status', { enum: ['open', 'investigating', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The member who noted it on the route; null for a customer's report. */
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    /** The member who last changed its status; null before any change, or once their account is gone. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('vending_issues_user_status_idx').on(table.userId, table.status, table.createdAt)],
);

export type Suggestion = typeof suggestions.$inferSelect;
export type VendingIssue = typeof vendingIssues.$inferSelect;
