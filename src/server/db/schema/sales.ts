/**
 * What the machines hold and sell: each machine's planogram (the slots and what sits in them, with
 * their history), the sales files an operator imports (DEX audits and telemetry exports), the
 * audits' counters and the sales they come to, and the column mappings of telemetry files.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products, vendingMachines } from './catalog.js';
import { timestamps } from './columns.js';

/**
 * One slot of a machine's planogram for as long as it held one product. A change of product ends
 * the row and starts another, so a sale is always told with the product the slot held then; the
 * current planogram is the rows not ended.
 */
export const planogramSlots = pgTable(
  'planogram_slots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    /** The selection code the customer keys, as the machine writes it ('A1', '12', '012'). */
    code: text('code').notNull(),
    /** Null: the slot is empty (kept in the planogram, holding nothing for now). */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    /** The level a visit fills the slot to. */
    par: integer('par').notNull(),
    /** The slot's price; null: the product's catalogue price. */
    price: numeric('price', { precision: 10, scale: 2 }),
    /** The slot's place in the grid, from the top left. */
    position: integer('position').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('planogram_slots_current_unique').on(table.machineId, table.code).where(sql`${table.endedAt} is null`),
    index('planogram_slots_machine_code_idx').on(table.machineId, table.code, table.startedAt),
    index('planogram_slots_user_idx').on(table.userId),
    check('planogram_slots_units_check', sql`${table.capacity} > 0 and ${table.par} >= 0 and ${table.par} <= ${table.capacity}`),
  ],
);

/** One file of sales an operator sent, DEX or CSV, by upload or by API: each file once, by its content. */
export const salesImports = pgTable(
  'sales_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['dex', 'csv'] }).notNull(),
    /** SHA-256 of the file's bytes, hex: the same file again is known by it. */
    contentHash: text('content_hash').notNull(),
    fileName: text('file_name').notNull(),
    source: text('source', { enum: ['upload', 'api'] }).notNull(),
    /** What the import did, line by line (the report it answered with). */
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sales_imports_content_unique').on(table.userId, table.contentHash),
    index('sales_imports_user_idx').on(table.userId, table.receivedAt),
  ],
);

/** One DEX audit of a machine: when it was read and the counters it left, from which the next audit's sales are counted. */
export const dexAudits = pgTable(
  'dex_audits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    importId: integer('import_id')
      .notNull()
      .references(() => salesImports.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** Each selection's since-set-up counters after this audit (the machine's, carried forward where this file lacked one). */
    counters: jsonb('counters').$type<{ code: string; vends: number; value: number | null }[]>().notNull(),
    /** VA1, in money (not the smallest unit), when sent. */
    totals: jsonb('totals').$type<Record<string, number | null> | null>(),
    /**
     * PA5: when each selection last sold out, by the machine's clock ('YYYY-MM-DDTHH:MM:SS', read
     * in the operator's time zone as the file names none); only selections the machine reported.
     */
    soldOut: jsonb('sold_out').$type<{ code: string; at: string }[]>().notNull().default([]),
  },
  (table) => [index('dex_audits_machine_idx').on(table.machineId, table.readAt)],
);

/**
 * Units sold at a machine: one row per selection between two DEX audits (sold from the earlier
 * audit's time to the later's), or one row per transaction line of a telemetry export.
 */
export const machineSales = pgTable(
  'machine_sales',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    importId: integer('import_id')
      .notNull()
      .references(() => salesImports.id, { onDelete: 'cascade' }),
    /** The selection code, when the file gives one. */
    code: text('code'),
    /** The product the slot held then, or the one the line names; null when neither is known. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    /** Money taken, when the file gives it. */
    value: numeric('value', { precision: 12, scale: 2 }),
    /** For sales between two audits, the earlier audit's time; null for a single transaction. */
    soldFrom: timestamp('sold_from', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    /**
     * A telemetry sale's transaction id as its provider wrote it, with the line's place among the
     * file's lines of that transaction ('T-991#2'): the same sale in a later export that overlaps
     * is known by it and stored once (telemetry-import.ts). Null for DEX audits and files without
     * the column.
     */
    transactionKey: text('transaction_key'),
  },
  (table) => [
    index('machine_sales_machine_idx').on(table.machineId, table.soldAt),
    index('machine_sales_user_idx').on(table.userId, table.soldAt),
    index('machine_sales_import_idx').on(table.importId),
    check('machine_sales_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** How a telemetry provider's CSV columns map to a sale, remembered by the file's header so the next file of that shape needs no questions. */
export const telemetryMappings = pgTable(
  'telemetry_mappings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The header's columns, trimmed and lower-cased, joined: the file's shape. */
    signature: text('signature').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('telemetry_mappings_signature_unique').on(table.userId, table.signature)],
);

export type PlanogramSlotRow = typeof planogramSlots.$inferSelect;

/**
 * Each machine's stock figures as last worked out from its fills, sales and planogram, so a fleet's
 * stock reads in one pass instead of summing every slot's sales since its fill on each request.
 * Triggers (migration 0035) count every change to a machine's sales, restock records and planogram
 * in `version`; figures worked out at another version, or past `recheckAt` (a row dated after
 * they were worked out comes due, or a fill leaves the year the figures look back on), are worked
 * out again before they are read (features/stock/stock-state.ts).
 */
export const machineStockStates = pgTable('machine_stock_states', {
  machineId: integer('machine_id')
    .primaryKey()
    .references(() => vendingMachines.id, { onDelete: 'cascade' }),
  /** Counts the changes to what the figures rest on; bumped by the triggers. */
  version: integer('version').notNull().default(0),
  /** The version the stored figures were worked out at; null: never. */
  computedVersion: integer('computed_version'),
  /** The moment the stored figures are as of. */
  computedAt: timestamp('computed_at', { withTimezone: true }),
  /** The figures must be worked out again from this moment on; null: only on a change. */
  recheckAt: timestamp('recheck_at', { withTimezone: true }),
  /** The last moment the machine's reported sales reach, as of computedAt. */
  salesThrough: timestamp('sales_through', { withTimezone: true }),
  /** Units gone between each product's latest recorded visits, summed over the machine's products. */
  restockUnitsSold: integer('restock_units_sold').notNull().default(0),
  /** Up-votes between those visits. */
  restockUpVotes: integer('restock_up_votes').notNull().default(0),
});

/** One current slot's last fill and the units the machine reported sold from it since, as of its machine's state. */
export const slotStockStates = pgTable(
  'slot_stock_states',
  {
    slotId: integer('slot_id')
      .primaryKey()
      .references(() => planogramSlots.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    fillAt: timestamp('fill_at', { withTimezone: true }),
    fillLevel: integer('fill_level'),
    /** Units sold since the fill; null unless the machine's reported sales reach past it. */
    sold: doublePrecision('sold'),
    /** How many current slots of the machine hold the slot's product. */
    sharing: integer('sharing').notNull(),
    /** When the machine's latest audit reported the slot sold out, after its last fill and with no sale of it since; null otherwise. */
    soldOutAt: timestamp('sold_out_at', { withTimezone: true }),
  },
  (table) => [index('slot_stock_states_machine_idx').on(table.machineId)],
);
