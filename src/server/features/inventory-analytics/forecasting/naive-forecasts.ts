import { HORIZON_DAYS, WEEK_DAYS } from './types.js';

/** How far back the plain mean looks: recent enough to follow a change, long enough to average out a week. */
export const MEAN_WINDOW_DAYS = 28;

/**
 * The baseline: each of the coming days repeats the same weekday of the last week. A history
 * shorter than a week repeats what there is, which no longer lines up with the weekdays; the
 * back-test never asks for that, only a caller with almost no history would.
 */
export function forecastSeasonalNaive(history: ArrayLike<number>, out: Float64Array = new Float64Array(HORIZON_DAYS)): Float64Array {
  const n = history.length;
  const cycle = Math.min(WEEK_DAYS, n);
  for (let h = 0; h < HORIZON_DAYS; h++) out[h] = cycle === 0 ? 0 : Math.max(0, history[n - cycle + (h % cycle)]!);
  return out;
}

/** The mean of the last four weeks (or of all the days there are), the same on every day. */
export function forecastRecentMean(history: ArrayLike<number>, out: Float64Array = new Float64Array(HORIZON_DAYS)): Float64Array {
  const n = history.length;
  const from = Math.max(0, n - MEAN_WINDOW_DAYS);
  let sum = 0;
  for (let t = from; t < n; t++) sum += history[t]!;
  const mean = n === from ? 0 : Math.max(0, sum / (n - from));
  out.fill(mean);
  return out;
}
