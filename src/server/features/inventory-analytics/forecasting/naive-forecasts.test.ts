import { describe, expect, it } from 'vitest';
import { forecastRecentMean, forecastSeasonalNaive } from './naive-forecasts.js';

describe('seasonal naive', () => {
  it('repeats the last seven days in order, so each weekday gets its own weekday of last week', () => {
    const history = [9, 9, 9, 1, 2, 3, 4, 5, 6, 7];
    expect(Array.from(forecastSeasonalNaive(history))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('repeats what there is when the history is shorter than a week', () => {
    expect(Array.from(forecastSeasonalNaive([4, 6]))).toEqual([4, 6, 4, 6, 4, 6, 4]);
    expect(Array.from(forecastSeasonalNaive([]))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('recent mean', () => {
  it('averages only the last four weeks, so an old level does not hold the forecast back', () => {
    const history = [...Array<number>(30).fill(100), ...Array<number>(28).fill(2)];
    expect(Array.from(forecastRecentMean(history))).toEqual(Array(7).fill(2));
  });

  it('averages all the days of a short history, and forecasts 0 without any', () => {
    expect(forecastRecentMean([1, 2, 3, 6])[0]).toBe(3);
    expect(forecastRecentMean([])[0]).toBe(0);
  });
});
