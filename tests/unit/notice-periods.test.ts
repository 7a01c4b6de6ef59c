import { describe, expect, test } from 'vitest';
import { addDays, lastCompletedPeriod, localClock, periodBefore, periodHolding } from '../../src/server/features/notifications/local-time.js';
import { risersAndFallers } from '../../src/server/features/notifications/notice-queries.js';

describe('local clock', () => {
  test("is the operator's date and hour, across midnight and daylight saving", () => {
    expect(localClock(new Date('2026-06-17T03:30:00Z'), 'America/New_York')).toEqual({ date: '2026-06-16', hour: 23 });
    expect(localClock(new Date('2026-06-17T03:30:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-06-16', hour: 20 });
    expect(localClock(new Date('2026-01-17T13:00:00Z'), 'America/New_York')).toEqual({ date: '2026-01-17', hour: 8 });
    expect(localClock(new Date('2026-01-17T00:00:00Z'), 'UTC')).toEqual({ date: '2026-01-17', hour: 0 });
  });

  test('adds days over month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });
});

describe('report periods', () => {
  test('each frequency holds whole days: weeks from Monday, quarters from Jan, Apr, Jul, Oct', () => {
    expect(periodHolding('daily', '2026-06-17')).toEqual({ start: '2026-06-17', end: '2026-06-18' });
    expect(periodHolding('weekly', '2026-06-17')).toEqual({ start: '2026-06-15', end: '2026-06-22' });
    expect(periodHolding('weekly', '2026-06-21')).toEqual({ start: '2026-06-15', end: '2026-06-22' });
    expect(periodHolding('weekly', '2026-06-15')).toEqual({ start: '2026-06-15', end: '2026-06-22' });
    expect(periodHolding('monthly', '2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-03-01' });
    expect(periodHolding('quarterly', '2026-12-31')).toEqual({ start: '2026-10-01', end: '2027-01-01' });
    expect(periodHolding('quarterly', '2026-04-01')).toEqual({ start: '2026-04-01', end: '2026-07-01' });
  });

  test('a report covers the last whole period, compared with the one before it', () => {
    expect(lastCompletedPeriod('daily', '2026-06-17')).toEqual({ start: '2026-06-16', end: '2026-06-17' });
    expect(lastCompletedPeriod('weekly', '2026-06-15')).toEqual({ start: '2026-06-08', end: '2026-06-15' });
    expect(lastCompletedPeriod('monthly', '2026-01-01')).toEqual({ start: '2025-12-01', end: '2026-01-01' });
    expect(lastCompletedPeriod('quarterly', '2026-06-17')).toEqual({ start: '2026-01-01', end: '2026-04-01' });
    expect(periodBefore('monthly', { start: '2026-03-01', end: '2026-04-01' })).toEqual({ start: '2026-02-01', end: '2026-03-01' });
  });
});

describe('risers and fallers', () => {
  test('the biggest changes first, at most three each way, unchanged products in neither', () => {
    const change = (productName: string, current: number, previous: number) => ({ productName, current, previous });
    const { risers, fallers } = risersAndFallers([
      change('A', 5, 1),
      change('B', 9, 1),
      change('C', 2, 2),
      change('D', 0, 7),
      change('E', 3, 2),
      change('F', 4, 3),
      change('G', 1, 2),
    ]);
    expect(risers.map((r) => r.productName)).toEqual(['B', 'A', 'E']);
    expect(fallers.map((f) => f.productName)).toEqual(['D', 'G']);
  });
});
