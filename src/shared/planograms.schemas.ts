import { z } from 'zod';
import { ApiErrorSchema } from './api-error.js';
import { idSchema, NotFoundMessages } from './ids.js';
import { countOf } from './wording.js';

/**
 * A machine's planogram: its slots, each with the selection code the customer keys, the product in
 * it, its capacity, par level (what a visit fills it to) and price. Private to the operator.
 */

export const MAX_SLOTS = 200;
export const MAX_SLOT_CAPACITY = 1_000;
export const MAX_SLOT_PRICE = 100_000;
export const SLOT_CODE_MAX_LENGTH = 10;
/** Letters, digits and dashes, as keypads and DEX files write selections: 'A1', '12', '012', 'B-4'. */
export const SLOT_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,9})$/;
/** The columns of a planogram CSV, in order. */
export const PLANOGRAM_CSV_COLUMNS = ['code', 'product', 'capacity', 'par', 'price'] as const;
/** The largest planogram CSV: 200 slots of long product names with room to spare. */
export const PLANOGRAM_CSV_MAX_BYTES = 256 * 1024;

export const PlanogramMessages = {
  machineNotFound: NotFoundMessages.machine,
  productNotFound: NotFoundMessages.product,
  codeRequired: 'Enter the selection code customers key, such as A1',
  codeInvalid: `A selection code is 1 to ${SLOT_CODE_MAX_LENGTH} letters, digits or dashes, such as A1 or 12`,
  codeRepeated: 'Each selection code can appear only once in a machine',
  capacityInvalid: 'Capacity must be a whole number',
  capacityTooFew: 'Capacity must be at least 1',
  capacityTooMany: `Capacity must be at most ${MAX_SLOT_CAPACITY.toLocaleString('en-US')}`,
  parInvalid: 'Par level must be a whole number',
  parNegative: 'Par level cannot be negative',
  parOverCapacity: 'Par level cannot be more than the capacity',
  priceInvalid: 'Price must be an amount such as 1.50, or empty for the product’s price',
  priceTooHigh: `Price must be at most ${MAX_SLOT_PRICE.toLocaleString('en-US')}`,
  slotsInvalid: 'Slots must be a list',
  slotsTooMany: `A machine can have at most ${MAX_SLOTS} slots`,
  copyFromSelf: 'Choose another machine to copy from',
  copyFromEmpty: 'That machine has no planogram to copy yet',
  csvEmpty: 'The file is empty: it needs a header line (code,product,capacity,par,price) and a line per slot',
  csvTooLarge: `A planogram file can be at most ${PLANOGRAM_CSV_MAX_BYTES / 1024} KB`,
  csvHeader: 'The first line must name the columns code, product, capacity, par and price',
  csvProductUnknown: (name: string) => `No product in your catalogue is called “${name}”`,
  csvProductAmbiguous: (name: string) => `More than one product in your catalogue is called “${name}”: rename one, or give its id as #12`,
  csvNotUtf8: 'The file is not UTF-8 text: save it as “CSV UTF-8” and try again',
  csvContentType: 'Send the planogram as CSV text (content type text/csv)',
  csvUnreadable: 'This line could not be read: check that every quote mark is closed',
  csvRefused: (lines: number) => `${countOf(lines, 'line')} of the file could not be taken, so nothing was changed`,
} as const;

const whole = (invalid: string) => z.number({ error: invalid }).int(invalid);

const SlotCodeSchema = z
  .string({ error: PlanogramMessages.codeRequired })
  .trim()
  .min(1, PlanogramMessages.codeRequired)
  .regex(SLOT_CODE_PATTERN, PlanogramMessages.codeInvalid);

/** An amount with at most two decimals as a string ('1.5', '1.50'), or null for the product's price. */
const SlotPriceSchema = z
  .union([z.string(), z.number()], { error: PlanogramMessages.priceInvalid })
  .nullable()
  .transform((value, context) => {
    if (value === null) return null;
    const text = String(value).trim();
    if (text === '') return null;
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) {
      context.addIssue({ code: 'custom', message: PlanogramMessages.priceInvalid });
      return z.NEVER;
    }
    if (Number(text) > MAX_SLOT_PRICE) {
      context.addIssue({ code: 'custom', message: PlanogramMessages.priceTooHigh });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

export const SlotInputSchema = z
  .strictObject({
    code: SlotCodeSchema,
    /** Null: the slot stays in the planogram, empty for now. */
    productId: idSchema('product').nullable(),
    capacity: whole(PlanogramMessages.capacityInvalid).min(1, PlanogramMessages.capacityTooFew).max(MAX_SLOT_CAPACITY, PlanogramMessages.capacityTooMany),
    par: whole(PlanogramMessages.parInvalid).min(0, PlanogramMessages.parNegative).max(MAX_SLOT_CAPACITY, PlanogramMessages.parOverCapacity),
    price: SlotPriceSchema.optional().transform((value) => value ?? null),
  })
  .refine((slot) => slot.par <= slot.capacity, { message: PlanogramMessages.parOverCapacity, path: ['par'] });
export type SlotInput = z.input<typeof SlotInputSchema>;
export type SlotFields = z.output<typeof SlotInputSchema>;

/** Codes compare without case: a keypad has no lower case, and 'a1' is the customer's A1. */
export const slotKey = (code: string) => code.trim().toUpperCase();

/** `PUT /api/machines/{id}/planogram`: the whole grid, in its order; a slot left out is taken out of the machine. */
export const PlanogramInputSchema = z.strictObject({
  slots: z
    .array(SlotInputSchema, { error: PlanogramMessages.slotsInvalid })
    .max(MAX_SLOTS, PlanogramMessages.slotsTooMany)
    .superRefine((slots, context) => {
      const seen = new Set<string>();
      slots.forEach((slot, index) => {
        const key = slotKey(slot.code);
        if (seen.has(key)) context.addIssue({ code: 'custom', message: PlanogramMessages.codeRepeated, path: [index, 'code'] });
        seen.add(key);
      });
    }),
});
export type PlanogramInput = z.input<typeof PlanogramInputSchema>;
export type PlanogramFields = z.output<typeof PlanogramInputSchema>;

/** `POST /api/machines/{id}/planogram/copy`: this machine takes the other's slots (its products, capacities, pars and prices). */
export const CopyPlanogramInputSchema = z.strictObject({ fromMachineId: idSchema('machine') });
export type CopyPlanogramInput = z.input<typeof CopyPlanogramInputSchema>;

export const PlanogramSlotSchema = z.object({
  code: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  capacity: z.number().int(),
  par: z.number().int(),
  /** The slot's own price, or null for the product's. */
  price: z.string().nullable(),
  /** What a customer pays: the slot's price, else the product's catalogue price; null for an empty slot without one. */
  effectivePrice: z.string().nullable(),
  /** Since when the slot has held this product. */
  since: z.string(),
});
export type PlanogramSlot = z.infer<typeof PlanogramSlotSchema>;

export const PlanogramSchema = z.object({
  machineId: z.number().int(),
  slots: z.array(PlanogramSlotSchema),
  /** When the planogram last changed; null for a machine without one. */
  updatedAt: z.string().nullable(),
});
export type Planogram = z.infer<typeof PlanogramSchema>;

/** One spell of a slot holding one product: the current ones have no end. */
export const SlotSpellSchema = z.object({
  code: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  from: z.string(),
  to: z.string().nullable(),
});
export const PlanogramHistorySchema = z.object({ machineId: z.number().int(), spells: z.array(SlotSpellSchema) });
export type PlanogramHistory = z.infer<typeof PlanogramHistorySchema>;

/** A line of the planogram CSV that could not be taken, by its line number in the file (the header is line 1). */
export const PlanogramCsvProblemSchema = z.object({ line: z.number().int(), message: z.string() });
export type PlanogramCsvProblem = z.infer<typeof PlanogramCsvProblemSchema>;

/**
 * The 400 of `POST /api/machines/{id}/planogram/import`: the usual error body, `errors` keyed by
 * line ('line 3') for screens that show a record, and `problems` listing each message on its line.
 * Other 400s of the route (no body at all) carry no `problems`.
 */
export const PlanogramCsvRefusedSchema = ApiErrorSchema.extend({ problems: z.array(PlanogramCsvProblemSchema).optional() });
export type PlanogramCsvRefused = z.infer<typeof PlanogramCsvRefusedSchema>;

export const planogramApi = (machineId: number) => `/api/machines/${machineId}/planogram`;
