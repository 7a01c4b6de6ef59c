import { HORIZON_DAYS } from './types.js';

/**
 * Forecasts for intermittent demand: a product that sells on some days and not at all on most.
 * Both methods forecast a flat daily rate. Croston smooths the size of a demand and the gap
 * between demands apart; the Syntetos–Boylan approximation (SBA) takes off the bias that dividing
 * the two brings. TSB (Teunter–Syntetos–Babai) smooths the chance of a demand every day instead of
 * the gap, so a product that has stopped selling sees its forecast fall day by day, where Croston
 * would keep forecasting the old rate until the next sale.
 *
 * The smoothing constants come from a small grid by in-sample one-step squared error, which
 * costs one pass per constant.
 */
const SBA_ALPHAS = [0.05, 0.1, 0.2, 0.3];
const TSB_SIZE_ALPHAS = [0.05, 0.1, 0.2];
const TSB_PROBABILITY_BETAS = [0.02, 0.05, 0.1, 0.2];

export interface IntermittentFit {
  /** Forecast demand per day. */
  rate: number;
  /** Sum of squared one-step errors after the first demand, which starts the method. */
  squaredError: number;
}

function firstDemandIndex(history: ArrayLike<number>): number {
  for (let t = 0; t < history.length; t++) if (history[t]! > 0) return t;
  return -1;
}

/**
 * Croston–SBA at one smoothing constant. Starts from the first demand: its size, and its gap
 * counted from the start of the history. Answers a rate of 0 for a history without demand.
 */
export function runSba(history: ArrayLike<number>, alpha: number): IntermittentFit {
  const first = firstDemandIndex(history);
  if (first === -1) return { rate: 0, squaredError: 0 };
  const correction = 1 - alpha / 2;
  let size = history[first]!;
  let interval = first + 1;
  let sinceDemand = 1;
  let squaredError = 0;
  for (let t = first + 1; t < history.length; t++) {
    const value = history[t]!;
    const error = value - (correction * size) / interval;
    squaredError += error * error;
    if (value > 0) {
      size += alpha * (value - size);
      interval += alpha * (sinceDemand - interval);
      sinceDemand = 1;
    } else {
      sinceDemand += 1;
    }
  }
  return { rate: (correction * size) / interval, squaredError };
}

/** TSB at one pair of constants: `alpha` for the demand size, `beta` for the daily chance of a demand. */
export function runTsb(history: ArrayLike<number>, alpha: number, beta: number): IntermittentFit {
  const first = firstDemandIndex(history);
  if (first === -1) return { rate: 0, squaredError: 0 };
  let size = history[first]!;
  let probability = 1 / (first + 1);
  let squaredError = 0;
  for (let t = first + 1; t < history.length; t++) {
    const value = history[t]!;
    const error = value - probability * size;
    squaredError += error * error;
    if (value > 0) {
      probability += beta * (1 - probability);
      size += alpha * (value - size);
    } else {
      probability -= beta * probability;
    }
  }
  return { rate: probability * size, squaredError };
}

export function forecastSba(history: ArrayLike<number>, out: Float64Array = new Float64Array(HORIZON_DAYS)): Float64Array {
  let best: IntermittentFit = { rate: 0, squaredError: Infinity };
  for (const alpha of SBA_ALPHAS) {
    const fit = runSba(history, alpha);
    if (fit.squaredError < best.squaredError) best = fit;
  }
  out.fill(Math.max(0, best.rate));
  return out;
}

export function forecastTsb(history: ArrayLike<number>, out: Float64Array = new Float64Array(HORIZON_DAYS)): Float64Array {
  let best: IntermittentFit = { rate: 0, squaredError: Infinity };
  for (const alpha of TSB_SIZE_ALPHAS) {
    for (const beta of TSB_PROBABILITY_BETAS) {
      const fit = runTsb(history, alpha, beta);
      if (fit.squaredError < best.squaredError) best = fit;
    }
  }
  out.fill(Math.max(0, best.rate));
  return out;
}
