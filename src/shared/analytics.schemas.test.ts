import { describe, expect, test } from 'vitest';
import { urgencyOf, URGENCY_LABELS } from './analytics.schemas.js';

describe('restock urgency (spec: 1 or fewer Urgent, 2-3 Soon, 4-7 This Week, above 7 Normal)', () => {
  test.each([
    [0, 'urgent'],
    [1, 'urgent'],
    [2, 'soon'],
    [3, 'soon'],
    [4, 'this-week'],
    [7, 'this-week'],
    [8, 'normal'],
    [60, 'normal'],
  ] as const)('%i days: %s', (days, urgency) => {
    expect(urgencyOf(days)).toBe(urgency);
  });

  test('no demand expected is Normal; the labels are the spec’s', () => {
    expect(urgencyOf(null)).toBe('normal');
    expect(URGENCY_LABELS).toEqual({ urgent: 'Urgent', soon: 'Soon', 'this-week': 'This Week', normal: 'Normal' });
  });
});
