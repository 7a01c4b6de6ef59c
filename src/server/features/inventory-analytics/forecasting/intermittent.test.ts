import { describe, expect, it } from 'vitest';
import { forecastSba, forecastTsb, runSba, runTsb } from './intermittent.js';

describe('Croston with the SBA correction', () => {
  it('matches a hand computation', () => {
    // First demand 3 at day 2 (gap 3 from the start): size 3, interval 3.
    // Demand 5 after a gap of 2: size 3 + 0.5·(5 − 3) = 4, interval 3 + 0.5·(2 − 3) = 2.5.
    // Demand 2 after a gap of 4: size 4 + 0.5·(2 − 4) = 3, interval 2.5 + 0.5·(4 − 2.5) = 3.25.
    // Rate (1 − 0.5/2) · 3 / 3.25.
    const fit = runSba([0, 0, 3, 0, 5, 0, 0, 0, 2], 0.5);
    expect(fit.rate).toBeCloseTo((0.75 * 3) / 3.25, 12);
  });

  it('forecasts 0 every day for a history without a sale', () => {
    expect(Array.from(forecastSba([0, 0, 0, 0]))).toEqual(Array(7).fill(0));
  });

  it('forecasts a flat rate near the true one on a regular intermittent series', () => {
    const history = Array.from({ length: 120 }, (_, t) => (t % 4 === 3 ? 4 : 0));
    const forecast = forecastSba(history);
    expect(new Set(forecast).size).toBe(1);
    expect(forecast[0]).toBeGreaterThan(0.85);
    expect(forecast[0]).toBeLessThanOrEqual(1);
  });
});

describe('TSB', () => {
  it('matches a hand computation', () => {
    // First demand 2 at day 1: size 2, chance 1/2. Day 2, none: chance 0.5·(1 − 0.5) = 0.25.
    // Day 3, demand 6: chance 0.25 + 0.5·0.75 = 0.625, size 2 + 0.5·(6 − 2) = 4. Rate 0.625 · 4.
    expect(runTsb([0, 2, 0, 6], 0.5, 0.5).rate).toBeCloseTo(2.5, 12);
  });

  it('lets the forecast of a product that stopped selling fall, where Croston keeps the old rate', () => {
    const history = [...Array.from({ length: 60 }, (_, t) => (t % 3 === 0 ? 3 : 0)), ...Array<number>(40).fill(0)];
    expect(forecastTsb(history)[0]).toBeLessThan(0.5 * forecastSba(history)[0]!);
  });
});
