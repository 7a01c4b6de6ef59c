import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../db/vote-history.js';
import { isWeeklySeasonal, trendOf, weeklySeasonalStrength, zeroDayShare } from './series-shape.js';

const WEEK = [2, 8, 8, 8, 8, 8, 3];

function poissonSeries(rate: (t: number) => number, days: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: days }, (_, t) => {
    const limit = Math.exp(-rate(t));
    let count = 0;
    for (let product = random(); product > limit; product *= random()) count += 1;
    return count;
  });
}

describe('trend', () => {
  it('is up on a rising series with a weekly pattern, down on a falling one', () => {
    expect(trendOf(Array.from({ length: 56 }, (_, t) => 10 + 0.3 * t + WEEK[t % 7]!))).toBe('up');
    expect(trendOf(Array.from({ length: 56 }, (_, t) => 30 - 0.3 * t + WEEK[t % 7]!))).toBe('down');
  });

  it('is stable on noise around a steady rate, but for the odd two-sigma fluke', () => {
    // Two sigmas either way flag about 5 % of steady series; the 15 % rule takes off a little more.
    const flagged = Array.from({ length: 1000 }, (_, seed) => trendOf(poissonSeries(() => 10, 56, seed))).filter((trend) => trend !== 'stable');
    expect(flagged.length).toBeLessThan(1000 * 0.07);
  });

  it('does not call a change of a few votes a trend, however large in percent', () => {
    // 3 votes, then 7: +133 %, but |7 − 3| = 4 is within 2·√10 ≈ 6.3 of Poisson noise.
    const before = [1, 1, 1, ...Array<number>(11).fill(0)];
    const recent = [...Array<number>(7).fill(1), ...Array<number>(7).fill(0)];
    expect(trendOf([...before, ...recent])).toBe('stable');
    // 14 votes, then 42: |42 − 14| = 28 is beyond 2·√56 ≈ 15.
    expect(trendOf([...Array<number>(14).fill(1), ...Array<number>(14).fill(3)])).toBe('up');
  });

  it('is stable under 28 days', () => {
    expect(trendOf(Array.from({ length: 27 }, (_, t) => t * 10))).toBe('stable');
  });
});

describe('weekly seasonality', () => {
  it('is full on a repeated weekly pattern and absent on a flat series', () => {
    const pattern = Array.from({ length: 56 }, (_, t) => WEEK[t % 7]!);
    expect(weeklySeasonalStrength(pattern)).toBeCloseTo(1, 6);
    expect(isWeeklySeasonal(pattern)).toBe(true);
    expect(weeklySeasonalStrength(Array<number>(56).fill(5))).toBe(0);
    expect(isWeeklySeasonal(Array<number>(56).fill(5))).toBe(false);
  });

  it('is weak on noise without a weekly pattern', () => {
    const noise = poissonSeries(() => 6, 140, 11);
    expect(weeklySeasonalStrength(noise)).toBeLessThan(0.2);
    expect(isWeeklySeasonal(noise)).toBe(false);
  });

  it('still sees the pattern under a trend, which the moving average takes out', () => {
    const trending = Array.from({ length: 56 }, (_, t) => 3 * t + WEEK[t % 7]!);
    expect(weeklySeasonalStrength(trending)).toBeGreaterThan(0.95);
  });

  it('measures from 21 days but flags a product only from eight weeks', () => {
    const short = Array.from({ length: 20 }, (_, t) => WEEK[t % 7]!);
    expect(weeklySeasonalStrength(short)).toBe(0);
    expect(isWeeklySeasonal(short)).toBe(false);
    const threeWeeks = Array.from({ length: 21 }, (_, t) => WEEK[t % 7]!);
    expect(weeklySeasonalStrength(threeWeeks)).toBeCloseTo(1, 6);
    expect(isWeeklySeasonal(threeWeeks)).toBe(false);
    expect(isWeeklySeasonal(Array.from({ length: 56 }, (_, t) => WEEK[t % 7]!))).toBe(true);
  });

  it('does not flag noise on short series', () => {
    // Noise over three and four weeks often passes the strength threshold by chance; none may be flagged.
    let strongByChance = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const noise = poissonSeries(() => 3, 21 + (seed % 8), seed);
      if (weeklySeasonalStrength(noise) >= 0.4) strongByChance += 1;
      expect(isWeeklySeasonal(noise)).toBe(false);
    }
    expect(strongByChance).toBeGreaterThan(0);
  });
});

describe('zero-day share', () => {
  it('counts the days without a vote', () => {
    expect(zeroDayShare([0, 1, 0, 0])).toBe(0.75);
    expect(zeroDayShare([])).toBe(0);
  });
});
