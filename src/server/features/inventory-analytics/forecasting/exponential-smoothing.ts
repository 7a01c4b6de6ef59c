import { forecastRecentMean } from './naive-forecasts.js';
import { HORIZON_DAYS, WEEK_DAYS } from './types.js';

/**
 * Holt-Winters with additive weekly seasonality, without a trend (`ets`) or with a damped additive
 * trend (`ets-damped`). Both are candidates because on counts of a few votes a day a trend term
 * mostly fits noise; the back-test keeps it only where the series really moves. The trend is
 * damped (φ = 0.9) so a rise seen in the history is not carried on undiminished through the week.
 *
 * The smoothing parameters come from a small grid (20 combinations without trend, 60 with), the
 * one with the least in-sample one-step squared error; a grid this coarse is as good as an
 * optimiser on series this noisy, and it costs a fixed, small amount per series.
 */
const ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5];
const BETAS = [0.02, 0.05, 0.1];
const NO_TREND = [0];
const GAMMAS = [0.02, 0.05, 0.1, 0.2];
const DAMPING = 0.9;

/** The first two weeks set the starting level, trend and seasonals, so a fit needs at least that much. */
export const ETS_MIN_DAYS = 2 * WEEK_DAYS;

// Scratch state shared by every fit (level, trend, then the 7 seasonals), so the grid search allocates nothing.
const initial = new Float64Array(2 + WEEK_DAYS);
const seasonals = new Float64Array(WEEK_DAYS);

/** Level = mean of week one, trend = weekly change of the mean spread over its days, seasonals = mean deviation from each week's mean. */
function initialiseState(history: ArrayLike<number>, withTrend: boolean) {
  let first = 0;
  let second = 0;
  for (let t = 0; t < WEEK_DAYS; t++) {
    first += history[t]!;
    second += history[t + WEEK_DAYS]!;
  }
  first /= WEEK_DAYS;
  second /= WEEK_DAYS;
  initial[0] = first;
  initial[1] = withTrend ? (second - first) / WEEK_DAYS : 0;
  for (let j = 0; j < WEEK_DAYS; j++) initial[2 + j] = (history[j]! - first + history[j + WEEK_DAYS]! - second) / 2;
}

/**
 * One pass over the history from the initial state, in error-correction form. Answers the sum of
 * squared one-step errors; with `out`, also writes the next 7 days (clamped at 0) from the final state.
 */
function runSmoothing(history: ArrayLike<number>, alpha: number, beta: number, gamma: number, phi: number, out?: Float64Array): number {
  let level = initial[0]!;
  let trend = initial[1]!;
  for (let j = 0; j < WEEK_DAYS; j++) seasonals[j] = initial[2 + j]!;
  let squaredError = 0;
  let j = 0;
  for (let t = 0; t < history.length; t++) {
    const seasonal = seasonals[j]!;
    const dampedTrend = phi * trend;
    const value = history[t]!;
    const error = value - (level + dampedTrend + seasonal);
    squaredError += error * error;
    const nextLevel = level + dampedTrend + alpha * error;
    trend = dampedTrend + beta * (nextLevel - level - dampedTrend);
    seasonals[j] = seasonal + gamma * (value - nextLevel - seasonal);
    level = nextLevel;
    j = j === WEEK_DAYS - 1 ? 0 : j + 1;
  }
  if (out) {
    let trendSum = 0;
    let damping = 1;
    for (let h = 0; h < HORIZON_DAYS; h++) {
      damping *= phi;
      trendSum += damping * trend;
      out[h] = Math.max(0, level + trendSum + seasonals[(j + h) % WEEK_DAYS]!);
    }
  }
  return squaredError;
}

function fitAndForecast(history: ArrayLike<number>, withTrend: boolean, out: Float64Array): Float64Array {
  if (history.length < ETS_MIN_DAYS) return forecastRecentMean(history, out);
  initialiseState(history, withTrend);
  const betas = withTrend ? BETAS : NO_TREND;
  const phi = withTrend ? DAMPING : 1;
  let best = Infinity;
  let bestAlpha = ALPHAS[0]!;
  let bestBeta = 0;
  let bestGamma = GAMMAS[0]!;
  for (const alpha of ALPHAS) {
    for (const beta of betas) {
      for (const gamma of GAMMAS) {
        const squaredError = runSmoothing(history, alpha, beta, gamma, phi);
        if (squaredError < best) {
          best = squaredError;
          bestAlpha = alpha;
          bestBeta = beta;
          bestGamma = gamma;
        }
      }
    }
  }
  runSmoothing(history, bestAlpha, bestBeta, bestGamma, phi, out);
  return out;
}

/** Holt-Winters, level and weekly seasonals, no trend. Under two weeks of history: the recent mean. */
export function forecastEts(history: ArrayLike<number>, out: Float64Array = new Float64Array(HORIZON_DAYS)): Float64Array {
  return fitAndForecast(history, false, out);
}

/** Holt-Winters with a damped additive trend. Under two weeks of history: the recent mean. */
export function forecastEtsDamped(history: ArrayLike<number>, out: Float64Array = new Float64Array(HORIZON_DAYS)): Float64Array {
  return fitAndForecast(history, true, out);
}
