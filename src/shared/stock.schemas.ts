import { z } from 'zod';
import { idSchema, MAX_ID, NotFoundMessages } from './ids.js';
import { CURRENCIES } from './settings.schemas.js';

/**
 * Stock: the restocks an operator records at a machine, and the purchase list of what to buy and
 * load, per machine and product. Both are private to the operator (DECISIONS 1). Costs are the
 * operator's own unit costs (products.yourPrice), in their own currency (docs/decisions/0019).
 */

/** Most units one restock line or one purchase-list line may hold. */
export const MAX_UNITS = 100_000;
/** Most lines in one machine visit, or in one call that adds to the purchase list. */
export const MAX_LINES_PER_CALL = 200;
export const MAX_NOTE_LENGTH = 200;
/** The restock list answers at most this many records, newest first. */
export const RESTOCK_LIST_LIMIT = 100;
/** A restock time may lie this far ahead of the server's clock (a phone's clock runs a little fast). */
export const RESTOCK_CLOCK_SKEW_MS = 5 * 60_000;
/** How far back a restock may be recorded. */
export const RESTOCK_MAX_AGE_MS = 365 * 24 * 60 * 60_000;

export const PURCHASE_SOURCES = ['prediction', 'recommendation', 'manual'] as const;
export type PurchaseSource = (typeof PURCHASE_SOURCES)[number];
/** How a line's source reads on screen and in the CSV export. */
export const PURCHASE_SOURCE_LABELS: Record<PurchaseSource, string> = {
  prediction: 'Forecast',
  recommendation: 'Recommendation',
  manual: 'Manual',
};

const units = MAX_UNITS.toLocaleString('en-US');

export const StockMessages = {
  machineNotFound: NotFoundMessages.machine,
  productNotFound: NotFoundMessages.product,
  restockNotFound: 'Restock record not found',
  itemNotFound: 'Purchase list item not found',
  restockIdInvalid: 'Restock record id must be a whole number',
  itemIdInvalid: 'Item id must be a whole number',
  unitsLeftInvalid: 'Units left must be a whole number',
  unitsLeftNegative: 'Units left cannot be negative',
  unitsLeftTooMany: `Units left must be at most ${units}`,
  unitsFilledInvalid: 'Units filled must be a whole number',
  unitsFilledNegative: 'Units filled cannot be negative',
  unitsFilledTooMany: `Units filled must be at most ${units}`,
  restockedAtInvalid: 'Restock time must be a date and time such as 2025-05-01T09:30:00Z',
  restockedAtFuture: 'Restock time cannot be in the future',
  restockedAtTooOld: 'Restock time cannot be more than a year ago',
  linesInvalid: 'Lines must be a list of products',
  linesRequired: 'Add at least one product',
  linesTooMany: `At most ${MAX_LINES_PER_CALL} products at a time`,
  productRepeated: 'Each product can appear only once in a visit',
  quantityInvalid: 'Quantity must be a whole number',
  quantityTooFew: 'Quantity must be at least 1',
  quantityTooMany: `Quantity must be at most ${units}`,
  sourceInvalid: 'Source must be prediction, recommendation or manual',
  noteInvalid: 'Note must be text',
  noteTooLong: `Note must be at most ${MAX_NOTE_LENGTH} characters`,
  itemsInvalid: 'Items must be a list',
  itemsRequired: 'Add at least one item',
  itemsTooMany: `At most ${MAX_LINES_PER_CALL} items at a time`,
  lineRepeated: 'Each machine and product can appear only once',
  nothingToChange: 'Send a quantity or a note to change',
  emptyList: 'Your purchase list is empty',
  emptyMachineList: 'This machine has nothing on your purchase list',
} as const;

/** A record's id from a path: a whole number from 1 to MAX_ID, or its digits as a string. */
function recordIdSchema(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => (typeof value === 'number' ? value : /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN))
    .pipe(z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message));
}

export const RestockIdParamsSchema = z.object({ id: recordIdSchema(StockMessages.restockIdInvalid) });
export const PurchaseListItemIdParamsSchema = z.object({ id: recordIdSchema(StockMessages.itemIdInvalid) });

const count = (invalid: string, negative: string, tooMany: string) =>
  z.number({ error: invalid }).int(invalid).min(0, negative).max(MAX_UNITS, tooMany);

const UnitsLeftSchema = count(StockMessages.unitsLeftInvalid, StockMessages.unitsLeftNegative, StockMessages.unitsLeftTooMany);
const UnitsFilledSchema = count(StockMessages.unitsFilledInvalid, StockMessages.unitsFilledNegative, StockMessages.unitsFilledTooMany);

/** When the visit happened, with its offset ('Z' or '+02:00'); checked against the clock of whoever validates. */
const RestockedAtSchema = z
  .string({ error: StockMessages.restockedAtInvalid })
  .pipe(z.iso.datetime({ offset: true, error: StockMessages.restockedAtInvalid }))
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() <= Date.now() + RESTOCK_CLOCK_SKEW_MS, StockMessages.restockedAtFuture)
  .refine((date) => date.getTime() >= Date.now() - RESTOCK_MAX_AGE_MS, StockMessages.restockedAtTooOld);

/** `POST /api/stock/restocks`: one product refilled at one machine; `restockedAt` defaults to now. */
export const RestockInputSchema = z.strictObject({
  machineId: idSchema('machine'),
  productId: idSchema('product'),
  unitsLeft: UnitsLeftSchema,
  unitsFilled: UnitsFilledSchema,
  restockedAt: RestockedAtSchema.optional(),
});
export type RestockInput = z.input<typeof RestockInputSchema>;
export type RestockFields = z.output<typeof RestockInputSchema>;

export const RestockLineSchema = z.strictObject({
  productId: idSchema('product'),
  unitsLeft: UnitsLeftSchema,
  unitsFilled: UnitsFilledSchema,
});
export type RestockLine = z.input<typeof RestockLineSchema>;

/** `POST /api/stock/restocks/batch`: a whole machine visit, every line at the same time. */
export const RestockBatchInputSchema = z.strictObject({
  machineId: idSchema('machine'),
  restockedAt: RestockedAtSchema.optional(),
  lines: z
    .array(RestockLineSchema, { error: StockMessages.linesInvalid })
    .min(1, StockMessages.linesRequired)
    .max(MAX_LINES_PER_CALL, StockMessages.linesTooMany)
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) context.addIssue({ code: 'custom', message: StockMessages.productRepeated, path: [index, 'productId'] });
        seen.add(line.productId);
      });
    }),
});
export type RestockBatchInput = z.input<typeof RestockBatchInputSchema>;
export type RestockBatchFields = z.output<typeof RestockBatchInputSchema>;

/** `GET /api/stock/restocks?machineId=&productId=`: either filter names one of the operator's own. */
export const RestockListQuerySchema = z.object({
  machineId: idSchema('machine').optional(),
  productId: idSchema('product').optional(),
});
export type RestockListQuery = z.input<typeof RestockListQuerySchema>;

export const RestockRecordSchema = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  machineName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  unitsLeft: z.number().int(),
  unitsFilled: z.number().int(),
  /** The planogram slot filled, for a visit recorded slot by slot. */
  slotCode: z.string().nullable(),
  restockedAt: z.string(),
  createdAt: z.string(),
  /** The name of the member who recorded it; null for records made before teams or by a removed account. */
  recordedBy: z.string().nullable(),
});
export type RestockRecord = z.infer<typeof RestockRecordSchema>;

/** `GET /api/stock/restocks`: newest first, at most RESTOCK_LIST_LIMIT. */
export const RestockListSchema = z.array(RestockRecordSchema);

/** `POST /api/stock/restocks/batch`: the records in the order of the lines sent. */
export const RestockBatchSchema = z.object({ records: z.array(RestockRecordSchema) });
export type RestockBatch = z.infer<typeof RestockBatchSchema>;

const QuantitySchema = z
  .number({ error: StockMessages.quantityInvalid })
  .int(StockMessages.quantityInvalid)
  .min(1, StockMessages.quantityTooFew)
  .max(MAX_UNITS, StockMessages.quantityTooMany);

const NoteSchema = z.string({ error: StockMessages.noteInvalid }).trim().max(MAX_NOTE_LENGTH, StockMessages.noteTooLong);

export const PurchaseListLineInputSchema = z.strictObject({
  machineId: idSchema('machine'),
  productId: idSchema('product'),
  quantity: QuantitySchema,
  source: z.enum(PURCHASE_SOURCES, { error: StockMessages.sourceInvalid }),
  /** Left out: a new line gets no note and a line already on the list keeps its note. */
  note: NoteSchema.optional(),
});
export type PurchaseListLineInput = z.input<typeof PurchaseListLineInputSchema>;

/**
 * `POST /api/stock/purchase-list/items`: each line is set on the list (not added to what is there),
 * so sending the same forecast twice leaves the same quantity.
 */
export const AddPurchaseListItemsSchema = z.strictObject({
  items: z
    .array(PurchaseListLineInputSchema, { error: StockMessages.itemsInvalid })
    .min(1, StockMessages.itemsRequired)
    .max(MAX_LINES_PER_CALL, StockMessages.itemsTooMany)
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = `${item.machineId}:${item.productId}`;
        if (seen.has(key)) context.addIssue({ code: 'custom', message: StockMessages.lineRepeated, path: [index, 'productId'] });
        seen.add(key);
      });
    }),
});
export type AddPurchaseListItems = z.input<typeof AddPurchaseListItemsSchema>;
export type AddPurchaseListItemsFields = z.output<typeof AddPurchaseListItemsSchema>;

/** `PATCH /api/stock/purchase-list/items/{id}`: what it sends changes; an empty note clears the note. */
export const PurchaseListItemUpdateSchema = z
  .strictObject({ quantity: QuantitySchema.optional(), note: NoteSchema.optional() })
  .refine((changes) => changes.quantity !== undefined || changes.note !== undefined, StockMessages.nothingToChange);
export type PurchaseListItemUpdate = z.input<typeof PurchaseListItemUpdateSchema>;

/** `?machineId=` on the clear call and the pick list: one of the operator's machines, or all of them. */
export const PurchaseListMachineQuerySchema = z.object({ machineId: idSchema('machine').optional() });
export type PurchaseListMachineQuery = z.input<typeof PurchaseListMachineQuerySchema>;

export const PurchaseListItemSchema = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  machineName: z.string(),
  machineLocation: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  brand: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  source: z.enum(PURCHASE_SOURCES),
  /** '' when the line has none. */
  note: z.string(),
  /** The operator's own unit cost (the product's "your price"), '1.25'; null when not known. */
  unitCost: z.string().nullable(),
  /** unitCost × quantity, '12.50'; null when the unit cost is not known. */
  lineCost: z.string().nullable(),
  updatedAt: z.string(),
});
export type PurchaseListItem = z.infer<typeof PurchaseListItemSchema>;

/** The whole list, by machine name and then product name, with its totals. */
export const PurchaseListSchema = z.object({
  items: z.array(PurchaseListItemSchema),
  totalUnits: z.number().int(),
  /** The sum of the line costs that are known, '0.00' when none is. */
  knownCost: z.string(),
  /** Lines left out of knownCost because their product has no unit cost. */
  unknownCostLines: z.number().int(),
  /** The operator's currency: every cost on the list is in it. */
  currency: z.enum(CURRENCIES),
});
export type PurchaseList = z.infer<typeof PurchaseListSchema>;

export const PurchaseListAddedSchema = z.object({
  /** Lines that were not on the list before. */
  added: z.number().int(),
  /** Lines that were, and now carry the quantity, source and note sent. */
  updated: z.number().int(),
  list: PurchaseListSchema,
});
export type PurchaseListAdded = z.infer<typeof PurchaseListAddedSchema>;

/** DELETE /api/stock/purchase-list: how many lines were removed (DECISIONS 6 answers a delete with what it deleted). */
export const PurchaseListClearedSchema = z.object({ deleted: z.literal(true), lines: z.number().int() });
export type PurchaseListCleared = z.infer<typeof PurchaseListClearedSchema>;

/** The CSV export's columns, in order. */
export const PURCHASE_LIST_CSV_COLUMNS = ['Machine', 'Location', 'Product', 'Brand', 'Category', 'Quantity', 'Unit cost', 'Line cost', 'Source', 'Note'] as const;
