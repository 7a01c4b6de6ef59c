import { forecastEts, forecastEtsDamped } from './exponential-smoothing.js';
import { forecastSba, forecastTsb } from './intermittent.js';
import { forecastRecentMean, forecastSeasonalNaive } from './naive-forecasts.js';
import type { ForecastMethod, Forecaster } from './types.js';

export const FORECASTERS: Record<ForecastMethod, Forecaster> = {
  'seasonal-naive': forecastSeasonalNaive,
  mean: forecastRecentMean,
  sba: forecastSba,
  tsb: forecastTsb,
  ets: forecastEts,
  'ets-damped': forecastEtsDamped,
};

/** What the dashboard says a forecast was made with. */
export const METHOD_LABELS: Record<ForecastMethod, string> = {
  'seasonal-naive': 'Seasonal naive (same weekday last week)',
  mean: 'Average of the last four weeks',
  sba: 'Croston (SBA) for intermittent demand',
  tsb: 'TSB for intermittent demand that may fade',
  ets: 'Exponential smoothing with weekly seasonality',
  'ets-damped': 'Exponential smoothing with weekly seasonality and a damped trend',
};
