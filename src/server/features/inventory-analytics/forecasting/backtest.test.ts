import { afterEach, describe, expect, it, vi } from 'vitest';
import { backtestMethods, chooseCandidate, countFolds, foldOrigin, MAX_FOLDS, MIN_BACKTEST_DAYS } from './backtest.js';
import { FORECASTERS } from './methods.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rolling-origin folds', () => {
  it('fit one fold per week back from the end, each leaving at least 14 days to train on, at most 8', () => {
    expect(MIN_BACKTEST_DAYS).toBe(21);
    expect(countFolds(20)).toBe(0);
    expect(countFolds(21)).toBe(1);
    expect(countFolds(27)).toBe(1);
    expect(countFolds(28)).toBe(2);
    expect(countFolds(14 + 7 * MAX_FOLDS)).toBe(MAX_FOLDS);
    expect(countFolds(365)).toBe(MAX_FOLDS);
    expect([0, 1, 2].map((k) => foldOrigin(60, k))).toEqual([53, 46, 39]);
  });

  it('train each method on the days before the origin only', () => {
    const seen: number[][] = [];
    const original = FORECASTERS.mean;
    vi.spyOn(FORECASTERS, 'mean').mockImplementation((history, out) => {
      seen.push(Array.from(history));
      return original(history, out);
    });
    const series = Float64Array.from({ length: 40 }, (_, t) => t);
    const { folds } = backtestMethods(series, ['mean']);
    expect(folds).toBe(3);
    // The history handed over is the series up to the origin: its last day is the one before the test week.
    expect(seen.map((history) => history.length)).toEqual([33, 26, 19]);
    expect(seen.map((history) => history.at(-1))).toEqual([32, 25, 18]);
  });

  it('score a jump in the last week as a miss of every method, which no fold could have seen coming', () => {
    const series = Float64Array.from([...Array<number>(63).fill(5), ...Array<number>(7).fill(50)]);
    const { folds, candidates } = backtestMethods(series, ['seasonal-naive', 'mean', 'tsb', 'ets']);
    expect(folds).toBe(8);
    // Seven folds of 35 forecast and 35 seen, then 35 forecast and 350 seen.
    const expected = 315 / (35 * 7 + 350);
    for (const candidate of candidates) expect(candidate.weeklyError).toBeCloseTo(expected, 9);
  });
});

describe('choosing a method', () => {
  const candidate = (method: 'seasonal-naive' | 'mean' | 'sba' | 'ets', selectionError: number) => ({ method, weeklyError: 0, dailyMae: 0, selectionError });

  it('takes the fewest missed votes', () => {
    expect(chooseCandidate([candidate('seasonal-naive', 0.5), candidate('mean', 0.2), candidate('ets', 0.3)])?.method).toBe('mean');
  });

  it('prefers the simpler method on a tie, in whatever order the candidates come', () => {
    expect(chooseCandidate([candidate('ets', 0.2), candidate('sba', 0.2), candidate('mean', 0.2)])?.method).toBe('mean');
    expect(chooseCandidate([candidate('ets', 0), candidate('seasonal-naive', 0)])?.method).toBe('seasonal-naive');
  });

  it('answers nothing without candidates', () => {
    expect(chooseCandidate([])).toBeUndefined();
  });
});
