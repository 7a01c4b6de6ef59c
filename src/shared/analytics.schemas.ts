import { z } from 'zod';
import { idSchema } from './ids.js';
import { CURRENCIES } from './settings.schemas.js';

/** The time ranges of both analytics pages (spec extended 2). */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';
export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 Days',
  '30d': 'Last 30 Days',
  '90d': 'Last 90 Days',
  '1y': 'Last Year',
};
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

const RangeSchema = z.enum(ANALYTICS_RANGES, { error: `Range must be one of: ${ANALYTICS_RANGES.join(', ')}` }).default(DEFAULT_ANALYTICS_RANGE);

export const InventoryQuerySchema = z.object({ machineId: idSchema('machine').optional(), range: RangeSchema });
export type InventoryQuery = z.input<typeof InventoryQuerySchema>;

/** Demographics are scoped by machine or by location (the machines that share a location name). */
export const DemographicsQuerySchema = z.object({
  machineId: idSchema('machine').optional(),
  location: z.string().trim().min(1, 'Choose a location').max(200, 'Must be at most 200 characters').optional(),
  range: RangeSchema,
});
export type DemographicsQuery = z.input<typeof DemographicsQuerySchema>;

// ---- Restock urgency (spec extended 4) ----

export const URGENCIES = ['urgent', 'soon', 'this-week', 'normal'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Record<Urgency, string> = { urgent: 'Urgent', soon: 'Soon', 'this-week': 'This Week', normal: 'Normal' };

/** A product with at least this many days of cover is Normal: the next visit is within a week. */
export const COVER_WEEK_DAYS = 7;

/**
 * Urgency from days of cover (how long the estimated stock lasts at the forecast demand) against the
 * days to the next visit (decision 0038): Urgent when recorded stock runs out before the next visit;
 * Soon when it may, on assumed stock (never Urgent on an assumption alone); This Week when it lasts
 * until the next visit but less than a week, so that visit must fill it; Normal with a week or more
 * of cover, or no demand expected.
 */
export function urgencyOf(daysOfCover: number | null, daysToNextVisit: number, assumed: boolean): Urgency {
  if (daysOfCover === null || daysOfCover >= COVER_WEEK_DAYS) return 'normal';
  if (daysOfCover < daysToNextVisit) return assumed ? 'soon' : 'urgent';
  return 'this-week';
}

/** 'High Confidence' counts forecasts at or above this (issue: 90 or above). */
export const HIGH_CONFIDENCE = 90;
/** A fill is meant to cover this many days of predicted demand above the reorder threshold. */
export const FILL_TARGET_DAYS = 7;

export const FORECAST_METHODS = ['seasonal-naive', 'ets', 'ets-damped', 'sba', 'tsb', 'mean'] as const;
export type ForecastMethodName = (typeof FORECAST_METHODS)[number];

const TrendSchema = z.enum(['up', 'down', 'stable']);

export const ForecastCandidateSchema = z.object({ method: z.enum(FORECAST_METHODS), methodLabel: z.string(), weeklyError: z.number(), dailyMae: z.number() });

export const ForecastExplanationSchema = z.object({
  method: z.enum(FORECAST_METHODS),
  methodLabel: z.string(),
  /** Rolling-origin folds of 7 days each; 0 when the history was too short to back-test. */
  folds: z.number().int(),
  /** Error of the weekly total in the back-test (0.12 = 12 %); null without folds. */
  weeklyError: z.number().nullable(),
  dailyMae: z.number().nullable(),
  baselineWeeklyError: z.number().nullable(),
  /** Every method the back-test tried, the chosen one among them. */
  candidates: z.array(ForecastCandidateSchema),
  historyDays: z.number().int(),
  zeroDayShare: z.number(),
  seasonalStrength: z.number(),
  /** The forecast for each of the coming 7 days. */
  daily: z.array(z.number()),
});
export type ForecastExplanation = z.infer<typeof ForecastExplanationSchema>;

/**
 * GET /api/analytics/forecasts/:machineId/:productId: how one card's forecast was made, read when
 * its explanation opens. The inventory call leaves this out of its cards: for a fleet it was more
 * than half of the answer, and only the dialog shows it (decision 0050).
 */
export const ForecastDetailSchema = z.object({
  machineId: z.number().int(),
  productId: z.number().int(),
  computedAt: z.iso.datetime(),
  forecast: ForecastExplanationSchema,
});
export type ForecastDetail = z.infer<typeof ForecastDetailSchema>;
export const ForecastDetailParamsSchema = z.object({ machineId: idSchema('machine'), productId: idSchema('product') });
/** A machine and product without a stored forecast answer like a foreign one. */
export const FORECAST_NOT_FOUND = 'Forecast not found';

export const PredictionSchema = z.object({
  machineId: z.number().int(),
  machineName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  category: z.string(),
  /** Up-votes in the chosen range. */
  currentVotes: z.number().int(),
  /** What the forecast is of: units the machine reported selling, or up-votes where it reported no sales. */
  demandBasis: z.enum(['sales', 'votes']),
  /** Predicted demand over the coming 7 days: units sold (demandBasis 'sales') or up-votes. */
  predictedDemand: z.number(),
  /** The product's share of the machine's predicted demand, 0-1. */
  demandShare: z.number(),
  /** Predicted up-votes of every product at the machine over the coming 7 days. */
  machinePredictedWeek: z.number(),
  recommendedStock: z.number().int(),
  /** Units to buy to bring the estimated stock up to the recommended stock (0 when it is there already): what Add to Order puts on the list. */
  suggestedOrder: z.number().int(),
  /**
   * Where the stock figures come from: the planogram's slots, filled and counted down by the sales
   * the machine reported ('sales'); recorded restocks counted down by up-votes; or the assumption of
   * a weekly fill. With slots, recommended stock is the sum of their par levels. 'not-stocked': the
   * machine has a planogram and the product is not in it, so there is no stock to keep.
   */
  stockBasis: z.enum(['sales', 'restock-record', 'assumed-weekly-fill', 'not-stocked']),
  /** Planogram slots holding the product at the machine (0: not in its planogram). */
  slots: z.number().int(),
  estimatedStock: z.number().nullable(),
  lastRestockAt: z.iso.datetime().nullable(),
  /** Units sold per up-vote: measured for the product from reported sales, else from two or more restocks at the machine, else the operator's assumption. */
  unitsPerVote: z.number(),
  unitsPerVoteMeasured: z.boolean(),
  unitsPerVoteBasis: z.enum(['sales', 'restocks', 'assumed']),
  /** Whole days the estimated stock lasts at the forecast demand (0: runs out today); null when no demand is expected within a year. */
  daysOfCover: z.number().int().nullable(),
  urgency: z.enum(URGENCIES),
  confidence: z.number().int(),
  trend: TrendSchema,
  seasonal: z.boolean(),
  onPurchaseList: z.number().int().nullable(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

const HourSchema = z.object({ hour: z.number().int(), votes: z.number().int() });
/** Monday first; `day` is the English short name. */
const WeekdaySchema = z.object({ day: z.string(), votes: z.number().int() });

export const ProductRankSchema = z.object({
  rank: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  category: z.string(),
  votes: z.number().int(),
  upVotes: z.number().int(),
  downVotes: z.number().int(),
  /** Percent of the votes cast in the scope and range, one decimal. */
  share: z.number(),
  previousVotes: z.number().int(),
  /** Percent change of votes against the period before; null when it had none or the history does not cover it. */
  change: z.number().nullable(),
});
export type ProductRank = z.infer<typeof ProductRankSchema>;

export const RecommendationSchema = z.object({
  id: z.string(),
  kind: z.enum(['swap', 'reduce']),
  machineId: z.number().int(),
  machineName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** For a swap: the requested product (an approved suggestion) to load instead. */
  replacementProductId: z.number().int().nullable(),
  replacementName: z.string().nullable(),
  /** The purchase-list line 'Apply Recommendations' writes: the replacement's units (swap), or the product's lowered fill (reduce; 0 when its stock already covers it, and then no line is written). */
  orderProductId: z.number().int(),
  orderQuantity: z.number().int(),
  /** Units of the slow or falling product no longer bought per fill. */
  unitsCut: z.number().int(),
  reason: z.string(),
  /**
   * Stock cost saved per fill, in the operator's currency: the slow or falling product's units not
   * bought, less (swap) the replacement's units bought instead (negative when the replacement costs
   * more); null when a unit cost involved is unknown.
   */
  costSaved: z.string().nullable(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const InventoryAnalyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  machineId: z.number().int().nullable(),
  /** When the nightly analytics job (or the last refresh) computed the figures. */
  computedAt: z.iso.datetime(),
  refreshQueued: z.boolean(),
  timeZone: z.string(),
  currency: z.enum(CURRENCIES),
  rule: z.object({
    autoReorderThreshold: z.number().int(),
    fillTargetDays: z.number().int(),
    /** The assumptions until restocks are recorded (Settings → Preferences): the fill weekday, 0 Sunday … 6 Saturday, and units per up-vote. */
    restockWeekday: z.number().int(),
    assumedUnitsPerVote: z.number(),
    /** Whole days from today (the operator's calendar) to the next fill day, 1-7. */
    daysToNextVisit: z.number().int(),
  }),
  summary: z.object({
    totalPredictions: z.number().int(),
    highConfidence: z.number().int(),
    needRestocking: z.number().int(),
    seasonalItems: z.number().int(),
  }),
  predictions: z.array(PredictionSchema),
  voteTrends: z.object({
    hourly: z.array(HourSchema),
    weekly: z.array(WeekdaySchema),
    peakHour: z.number().int().nullable(),
    /** Votes over time for the range's top products: days for 7 and 30 days, weeks beyond. */
    bucket: z.enum(['day', 'week']),
    series: z.array(z.object({ start: z.string(), values: z.record(z.string(), z.number().int()) })),
    seriesProducts: z.array(z.object({ productId: z.number().int(), productName: z.string() })),
  }),
  performance: z.object({
    totalVotes: z.number().int(),
    products: z.array(ProductRankSchema),
    risers: z.array(ProductRankSchema),
    fallers: z.array(ProductRankSchema),
  }),
  optimization: z.object({
    recommendations: z.array(RecommendationSchema),
    totalCostSaved: z.string(),
    recommendationsWithoutCost: z.number().int(),
    /**
     * Machines in scope with a planogram. Their swap is not recommended here: it is the one their
     * page's 'Demand vs sales' works out from what they sell, so each machine has one swap, shown
     * in one place (decision 0051).
     */
    swapsOnMachinePages: z.number().int(),
  }),
});
export type InventoryAnalytics = z.infer<typeof InventoryAnalyticsSchema>;

/** A refresh asked for by the operator runs at most once in this many minutes. */
export const REFRESH_INTERVAL_MINUTES = 10;

/**
 * POST /api/analytics/refresh. `queued`: a recompute is waiting or running (this press's or an
 * earlier one's); `nextRefreshAt`: when a press may queue another, null when it may now.
 */
export const RefreshAnalyticsSchema = z.object({
  queued: z.boolean(),
  computedAt: z.iso.datetime().nullable(),
  nextRefreshAt: z.iso.datetime().nullable(),
});
export type RefreshAnalytics = z.infer<typeof RefreshAnalyticsSchema>;

// ---- Demographics ----

export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
const DevicesSchema = z.object({ phone: z.number().int(), tablet: z.number().int(), desktop: z.number().int(), unknown: z.number().int() });

/** Below this many up-votes a location's category shares say 'not enough data' instead of a score. */
export const MIN_REGIONAL_SAMPLE = 30;

export const CategoryPreferenceSchema = z.object({
  category: z.string(),
  upVotes: z.number().int(),
  /** Percent of the place's up-votes, one decimal; null when there is not enough data. */
  score: z.number().nullable(),
  /** Half-width of the 95 % interval of the score, in points; null when there is not enough data. */
  margin: z.number().nullable(),
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
});

export const PlacePreferencesSchema = z.object({
  name: z.string(),
  /** The state or province read from the machines' addresses; null when none names one. */
  region: z.string().nullable(),
  sample: z.number().int(),
  enoughData: z.boolean(),
  categories: z.array(CategoryPreferenceSchema),
});
export type PlacePreferences = z.infer<typeof PlacePreferencesSchema>;

export const DemographicsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  machineId: z.number().int().nullable(),
  location: z.string().nullable(),
  computedAt: z.iso.datetime(),
  refreshQueued: z.boolean(),
  timeZone: z.string(),
  currency: z.enum(CURRENCIES),
  locations: z.array(
    z.object({ name: z.string(), region: z.string().nullable(), machines: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  ),
  behavior: z.object({
    totalVotes: z.number().int(),
    totalVoters: z.number().int(),
    /** Voters who voted on two or more different days of the range. */
    returningVoters: z.number().int(),
    votesPerVoter: z.number(),
    peakHour: z.number().int().nullable(),
    hourly: z.array(HourSchema),
    daily: z.array(WeekdaySchema),
    devices: DevicesSchema,
    devicesByLocation: z.array(DevicesSchema.extend({ location: z.string() })),
  }),
  regional: z.object({
    minimumSample: z.number().int(),
    locations: z.array(PlacePreferencesSchema),
    regions: z.array(PlacePreferencesSchema),
  }),
  insights: z.object({
    notes: z.array(z.object({ kind: z.string(), text: z.string() })),
    seasonal: z.object({
      enoughHistory: z.boolean(),
      historyDays: z.number().int(),
      /** Average votes a day in each season with enough days, against the average over those seasons. */
      multipliers: z.array(z.object({ season: z.string(), days: z.number().int(), multiplier: z.number() })),
      requirement: z.string(),
    }),
    opportunities: z.array(
      z.object({
        productId: z.number().int(),
        productName: z.string(),
        predictedWeeklyVotes: z.number(),
        price: z.string(),
        weeklyRevenue: z.string(),
        note: z.string(),
      }),
    ),
  }),
});
export type Demographics = z.infer<typeof DemographicsSchema>;
