/**
 * Inventory analytics and demographics: what the operator records about stock (restocks, the
 * purchase list) and what the nightly analytics job stores (forecasts and the figures it computed).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products, vendingMachines } from './catalog.js';
import { timestamps } from './columns.js';

/** A visit that refilled a product at a machine: what was left in it, and how many units went in. */
export const restockRecords = pgTable(
  'restock_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitsLeft: integer('units_left').notNull(),
    unitsFilled: integer('units_filled').notNull(),
    /** The planogram slot filled, when the visit was recorded slot by slot; its level after is left plus filled. */
    slotCode: text('slot_code'),
    restockedAt: timestamp('restocked_at', { withTimezone: true }).notNull(),
    /** The member who recorded it; null for records made before teams, or once their account is gone. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('restock_records_machine_product_idx').on(table.machineId, table.productId, table.restockedAt),
    index('restock_records_user_idx').on(table.userId, table.restockedAt),
    check('restock_records_units_check', sql`${table.unitsLeft} >= 0 and ${table.unitsFilled} >= 0`),
  ],
);

/** The operator's purchase list: what to buy and load, per machine and product. */
export const purchaseListItems = pgTable(
  'purchase_list_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Where the line came from: a forecast card's Add to Order, a stock recommendation, or typed in. */
    source: text('source', { enum: ['prediction', 'recommendation', 'manual'] }).notNull(),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('purchase_list_items_line_unique').on(table.userId, table.machineId, table.productId),
    check('purchase_list_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** One product's forecast at one machine, as the analytics job last computed it. */
export const demandForecasts = pgTable(
  'demand_forecasts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The method the back-test chose, and the forecast figures and back-test it answered with. */
    forecast: jsonb('forecast').$type<Record<string, unknown>>().notNull(),
    /** Predicted up-votes over the coming seven days (also in `forecast`; a column for sorting). */
    predictedWeek: real('predicted_week').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.machineId, table.productId] })],
);

/**
 * The figures of one analytics view (inventory or demographics) for one scope (all machines, a
 * machine, a location) and time range, computed by the analytics job, so a read is one row.
 */
export const analyticsSnapshots = pgTable(
  'analytics_snapshots',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    view: text('view', { enum: ['inventory', 'demographics'] }).notNull(),
    /** 'all', 'machine:{id}' or 'location:{name}'. */
    scope: text('scope').notNull(),
    range: text('range', { enum: ['7d', '30d', '90d', '1y'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.view, table.scope, table.range] })],
);
