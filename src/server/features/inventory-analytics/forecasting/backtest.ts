import { FORECASTERS } from './methods.js';
import { FORECAST_METHODS, HORIZON_DAYS, type CandidateError, type ForecastMethod } from './types.js';

/** Every fold trains on at least two weeks, what the seasonal methods need to start. */
export const MIN_TRAINING_DAYS = 14;
/** Eight weeks of folds: enough to tell methods apart, few enough to judge on the recent past. */
export const MAX_FOLDS = 8;
/** The shortest history that allows one fold; shorter ones are not back-tested. */
export const MIN_BACKTEST_DAYS = MIN_TRAINING_DAYS + HORIZON_DAYS;

export interface ScoredCandidate extends CandidateError {
  /** What the choice goes by: the votes missed on the weeks' totals plus those missed day by day, over the same divisor as weeklyError. */
  selectionError: number;
}

export interface BacktestOutcome {
  folds: number;
  /** One per method, in the order of FORECAST_METHODS. */
  candidates: ScoredCandidate[];
}

/** Folds that fit a history of `length` days: one per week back from the end, each leaving two weeks to train on. */
export function countFolds(length: number): number {
  return Math.max(0, Math.min(MAX_FOLDS, Math.floor((length - MIN_TRAINING_DAYS) / HORIZON_DAYS)));
}

/** Where fold `k` (0 = the latest) stops training and starts its 7 test days. */
export function foldOrigin(length: number, k: number): number {
  return length - (k + 1) * HORIZON_DAYS;
}

const forecast = new Float64Array(HORIZON_DAYS);

/**
 * Rolling-origin back-test with a 7-day horizon: each method is fitted on the days before each
 * origin only and scored on the 7 days after it.
 *
 * The weekly error is what the dashboard shows, the miss of the week's total:
 * Σ|ΣF − ΣA| over the folds ÷ Σ ΣA. The divisor is at least one vote per fold-week, so a product
 * with (almost) no votes is judged by how many votes a week it is off rather than by a ratio of
 * tiny numbers; a series that stayed at 0 and is forecast at 0 has an error of 0. The same divisor
 * serves every method of a series, so it never changes which method wins.
 */
export function backtestMethods(series: Float64Array, methods: readonly ForecastMethod[] = FORECAST_METHODS): BacktestOutcome {
  const folds = countFolds(series.length);
  if (folds === 0) return { folds, candidates: [] };
  let actualTotal = 0;
  for (let k = 0; k < folds; k++) {
    const origin = foldOrigin(series.length, k);
    for (let h = 0; h < HORIZON_DAYS; h++) actualTotal += series[origin + h]!;
  }
  const divisor = Math.max(actualTotal, folds);
  const candidates = methods.map((method) => {
    const forecaster = FORECASTERS[method];
    let weeklyMiss = 0;
    let dailyMiss = 0;
    for (let k = 0; k < folds; k++) {
      const origin = foldOrigin(series.length, k);
      forecaster(series.subarray(0, origin), forecast);
      let forecastWeek = 0;
      let actualWeek = 0;
      for (let h = 0; h < HORIZON_DAYS; h++) {
        const actual = series[origin + h]!;
        forecastWeek += forecast[h]!;
        actualWeek += actual;
        dailyMiss += Math.abs(forecast[h]! - actual);
      }
      weeklyMiss += Math.abs(forecastWeek - actualWeek);
    }
    return {
      method,
      weeklyError: weeklyMiss / divisor,
      dailyMae: dailyMiss / (folds * HORIZON_DAYS),
      selectionError: (weeklyMiss + dailyMiss) / divisor,
    };
  });
  return { folds, candidates };
}

/** Differences below this are rounding, not skill. */
const TIE = 1e-9;

/**
 * The candidate that missed the fewest votes, counting both the weeks' totals and the single days;
 * on a tie the simpler one, the earlier in FORECAST_METHODS. A week's total is one number per
 * fold, and on counts this small it is mostly noise that every method shares, so choosing on it
 * alone often crowns whichever method got lucky; the daily misses add seven figures per fold and
 * penalise a method that hits a total by chance while missing the days (seasonal naive on noisy
 * counts above all). Confidence still comes from the weekly error alone.
 */
export function chooseCandidate<C extends ScoredCandidate>(candidates: C[]): C | undefined {
  let best: C | undefined;
  for (const candidate of candidates) {
    const rank = FORECAST_METHODS.indexOf(candidate.method);
    if (
      !best ||
      candidate.selectionError < best.selectionError - TIE ||
      (candidate.selectionError <= best.selectionError + TIE && rank < FORECAST_METHODS.indexOf(best.method))
    ) {
      best = candidate;
    }
  }
  return best;
}
