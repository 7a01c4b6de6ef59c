import { describe, expect, it } from 'vitest';
import { forecastEts, forecastEtsDamped } from './exponential-smoothing.js';

const WEEK = [2, 8, 8, 8, 8, 8, 3];
const repeatWeek = (days: number) => Array.from({ length: days }, (_, t) => WEEK[t % 7]!);

describe('exponential smoothing with weekly seasonality', () => {
  it('reproduces an exact weekly pattern, lined up by position', () => {
    const forecast = forecastEts(repeatWeek(59)); // 59 days: the next day is position 59, weekday slot 3
    expect(Array.from(forecast).map((value) => Math.round(value * 1e6) / 1e6)).toEqual([8, 8, 8, 3, 2, 8, 8]);
  });

  it('with a damped trend, carries a rise on, but by less than the straight line would', () => {
    const rising = (t: number) => 10 + 0.5 * t + (t % 7 === 0 ? 4 : 0);
    const history = Array.from({ length: 70 }, (_, t) => rising(t));
    const total = (values: ArrayLike<number>) => Array.from(values).reduce((sum, value) => sum + value, 0);
    const line = total(Array.from({ length: 7 }, (_, h) => rising(70 + h)));
    const damped = total(forecastEtsDamped(history));
    expect(damped).toBeGreaterThan(total(forecastEts(history)));
    expect(damped).toBeLessThan(line);
  });

  it('never forecasts below 0, even when a series falls steeply', () => {
    const history = Array.from({ length: 42 }, (_, t) => Math.max(0, 40 - t));
    for (const value of forecastEtsDamped(history)) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('falls back to the recent mean under two weeks of history', () => {
    expect(Array.from(forecastEts([1, 2, 3, 6]))).toEqual(Array(7).fill(3));
  });
});
