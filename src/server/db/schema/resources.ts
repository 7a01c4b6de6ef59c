/** The business resources hub: the retail catalogues admins keep, and each operator's cart. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { timestamps } from './columns.js';

export const catalogItems = pgTable(
  'catalog_items',
  {
    id: serial('id').primaryKey(),
    /** Which of the hub's three catalogues lists it. */
    catalogue: text('catalogue', { enum: ['cleaning-kits', 'card-readers', 'toolkits'] }).notNull(),
    /** A stable name from the seed data file, so re-seeding updates instead of duplicating. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }),
    rating: numeric('rating', { precision: 2, scale: 1 }),
    reviewCount: integer('review_count').notNull().default(0),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** The retailer's product id (an Amazon ASIN): what the multi-item cart link is built from. */
    retailer: text('retailer', { enum: ['amazon'] }).notNull().default('amazon'),
    retailerProductId: text('retailer_product_id').notNull(),
    inStock: boolean('in_stock').notNull().default(true),
    bestseller: boolean('bestseller').notNull().default(false),
    popular: boolean('popular').notNull().default(false),
    /** Card readers: how it is installed. Toolkits: the warranty. Cleaning kits: the saving for businesses. */
    installation: text('installation'),
    warranty: text('warranty'),
    businessSavingsPercent: integer('business_savings_percent'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('catalog_items_slug_unique').on(table.catalogue, table.slug), index('catalog_items_catalogue_idx').on(table.catalogue, table.sortOrder)],
);

/** Each operator's cart across the three catalogues, kept on the server. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: integer('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.catalogItemId] }), check('cart_items_quantity_positive', sql`${table.quantity} > 0`)],
);

/**
 * Bulk product imports by the key the browser gives each batch: a retried batch (the answer was
 * lost) finds its row and gets the same result instead of importing twice.
 */
export const productImportBatches = pgTable(
  'product_import_batches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchKey: text('batch_key').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** A hash of the rows the batch carried: the same key with other rows is refused, not answered from the first. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.batchKey] })],
);
