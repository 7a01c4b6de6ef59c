import { describe, expect, test } from 'vitest';
import { daysToNextFill, daysUntil, MIN_VOTES_FOR_RATIO, stockFigures, unitsPerVote } from './restock-model.js';

const flat = (perDay: number) => new Array<number>(7).fill(perDay);

describe('units per up-vote', () => {
  test('1, and not measured, until enough up-votes fall between recorded visits', () => {
    expect(unitsPerVote([])).toEqual({ value: 1, measured: false });
    expect(unitsPerVote([{ unitsSold: 10, upVotes: MIN_VOTES_FOR_RATIO - 1 }])).toEqual({ value: 1, measured: false });
    // The operator's own assumption stands in until then.
    expect(unitsPerVote([], 0.5)).toEqual({ value: 0.5, measured: false });
  });

  test('units gone between visits over the up-votes in between, pooled, within bounds', () => {
    // 20 + 10 units sold against 40 + 20 up-votes, at two products of the machine.
    expect(unitsPerVote([
      { unitsSold: 20, upVotes: 40 },
      { unitsSold: 10, upVotes: 20 },
    ])).toEqual({ value: 0.5, measured: true });
    expect(unitsPerVote([{ unitsSold: 500, upVotes: 10 }]).value).toBe(20);
    // Nothing gone between the visits measures nothing.
    expect(unitsPerVote([{ unitsSold: 0, upVotes: 30 }])).toEqual({ value: 1, measured: false });
  });
});

describe('stock figures', () => {
  test('recommended stock: the threshold plus the share of the machine week, in units', () => {
    const figures = stockFigures({ dailyForecast: flat(2), demandShare: 0.25, machinePredictedWeek: 56, unitsPerVote: 1.5, threshold: 20, lastRestock: null, upVotesSinceFill: 0, daysToNextVisit: 3 });
    // 0.25 × 56 × 1.5 = 21 units for a 7-day fill.
    expect(figures.recommendedStock).toBe(41);
    expect(figures.stockBasis).toBe('assumed-weekly-fill');
    expect(figures.estimatedStock).toBe(41);
  });

  test('a recorded restock less what sold since; days of cover until the daily forecast sells it all', () => {
    const figures = stockFigures({
      dailyForecast: flat(5),
      demandShare: 1,
      machinePredictedWeek: 35,
      unitsPerVote: 1,
      threshold: 20,
      lastRestock: { stockAfter: 43, upVotesSince: 5 },
      upVotesSinceFill: 99,
      daysToNextVisit: 7,
    });
    // 38 units at 5 a day last 7 days (gone on the eighth): a week of cover is Normal.
    expect(figures).toEqual({ recommendedStock: 55, estimatedStock: 38, stockBasis: 'restock-record', daysOfCover: 7, urgency: 'normal' });
  });

  test('urgency: recorded stock running out before the next visit is Urgent; the same on assumed stock only Soon', () => {
    const inputs = { dailyForecast: flat(10), demandShare: 1, machinePredictedWeek: 70, unitsPerVote: 1, threshold: 20, upVotesSinceFill: 0 };
    const recorded = { ...inputs, lastRestock: { stockAfter: 25, upVotesSince: 0 } };
    expect(stockFigures({ ...recorded, daysToNextVisit: 4 })).toMatchObject({ daysOfCover: 2, urgency: 'urgent' });
    expect(stockFigures({ ...recorded, daysToNextVisit: 2 })).toMatchObject({ daysOfCover: 2, urgency: 'this-week' });
    // Ten weeks of cover at the reorder threshold: nothing to hurry for.
    expect(stockFigures({ ...inputs, dailyForecast: flat(2 / 7), lastRestock: { stockAfter: 20, upVotesSince: 0 }, daysToNextVisit: 1 })).toMatchObject({
      daysOfCover: 69,
      urgency: 'normal',
    });
    // Assumed: filled to 90 on the fill day, 85 sold since, 5 left: may run out, never Urgent.
    expect(stockFigures({ ...inputs, lastRestock: null, upVotesSinceFill: 85, daysToNextVisit: 4 })).toMatchObject({
      stockBasis: 'assumed-weekly-fill',
      daysOfCover: 0,
      urgency: 'soon',
    });
  });

  test('the next fill day is one to seven days ahead', () => {
    expect(daysToNextFill(1, 1)).toBe(7);
    expect(daysToNextFill(0, 1)).toBe(1);
    expect(daysToNextFill(5, 1)).toBe(3);
    expect(daysToNextFill(1, 0)).toBe(6);
  });

  test('days until a floor follows the weekly shape and is null without demand', () => {
    expect(daysUntil(20, 20, flat(3), 1)).toBe(0);
    expect(daysUntil(21, 20, flat(3), 1)).toBe(0);
    // 10 above the threshold: 1 on each of the first days, 8 on the fourth.
    expect(daysUntil(30, 20, [1, 1, 1, 8, 1, 1, 1], 1)).toBe(3);
    expect(daysUntil(30, 20, flat(0), 1)).toBeNull();
  });
});
