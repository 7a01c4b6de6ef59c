import { FILL_TARGET_DAYS, urgencyOf, type Urgency } from '../../../shared/analytics.schemas.js';
import { UNITS_PER_VOTE_RANGE } from '../../../shared/settings.schemas.js';

/**
 * The stock rule the inventory page explains (decision 0038). Votes are not units sold, so:
 * - a product's recommended stock is its share of the machine's predicted demand for one fill
 *   (FILL_TARGET_DAYS of it), in units, on top of the operator's auto-reorder threshold;
 * - units per up-vote are measured from restock records (units the machine lost between two
 *   visits against the up-votes in between), pooled over the machine's products; until then the
 *   operator's assumed units per up-vote (settings, 1 by default);
 * - stock on hand is the last recorded restock (units left plus units filled) less what sold since;
 *   without a record we assume a weekly fill to the recommended stock on the operator's fill day;
 * - days of cover: how long that stock lasts as the daily forecast sells it; urgency compares them
 *   with the days to the next visit (the next fill day), and an assumed stock is never Urgent.
 */

/** Units sold per up-vote are kept within these bounds, so one odd visit cannot make them absurd. */
const UNITS_PER_VOTE_BOUNDS = [UNITS_PER_VOTE_RANGE.min, UNITS_PER_VOTE_RANGE.max] as const;
/** The ratio is measured once this many up-votes fall between recorded visits. */
export const MIN_VOTES_FOR_RATIO = 10;
/** Beyond this, 'restock in N days' says nothing useful: no date is given. */
const RESTOCK_HORIZON_DAYS = 365;

/** What a product's recorded visits at a machine measure: the units gone between them and the up-votes in between. */
export interface MeasuredVisits {
  /** Units gone between consecutive visits (stock after one less units left at the next), never negative per stretch. */
  unitsSold: number;
  /** Up-votes for the product at the machine from the first of those visits to the last. */
  upVotes: number;
}

/** Measured from the visits when they hold enough up-votes; otherwise the operator's assumption. */
export function unitsPerVote(visits: MeasuredVisits[], assumed = 1): { value: number; measured: boolean } {
  let sold = 0;
  let votes = 0;
  for (const measured of visits) {
    sold += measured.unitsSold;
    votes += measured.upVotes;
  }
  if (votes < MIN_VOTES_FOR_RATIO || sold === 0) return { value: assumed, measured: false };
  const [low, high] = UNITS_PER_VOTE_BOUNDS;
  return { value: Math.round(Math.min(high, Math.max(low, sold / votes)) * 100) / 100, measured: true };
}

export interface StockInputs {
  /** Predicted up-votes for each of the coming 7 days (today first). */
  dailyForecast: number[];
  /** The product's share of the machine's predicted week, 0-1. */
  demandShare: number;
  machinePredictedWeek: number;
  unitsPerVote: number;
  threshold: number;
  lastRestock: { stockAfter: number; upVotesSince: number } | null;
  /** Up-votes since the last fill day (itself included), for the assumed weekly fill. */
  upVotesSinceFill: number;
  /** Whole days from today to the next fill day, 1-7. */
  daysToNextVisit: number;
}

export interface StockFigures {
  recommendedStock: number;
  estimatedStock: number;
  stockBasis: 'restock-record' | 'assumed-weekly-fill';
  daysOfCover: number | null;
  urgency: Urgency;
}

export function stockFigures(inputs: StockInputs): StockFigures {
  const { dailyForecast, unitsPerVote: ratio, threshold } = inputs;
  const fillUnits = inputs.demandShare * inputs.machinePredictedWeek * (FILL_TARGET_DAYS / 7) * ratio;
  const recommendedStock = threshold + Math.ceil(fillUnits - 1e-9);
  const stockBasis = inputs.lastRestock ? 'restock-record' : 'assumed-weekly-fill';
  const estimatedStock = inputs.lastRestock
    ? Math.max(0, inputs.lastRestock.stockAfter - inputs.lastRestock.upVotesSince * ratio)
    : Math.max(0, recommendedStock - inputs.upVotesSinceFill * ratio);
  const daysOfCover = daysUntil(estimatedStock, 0, dailyForecast, ratio);
  return {
    recommendedStock,
    estimatedStock: Math.round(estimatedStock * 10) / 10,
    stockBasis,
    daysOfCover,
    urgency: urgencyOf(daysOfCover, inputs.daysToNextVisit, stockBasis === 'assumed-weekly-fill'),
  };
}

/**
 * Whole days until the forecast sales take the stock down to `floor` (0: until it runs out), counting
 * today as day 0; 0 when it is there already, null when no demand is expected within a year.
 */
export function daysUntil(stock: number, floor: number, dailyForecast: number[], ratio: number): number | null {
  if (stock <= floor) return 0;
  const weekly = dailyForecast.reduce((a, b) => a + b, 0);
  if (weekly <= 0 || dailyForecast.length === 0 || ratio <= 0) return null;
  let left = stock - floor;
  for (let day = 0; day < RESTOCK_HORIZON_DAYS; day++) {
    left -= dailyForecast[day % dailyForecast.length]! * ratio;
    if (left <= 0) return day;
  }
  return null;
}

/** Whole days from a weekday (0 Sunday … 6 Saturday) to the next `fillWeekday` after it: 1-7. */
export function daysToNextFill(todayWeekday: number, fillWeekday: number): number {
  return ((fillWeekday - todayWeekday + 6) % 7) + 1;
}
