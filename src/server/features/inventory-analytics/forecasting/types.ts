/** The methods a series can be forecast with, in the order a tie prefers them (simplest first). */
export const FORECAST_METHODS = ['seasonal-naive', 'mean', 'sba', 'tsb', 'ets', 'ets-damped'] as const;
export type ForecastMethod = (typeof FORECAST_METHODS)[number];

/** Days forecast, and the length of the weekly cycle the methods and the back-test assume. */
export const HORIZON_DAYS = 7;
export const WEEK_DAYS = 7;

export type Trend = 'up' | 'down' | 'stable';

export interface CandidateError {
  method: ForecastMethod;
  weeklyError: number;
  dailyMae: number;
}

export interface ForecastResult {
  method: ForecastMethod;
  /** The coming 7 days, each at least 0, to 2 decimals. */
  daily: number[];
  /** The weekday (0 = Sunday) of each value of `daily`, from the `firstWeekday` given. */
  weekdays: number[];
  /** Sum of `daily`, to 1 decimal: the "predicted demand for the coming week". */
  week: number;
  /** 0–100, from the chosen method's back-test error only. */
  confidence: number;
  backtest: {
    /** False when the history is too short to back-test; the forecast is then the plain mean. */
    enoughHistory: boolean;
    /** 0 when not back-tested. */
    folds: number;
    weeklyError: number | null;
    dailyMae: number | null;
    /** Seasonal naive on the same folds, the baseline the chosen method should beat. */
    baselineWeeklyError: number | null;
    candidates: CandidateError[];
  };
  historyDays: number;
  /** Share of the days (of at most the last 365) without a single vote, 0–1. */
  zeroDayShare: number;
  trend: Trend;
  seasonal: boolean;
  /** 0–1, to 2 decimals. */
  seasonalStrength: number;
}

/** Every method: fits `history` (oldest first) and writes the next 7 days into `out`, each ≥ 0. */
export type Forecaster = (history: ArrayLike<number>, out?: Float64Array) => Float64Array;
