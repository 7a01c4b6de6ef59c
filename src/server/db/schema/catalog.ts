/** Machines and the products they offer. */
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { timestamps } from './columns.js';

export const vendingMachines = pgTable(
  'vending_machines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    type: text('type', { enum: ['snacks', 'beverages', 'combo', 'food', 'coffee'] }).notNull(),
    serialNumber: text('serial_number').notNull(),
    status: text('status', { enum: ['active', 'maintenance', 'inactive'] })
      .notNull()
      .default('active'),
    /** When the status last changed: a spell in maintenance or inactive is told about once. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('vending_machines_user_idx').on(table.userId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    // The catalogue is per operator: every product has an owner.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0.00'),
    yourPrice: numeric('your_price', { precision: 10, scale: 2 }),
    profit: numeric('profit', { precision: 10, scale: 2 }),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    /** The total over every scope: the sum of the machine counts and the demo page's count. */
    votes: integer('votes').notNull().default(0),
    /** The count on the demo page, which has no machine (only the demo operator's products). */
    demoVotes: integer('demo_votes').notNull().default(0),
    isApproved: integer('is_approved').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('products_user_idx').on(table.userId)],
);

export type VendingMachine = typeof vendingMachines.$inferSelect;
export type Product = typeof products.$inferSelect;
