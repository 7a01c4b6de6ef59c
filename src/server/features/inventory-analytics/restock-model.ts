import { FILL_TARGET_DAYS } from '../../../shared/analytics.schemas.js';

/**
 * The stock rule the inventory page explains. Votes are not units sold, so:
 * - a product's recommended stock is its share of the machine's predicted demand for one fill
 *   (FILL_TARGET_DAYS of it), in units, on top of the operator's auto-reorder threshold;
 * - units per up-vote are measured from restock records (units the machine lost between two
 *   visits against the up-votes in between), pooled over the machine's products; 1 until measured;
 * - stock on hand is the last recorded restock (units left plus units filled) less what sold since;
 *   without a record we assume a weekly fill to the recommended stock at the start of the week;
 * - restock is due when the stock, as the daily forecast runs it down, reaches the threshold.
 */

/** Units sold per up-vote are kept within these bounds, so one odd visit cannot make them absurd. */
const UNITS_PER_VOTE_BOUNDS = [0.05, 20] as const;
/** The ratio is measured once this many up-votes fall between recorded visits. */
export const MIN_VOTES_FOR_RATIO = 10;
/** Beyond this, 'restock in N days' says nothing useful: no date is given. */
const RESTOCK_HORIZON_DAYS = 365;

export interface RestockInterval {
  /** Units in the machine after the earlier visit (left plus filled). */
  stockAfter: number;
  /** Units left at the later visit. */
  leftAtNext: number;
  /** Up-votes for the product at the machine between the two visits. */
  upVotes: number;
}

export function unitsPerVote(intervals: RestockInterval[]): { value: number; measured: boolean } {
  let sold = 0;
  let votes = 0;
  for (const interval of intervals) {
    sold += Math.max(0, interval.stockAfter - interval.leftAtNext);
    votes += interval.upVotes;
  }
  if (votes < MIN_VOTES_FOR_RATIO || sold === 0) return { value: 1, measured: false };
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
  /** Up-votes since the start of this week (local Monday), for the assumed weekly fill. */
  upVotesThisWeek: number;
}

export interface StockFigures {
  recommendedStock: number;
  estimatedStock: number;
  stockBasis: 'restock-record' | 'assumed-weekly-fill';
  daysUntilRestock: number | null;
}

export function stockFigures(inputs: StockInputs): StockFigures {
  const { dailyForecast, unitsPerVote: ratio, threshold } = inputs;
  const fillUnits = inputs.demandShare * inputs.machinePredictedWeek * (FILL_TARGET_DAYS / 7) * ratio;
  const recommendedStock = threshold + Math.ceil(fillUnits - 1e-9);
  const stockBasis = inputs.lastRestock ? 'restock-record' : 'assumed-weekly-fill';
  const estimatedStock = inputs.lastRestock
    ? Math.max(0, inputs.lastRestock.stockAfter - inputs.lastRestock.upVotesSince * ratio)
    : Math.max(0, recommendedStock - inputs.upVotesThisWeek * ratio);
  return { recommendedStock, estimatedStock: Math.round(estimatedStock * 10) / 10, stockBasis, daysUntilRestock: daysUntil(estimatedStock, threshold, dailyForecast, ratio) };
}

/** Whole days until the forecast sales take the stock down to the threshold; 0 when it is there already. */
export function daysUntil(stock: number, threshold: number, dailyForecast: number[], ratio: number): number | null {
  if (stock <= threshold) return 0;
  const weekly = dailyForecast.reduce((a, b) => a + b, 0);
  if (weekly <= 0 || dailyForecast.length === 0) return null;
  let left = stock - threshold;
  for (let day = 0; day < RESTOCK_HORIZON_DAYS; day++) {
    left -= dailyForecast[day % dailyForecast.length]! * ratio;
    if (left <= 0) return day;
  }
  return null;
}
