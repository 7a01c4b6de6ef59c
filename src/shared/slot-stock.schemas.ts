import { z } from 'zod';
import { MAX_SLOTS } from './planograms.schemas.js';
import { RestockRecordSchema, StockMessages } from './stock.schemas.js';
import { idSchema } from './ids.js';

/**
 * Stock slot by slot: what a visit put in each slot of a machine's planogram, and what is in each
 * slot now, with what that figure rests on.
 */

export const SLOT_VISIT_API = '/api/stock/restocks/slots';
export const slotStockApi = (machineId: number | string) => `/api/machines/${machineId}/stock`;

export const SlotVisitMessages = {
  slotsRequired: 'Fill at least one slot',
  slotsTooMany: `At most ${MAX_SLOTS} slots at a time`,
  slotRepeated: 'Each slot can appear only once in a visit',
  notInPlanogram: (code: string) => `${code} is not in this machine’s planogram`,
  emptySlot: (code: string) => `${code} holds no product: put one in it in the planogram first`,
  overCapacity: (code: string, capacity: number) => `${code} holds at most ${capacity}: units left plus units filled cannot be more`,
} as const;

const units = (invalid: string, negative: string, tooMany: string) => z.number({ error: invalid }).int(invalid).min(0, negative).max(100_000, tooMany);

export const SlotFillSchema = z.strictObject({
  code: z.string({ error: 'Enter the slot’s selection code' }).trim().min(1, 'Enter the slot’s selection code').max(10),
  unitsLeft: units(StockMessages.unitsLeftInvalid, StockMessages.unitsLeftNegative, StockMessages.unitsLeftTooMany),
  unitsFilled: units(StockMessages.unitsFilledInvalid, StockMessages.unitsFilledNegative, StockMessages.unitsFilledTooMany),
});
export type SlotFill = z.input<typeof SlotFillSchema>;

/** `POST /api/stock/restocks/slots`: a visit recorded from the planogram, slot by slot, all at one time. */
export const SlotVisitInputSchema = z.strictObject({
  machineId: idSchema('machine'),
  restockedAt: z
    .string({ error: StockMessages.restockedAtInvalid })
    .pipe(z.iso.datetime({ offset: true, error: StockMessages.restockedAtInvalid }))
    .transform((value) => new Date(value))
    .refine((date) => date.getTime() <= Date.now() + 5 * 60_000, StockMessages.restockedAtFuture)
    .refine((date) => date.getTime() >= Date.now() - 365 * 24 * 60 * 60_000, StockMessages.restockedAtTooOld)
    .optional(),
  slots: z
    .array(SlotFillSchema, { error: SlotVisitMessages.slotsRequired })
    .min(1, SlotVisitMessages.slotsRequired)
    .max(MAX_SLOTS, SlotVisitMessages.slotsTooMany)
    .superRefine((slots, context) => {
      const seen = new Set<string>();
      slots.forEach((slot, index) => {
        const key = slot.code.toUpperCase();
        if (seen.has(key)) context.addIssue({ code: 'custom', message: SlotVisitMessages.slotRepeated, path: [index, 'code'] });
        seen.add(key);
      });
    }),
});
export type SlotVisitInput = z.input<typeof SlotVisitInputSchema>;
export type SlotVisitFields = z.output<typeof SlotVisitInputSchema>;
export const SlotVisitSchema = z.object({ records: z.array(RestockRecordSchema) });

/**
 * What a slot's stock figure rests on:
 * - 'sales': its last fill, less the units the machine reported sold since (DEX or telemetry);
 * - 'votes': its last fill, less the up-votes since at the operator's units per up-vote (no sales reported since the fill);
 * - 'assumed-fill': no fill recorded: a fill to par on the operator's fill day is assumed, less the up-votes since;
 * - 'empty-slot': the slot holds no product.
 */
export const STOCK_BASES = ['sales', 'votes', 'assumed-fill', 'empty-slot'] as const;
export type StockBasis = (typeof STOCK_BASES)[number];

export const SlotStockSchema = z.object({
  code: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  capacity: z.number().int(),
  par: z.number().int(),
  /** What a customer pays: the slot's price, else the product's; null for an empty slot. */
  price: z.string().nullable(),
  /** Units estimated in the slot now; null for an empty slot. */
  stock: z.number().nullable(),
  basis: z.enum(STOCK_BASES),
  lastFill: z.object({ at: z.string(), level: z.number().int() }).nullable(),
  /** Units gone since the fill (or the assumed fill): sold, or up-votes times units per up-vote. */
  goneSinceFill: z.number().nullable(),
  /** Units per up-vote behind a figure counted down by up-votes; null where sales are known or the slot is empty. */
  unitsPerVote: z.number().nullable(),
  /** Units a visit puts in to bring the slot to par. */
  toPar: z.number().int(),
  /**
   * When the machine itself reported the slot sold out (PA5 of its latest DEX audit), after the last
   * fill and with nothing sold from it since: the stock is then zero, whatever the estimate says.
   */
  soldOutAt: z.string().nullable(),
});
export type SlotStock = z.infer<typeof SlotStockSchema>;

export const MachineSlotStockSchema = z.object({
  machineId: z.number().int(),
  /** The last moment the machine's reported sales reach (its latest DEX audit or telemetry sale); null without any. */
  salesThrough: z.string().nullable(),
  /** The operator's units per up-vote, used where no sales were reported. */
  assumedUnitsPerVote: z.number(),
  slots: z.array(SlotStockSchema),
});
export type MachineSlotStock = z.infer<typeof MachineSlotStockSchema>;
