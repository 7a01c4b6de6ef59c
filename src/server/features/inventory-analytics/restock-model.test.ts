import { describe, expect, test } from 'vitest';
import { daysUntil, MIN_VOTES_FOR_RATIO, stockFigures, unitsPerVote } from './restock-model.js';

const flat = (perDay: number) => new Array<number>(7).fill(perDay);

describe('units per up-vote', () => {
  test('1, and not measured, until enough up-votes fall between recorded visits', () => {
    expect(unitsPerVote([])).toEqual({ value: 1, measured: false });
    expect(unitsPerVote([{ stockAfter: 30, leftAtNext: 20, upVotes: MIN_VOTES_FOR_RATIO - 1 }])).toEqual({ value: 1, measured: false });
  });

  test('units gone between visits over the up-votes in between, pooled, within bounds', () => {
    // 20 + 10 units sold against 40 + 20 up-votes.
    expect(unitsPerVote([
      { stockAfter: 40, leftAtNext: 20, upVotes: 40 },
      { stockAfter: 30, leftAtNext: 20, upVotes: 20 },
    ])).toEqual({ value: 0.5, measured: true });
    expect(unitsPerVote([{ stockAfter: 500, leftAtNext: 0, upVotes: 10 }]).value).toBe(20);
    // A refill recorded with more left than was there sells nothing, never a negative amount.
    expect(unitsPerVote([{ stockAfter: 10, leftAtNext: 15, upVotes: 30 }])).toEqual({ value: 1, measured: false });
  });
});

describe('stock figures', () => {
  test('recommended stock: the threshold plus the share of the machine week, in units', () => {
    const figures = stockFigures({ dailyForecast: flat(2), demandShare: 0.25, machinePredictedWeek: 56, unitsPerVote: 1.5, threshold: 20, lastRestock: null, upVotesThisWeek: 0 });
    // 0.25 × 56 × 1.5 = 21 units for a 7-day fill.
    expect(figures.recommendedStock).toBe(41);
    expect(figures.stockBasis).toBe('assumed-weekly-fill');
    expect(figures.estimatedStock).toBe(41);
  });

  test('a recorded restock less what sold since; days until the daily forecast reaches the threshold', () => {
    const figures = stockFigures({
      dailyForecast: flat(5),
      demandShare: 1,
      machinePredictedWeek: 35,
      unitsPerVote: 1,
      threshold: 20,
      lastRestock: { stockAfter: 43, upVotesSince: 5 },
      upVotesThisWeek: 99,
    });
    expect(figures).toEqual({ recommendedStock: 55, estimatedStock: 38, stockBasis: 'restock-record', daysUntilRestock: 3 });
  });

  test('days until restock follows the weekly shape and is null without demand', () => {
    expect(daysUntil(20, 20, flat(3), 1)).toBe(0);
    expect(daysUntil(21, 20, flat(3), 1)).toBe(0);
    // 10 above the threshold: 1 on each of the first days, 8 on the fourth.
    expect(daysUntil(30, 20, [1, 1, 1, 8, 1, 1, 1], 1)).toBe(3);
    expect(daysUntil(30, 20, flat(0), 1)).toBeNull();
  });
});
