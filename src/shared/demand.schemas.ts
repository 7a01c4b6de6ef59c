import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * Unmet demand: what customers want that the machines do not sell them. Products voted for or
 * suggested at a machine that are not in its planogram, slots estimated empty with the sales lost
 * while empty, and per machine the demand (up-votes) set against the sales.
 */

export const UNMET_DEMAND_API = '/api/analytics/unmet-demand';
export const demandVsSalesApi = (machineId: number | string) => `/api/machines/${machineId}/demand`;
/** Up-votes, suggestions and sales are counted over the last four weeks. */
export const DEMAND_WINDOW_DAYS = 28;
/** A product's units per up-vote at a machine is measured once it has this many up-votes there. */
export const MIN_VOTES_MEASURED_HERE = 10;

export const UnmetDemandQuerySchema = z.object({ machineId: idSchema('machine').optional() });

const RatioBasisSchema = z.enum(['sales', 'similar', 'restocks', 'assumed']);

export const MissingProductSchema = z.object({
  machineId: z.number().int(),
  machineName: z.string(),
  /** Null for a suggestion naming a product that is not in the catalogue. */
  productId: z.number().int().nullable(),
  productName: z.string(),
  category: z.string(),
  upVotes: z.number().int(),
  suggestions: z.number().int(),
  /** Units it would sell a week there: its predicted up-votes × units per up-vote; null without up-votes. */
  expectedWeeklyUnits: z.number().nullable(),
  unitsPerVote: z.number(),
  /** 'sales': measured from its sales at other machines; 'similar': from products of its category here; else as the inventory page. */
  unitsPerVoteBasis: RatioBasisSchema,
  /** Forecast weekly units sold of the products of its category in the planogram there, on average; null when none sells there. */
  similarWeeklyUnits: z.number().nullable(),
  similarProducts: z.number().int(),
});
export type MissingProduct = z.infer<typeof MissingProductSchema>;

export const StockOutSchema = z.object({
  machineId: z.number().int(),
  machineName: z.string(),
  code: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** What the empty figure rests on (the slot's stock basis). */
  basis: z.enum(['sales', 'votes', 'assumed-fill']),
  /** When the machine reported it sold out (PA5 of a DEX audit); null where the emptiness is estimated. */
  reportedAt: z.string().nullable(),
  /** Days it has been empty: since the machine's report, else estimated from its fill and its forecast sales; null when not estimable. */
  daysEmpty: z.number().nullable(),
  /** Units it would have sold while empty, at its forecast rate. */
  lostUnits: z.number(),
  /** Their value at the slot's price; null without a price. */
  lostValue: z.string().nullable(),
});
export type StockOut = z.infer<typeof StockOutSchema>;

export const UnmetDemandSchema = z.object({
  windowDays: z.number().int(),
  currency: z.string(),
  /** Machines in scope with no planogram: what they lack cannot be told until they have one. */
  machinesWithoutPlanogram: z.number().int(),
  /** When the forecasts behind the estimates were computed; null before the first computation. */
  computedAt: z.string().nullable(),
  missing: z.array(MissingProductSchema),
  stockOuts: z.array(StockOutSchema),
  totals: z.object({
    missingProducts: z.number().int(),
    /** Units a week the missing products would sell, where that can be estimated. */
    missingWeeklyUnits: z.number(),
    stockOuts: z.number().int(),
    lostUnits: z.number(),
    lostValue: z.string(),
  }),
});
export type UnmetDemand = z.infer<typeof UnmetDemandSchema>;

export const DemandRowSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  category: z.string(),
  /** Slots holding it in the planogram (0: not in it). */
  slots: z.number().int(),
  upVotes: z.number().int(),
  suggestions: z.number().int(),
  /** Units the machine reported selling in the window; null when its reports do not cover it. */
  unitsSold: z.number().nullable(),
  /** Units sold per up-vote here in the window; null under MIN_VOTES_MEASURED_HERE up-votes or without sales. */
  unitsPerVote: z.number().nullable(),
  /** Its share of the machine's up-votes and of its units sold, 0-1. */
  voteShare: z.number(),
  salesShare: z.number().nullable(),
  /** Vote share less sales share, in percentage points: above zero, customers ask for it more than it sells. */
  gap: z.number().nullable(),
  /** Forecast units a week (sales forecast, or up-votes × units per up-vote). */
  weeklyUnits: z.number().nullable(),
  price: z.string().nullable(),
});
export type DemandRow = z.infer<typeof DemandRowSchema>;

export const SwapSchema = z.object({
  out: z.object({ productId: z.number().int(), productName: z.string(), code: z.string(), weeklyUnits: z.number(), price: z.string().nullable() }),
  in: z.object({ productId: z.number().int().nullable(), productName: z.string(), weeklyUnits: z.number().nullable(), price: z.string().nullable() }),
  /** Change in weekly sales in money: what the wanted product would take less what the slow one takes; null without both prices and rates. */
  weeklyEffect: z.string().nullable(),
  reason: z.string(),
});
export type Swap = z.infer<typeof SwapSchema>;

export const DemandVsSalesSchema = z.object({
  machineId: z.number().int(),
  windowDays: z.number().int(),
  currency: z.string(),
  /** The last moment the machine's reported sales reach; null without any. */
  salesThrough: z.string().nullable(),
  rows: z.array(DemandRowSchema),
  swap: SwapSchema.nullable(),
});
export type DemandVsSales = z.infer<typeof DemandVsSalesSchema>;
