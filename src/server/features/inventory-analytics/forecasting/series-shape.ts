import { WEEK_DAYS, type Trend } from './types.js';

/** Two fortnights to compare; a week against a week swings too much on counts this small. */
const TREND_WINDOW_DAYS = 14;
const TREND_MIN_CHANGE = 0.15;
/** Three weeks give each weekday at least two detrended values to average. */
export const SEASONALITY_MIN_DAYS = 21;
const SEASONAL_STRENGTH_THRESHOLD = 0.4;
/**
 * The 'Seasonal' flag needs eight weeks: on fewer, a weekday's mean fits noise, and pure Poisson
 * noise passes the strength threshold on most three-week and a quarter of four-week series.
 */
export const SEASONAL_FLAG_MIN_DAYS = 56;

/**
 * 'up' or 'down' when the last 14 days differ from the 14 before by more than 15 % and by more
 * than two standard deviations of Poisson noise (|a − b| > 2√(a + b)), so a product at 3 votes a
 * fortnight does not "trend" on one vote more; 'stable' otherwise, and under 28 days.
 */
export function trendOf(series: ArrayLike<number>): Trend {
  const n = series.length;
  if (n < 2 * TREND_WINDOW_DAYS) return 'stable';
  let recent = 0;
  let before = 0;
  for (let t = n - TREND_WINDOW_DAYS; t < n; t++) recent += series[t]!;
  for (let t = n - 2 * TREND_WINDOW_DAYS; t < n - TREND_WINDOW_DAYS; t++) before += series[t]!;
  const change = recent - before;
  const large = before === 0 ? recent > 0 : Math.abs(change) / before > TREND_MIN_CHANGE;
  const beyondNoise = Math.abs(change) > 2 * Math.sqrt(recent + before);
  if (!large || !beyondNoise) return 'stable';
  return change > 0 ? 'up' : 'down';
}

/**
 * Strength of the weekly pattern, 0–1: the series less a centred 7-day moving average, split into
 * a mean per weekday (the seasonal part) and what is left; strength = 1 − Var(left) / Var(detrended).
 * Under 21 days, or on a flat series, 0.
 */
export function weeklySeasonalStrength(series: ArrayLike<number>): number {
  const n = series.length;
  if (n < SEASONALITY_MIN_DAYS) return 0;
  const half = (WEEK_DAYS - 1) / 2;
  const sums = new Float64Array(WEEK_DAYS);
  const counts = new Float64Array(WEEK_DAYS);
  const detrended = new Float64Array(n - 2 * half);
  let window = 0;
  for (let t = 0; t < WEEK_DAYS; t++) window += series[t]!;
  for (let t = half; t < n - half; t++) {
    if (t > half) window += series[t + half]! - series[t - half - 1]!;
    const value = series[t]! - window / WEEK_DAYS;
    detrended[t - half] = value;
    const weekday = t % WEEK_DAYS;
    sums[weekday] = sums[weekday]! + value;
    counts[weekday] = counts[weekday]! + 1;
  }
  // The seasonal part is each weekday's mean; variances ignore a constant shift, so it need not be centred.
  const remainderOf = (i: number) => detrended[i]! - sums[(i + half) % WEEK_DAYS]! / counts[(i + half) % WEEK_DAYS]!;
  let detrendedMean = 0;
  let remainderMean = 0;
  for (let i = 0; i < detrended.length; i++) {
    detrendedMean += detrended[i]! / detrended.length;
    remainderMean += remainderOf(i) / detrended.length;
  }
  let detrendedVariance = 0;
  let remainderVariance = 0;
  for (let i = 0; i < detrended.length; i++) {
    detrendedVariance += (detrended[i]! - detrendedMean) ** 2;
    remainderVariance += (remainderOf(i) - remainderMean) ** 2;
  }
  if (detrendedVariance <= 1e-12) return 0;
  return Math.max(0, 1 - remainderVariance / detrendedVariance);
}

export function isWeeklySeasonal(series: ArrayLike<number>, strength = weeklySeasonalStrength(series)): boolean {
  return series.length >= SEASONAL_FLAG_MIN_DAYS && strength >= SEASONAL_STRENGTH_THRESHOLD;
}

export function zeroDayShare(series: ArrayLike<number>): number {
  if (series.length === 0) return 0;
  let zeros = 0;
  for (let t = 0; t < series.length; t++) if (series[t] === 0) zeros += 1;
  return zeros / series.length;
}
