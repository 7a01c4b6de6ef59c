import { backtestMethods, chooseCandidate, MIN_BACKTEST_DAYS } from './backtest.js';
import { FORECASTERS } from './methods.js';
import { isWeeklySeasonal, trendOf, weeklySeasonalStrength, zeroDayShare } from './series-shape.js';
import { HORIZON_DAYS, WEEK_DAYS, type ForecastResult } from './types.js';

export { METHOD_LABELS } from './methods.js';
export { FORECAST_METHODS, type CandidateError, type ForecastMethod, type ForecastResult, type Trend } from './types.js';

/** A year covers every weekly and most seasonal patterns; older days would only slow the fits down. */
export const MAX_TRAINING_DAYS = 365;
export { MIN_BACKTEST_DAYS };

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Forecasts the coming 7 days of a daily count series with the method that did best on the
 * series' own recent weeks (see backtest.ts), and describes the series: trend, weekly pattern,
 * share of empty days. Pure: no I/O, same input, same answer.
 *
 * `history` is the daily series oldest first, ending with the last complete day, every day present
 * (0 for a day without votes); only its last 365 days are used. `firstWeekday` is the weekday
 * (0 = Sunday) of history[0]. The methods need no calendar — a weekly cycle lines up by position —
 * so it only names the weekday of each forecast day (`weekdays`), for the dashboard to label.
 * Under 21 days there is nothing to back-test: the forecast is the mean of the days there are,
 * with confidence 0 and `backtest.enoughHistory` false.
 */
export function forecastSeries(history: number[], firstWeekday = 0): ForecastResult {
  const series = Float64Array.from(history.slice(-MAX_TRAINING_DAYS));
  const weekdays = Array.from({ length: HORIZON_DAYS }, (_, h) => (((firstWeekday + history.length + h) % WEEK_DAYS) + WEEK_DAYS) % WEEK_DAYS);
  const strength = weeklySeasonalStrength(series);
  const shape = {
    historyDays: history.length,
    zeroDayShare: zeroDayShare(series),
    trend: trendOf(series),
    seasonal: isWeeklySeasonal(series, strength),
    seasonalStrength: round(strength, 2),
  };
  const { folds, candidates } = backtestMethods(series);
  const chosen = chooseCandidate(candidates);
  const method = chosen?.method ?? 'mean';
  const forecast = FORECASTERS[method](series);
  const baseline = candidates.find((candidate) => candidate.method === 'seasonal-naive');
  return {
    method,
    daily: Array.from(forecast, (value) => round(value, 2)),
    weekdays,
    week: round(forecast.reduce((sum, value) => sum + value, 0), 1),
    confidence: chosen ? Math.round(100 * Math.max(0, 1 - chosen.weeklyError)) : 0,
    backtest: {
      enoughHistory: series.length >= MIN_BACKTEST_DAYS,
      folds,
      weeklyError: chosen ? round(chosen.weeklyError, 4) : null,
      dailyMae: chosen ? round(chosen.dailyMae, 4) : null,
      baselineWeeklyError: baseline ? round(baseline.weeklyError, 4) : null,
      candidates: candidates.map((candidate) => ({
        method: candidate.method,
        weeklyError: round(candidate.weeklyError, 4),
        dailyMae: round(candidate.dailyMae, 4),
      })),
    },
    ...shape,
  };
}
