/**
 * The donation hub: the charity directory (the IRS Business Master File's 501(c)(3) organisations,
 * examples for a new install, and charities operators add for themselves), what operators note
 * about a charity, the donations they record with their lines, and the tax setting of the summary.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHARITY_SOURCES, CHARITY_TYPES } from '../../../shared/donation-hub.schemas.js';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { timestamps } from './columns.js';

export const charities = pgTable(
  'charities',
  {
    id: serial('id').primaryKey(),
    /** irs: imported from the IRS extract; example: invented records a new install shows; operator: added by one operator. */
    source: text('source', { enum: CHARITY_SOURCES }).notNull(),
    /** Nine digits, for the IRS and example records; re-imports update by it. */
    ein: text('ein'),
    /** The operator who added it; set exactly when source is 'operator'. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: CHARITY_TYPES }).notNull(),
    /** The NTEE code the IRS lists ('K31'), when it lists one. */
    nteeCode: text('ntee_code'),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull(),
    /** The ZIP code's centroid: distances are measured from it. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    contactPerson: text('contact_person'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('charities_ein_unique').on(table.ein),
    // The radius search reads the directory by ZIP code, nearest ZIP codes first, names in order.
    index('charities_zip_name_idx').on(table.zip, table.name),
    // The search's count: per ZIP code in the circle, an index-only count of the rows the operator may see.
    index('charities_zip_owner_idx').on(table.zip, table.ownerId),
    index('charities_owner_idx').on(table.ownerId),
    check('charities_owner_check', sql`(${table.source} = 'operator') = (${table.ownerId} is not null)`),
    check('charities_ein_check', sql`(${table.source} = 'operator') = (${table.ein} is null)`),
  ],
);

/** What an operator noted a charity accepts; private to the operator, for any charity they can see. */
export const charityAcceptedItems = pgTable(
  'charity_accepted_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    charityId: integer('charity_id')
      .notNull()
      .references(() => charities.id, { onDelete: 'cascade' }),
    items: text('items').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.charityId] })],
);

/**
 * A gift of goods to a charity. The charity's name and address are copied at the time of the gift,
 * as the receipt must show them as they were, whatever the directory says later.
 */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    charityId: integer('charity_id').references(() => charities.id, { onDelete: 'set null' }),
    charityName: text('charity_name').notNull(),
    charityEin: text('charity_ein'),
    charityAddress: text('charity_address').notNull().default(''),
    charityCity: text('charity_city').notNull().default(''),
    charityState: text('charity_state').notNull().default(''),
    charityZip: text('charity_zip').notNull().default(''),
    contactPerson: text('contact_person'),
    donationDate: date('donation_date').notNull(),
    taxYear: integer('tax_year').notNull(),
    notes: text('notes').notNull().default(''),
    /** Goods or services the charity gave in return, if any (the acknowledgment must describe them). */
    returnDescription: text('return_description'),
    returnValue: numeric('return_value', { precision: 12, scale: 2 }),
    totalValue: numeric('total_value', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('donations_user_date_idx').on(table.userId, table.donationDate), index('donations_charity_idx').on(table.charityId)],
);

export const donationLines = pgTable(
  'donation_lines',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The catalogue product it was picked from, if any; its name and category are copied. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    category: text('category'),
    quantity: integer('quantity').notNull(),
    /** Fair market value of one unit. */
    unitValue: numeric('unit_value', { precision: 12, scale: 2 }).notNull(),
    /** What one unit cost the operator (the cost basis), when they gave it. */
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }),
  },
  (table) => [
    index('donation_lines_donation_idx').on(table.donationId, table.position),
    check('donation_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** How the tax summary treats the operator's business. */
export const donationTaxSettings = pgTable('donation_tax_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A C corporation may deduct more for inventory given for the care of the ill, the needy or infants. */
  cCorporation: boolean('c_corporation').notNull().default(false),
  ...timestamps,
});

/** One import of IRS extract files, for the admin panel's record of what the directory holds. */
export const charityImports = pgTable('charity_imports', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  fileNames: text('file_names').array().notNull(),
  rowsRead: integer('rows_read').notNull(),
  imported: integer('imported').notNull(),
  updated: integer('updated').notNull(),
  skippedNotCharitable: integer('skipped_not_charitable').notNull(),
  rejected: integer('rejected').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
