import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../db/vote-history.js';
import { FORECAST_METHODS, forecastSeries, METHOD_LABELS } from './forecast-series.js';

const WEEK = [2, 8, 8, 8, 8, 8, 3]; // by weekday, Sunday first

describe('forecastSeries', () => {
  it('forecasts a constant series exactly, with full confidence', () => {
    const result = forecastSeries(Array<number>(56).fill(5), 1);
    expect(result.daily).toEqual(Array(7).fill(5));
    expect(result.week).toBe(35);
    expect(result.confidence).toBe(100);
    expect(result.trend).toBe('stable');
    expect(result.seasonal).toBe(false);
    expect(result.backtest.folds).toBe(6);
  });

  it('forecasts 0 for a product nobody voted for, with full confidence: eight weeks of nothing forecast as nothing', () => {
    const result = forecastSeries(Array<number>(56).fill(0));
    expect(result.daily).toEqual(Array(7).fill(0));
    expect(result.week).toBe(0);
    expect(result.confidence).toBe(100);
    expect(result.backtest.weeklyError).toBe(0);
    expect(result.seasonal).toBe(false);
    expect(result.zeroDayShare).toBe(1);
  });

  it('repeats a weekly pattern on the right weekdays', () => {
    const firstWeekday = 3; // the history starts on a Wednesday and runs 58 days, to a Thursday
    const history = Array.from({ length: 58 }, (_, t) => WEEK[(firstWeekday + t) % 7]!);
    const result = forecastSeries(history, firstWeekday);
    expect(result.weekdays).toEqual([5, 6, 0, 1, 2, 3, 4]);
    expect(result.daily).toEqual(result.weekdays.map((weekday) => WEEK[weekday]));
    expect(result.week).toBe(45);
    expect(result.confidence).toBeGreaterThanOrEqual(95);
    expect(result.seasonal).toBe(true);
    expect(result.seasonalStrength).toBe(1);
  });

  it('forecasts an intermittent series with an intermittent method, at about its true rate', () => {
    const random = seededRandom(42);
    const history: number[] = [];
    while (history.length < 180) history.push(...Array<number>(3 + Math.floor(random() * 3)).fill(0), 3); // a 3 every 4th to 6th day
    const series = history.slice(0, 180);
    const result = forecastSeries(series);
    const zeros = series.filter((value) => value === 0).length;
    expect(result.zeroDayShare).toBe(zeros / 180);
    expect(['sba', 'tsb']).toContain(result.method);
    // A 3 every 5 days on average is 4.2 a week; within 20 %, for the gaps this seed happened to draw.
    expect(Math.abs(result.week - 4.2)).toBeLessThan(0.84);
    expect(result.daily.every((value) => value >= 0)).toBe(true);
  });

  it('sees a rising and a falling trend through a weekly pattern', () => {
    expect(forecastSeries(Array.from({ length: 56 }, (_, t) => Math.round(10 + 0.3 * t + WEEK[t % 7]!))).trend).toBe('up');
    const falling = Array.from({ length: 56 }, (_, t) => Math.round(30 - 0.3 * t + WEEK[t % 7]!));
    expect(forecastSeries(falling).trend).toBe('down');
    expect(forecastSeries(falling).week).toBeLessThan(falling.slice(-7).reduce((sum, value) => sum + value, 0));
    const steady = forecastSeries(Array.from({ length: 56 }, (_, t) => WEEK[t % 7]! + (t % 3)));
    expect(steady.trend).toBe('stable');
  });

  it('falls back to the mean of a history too short to back-test, with confidence 0', () => {
    const result = forecastSeries([1, 2, 3, 4, 5, 0, 0, 1, 2, 2]);
    expect(result.method).toBe('mean');
    expect(result.daily).toEqual(Array(7).fill(2));
    expect(result.week).toBe(14);
    expect(result.confidence).toBe(0);
    expect(result.backtest).toMatchObject({ enoughHistory: false, folds: 0, weeklyError: null, dailyMae: null, baselineWeeklyError: null, candidates: [] });
    expect(result.historyDays).toBe(10);
  });

  it('back-tests from 21 days on, and judges a last-week jump as the miss it was', () => {
    expect(forecastSeries(Array<number>(21).fill(1)).backtest).toMatchObject({ enoughHistory: true, folds: 1 });
    const jump = forecastSeries([...Array<number>(63).fill(5), ...Array<number>(7).fill(50)]);
    expect(jump.backtest.folds).toBe(8);
    expect(jump.confidence).toBeLessThan(60);
    expect(jump.backtest.baselineWeeklyError).toBeCloseTo(315 / 595, 4);
  });

  it('uses only the last 365 days', () => {
    const old = Array<number>(400).fill(50);
    const result = forecastSeries([...old, ...Array<number>(365).fill(2)]);
    expect(result.week).toBe(14);
    expect(result.historyDays).toBe(765);
    expect(result.backtest.folds).toBe(8);
  });

  it('labels every method', () => {
    for (const method of FORECAST_METHODS) expect(METHOD_LABELS[method]).toMatch(/\w/);
  });
});
