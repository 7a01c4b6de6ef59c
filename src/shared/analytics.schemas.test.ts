import { describe, expect, test } from 'vitest';
import { urgencyOf, URGENCY_LABELS } from './analytics.schemas.js';

describe('restock urgency: days of cover against the days to the next visit', () => {
  test.each([
    // cover, next visit, assumed stock, urgency
    [0, 1, false, 'urgent'],
    [1, 1, false, 'this-week'],
    [0, 3, false, 'urgent'],
    [2, 3, false, 'urgent'],
    [2, 3, true, 'soon'],
    [3, 3, false, 'this-week'],
    [6, 7, false, 'urgent'],
    [6, 2, true, 'this-week'],
    [7, 7, false, 'normal'],
    [70, 1, false, 'normal'],
  ] as const)('%i days of cover, visit in %i, assumed %s: %s', (cover, visit, assumed, urgency) => {
    expect(urgencyOf(cover, visit, assumed)).toBe(urgency);
  });

  test('no demand expected is Normal; the labels are the spec’s', () => {
    expect(urgencyOf(null, 1, false)).toBe('normal');
    expect(URGENCY_LABELS).toEqual({ urgent: 'Urgent', soon: 'Soon', 'this-week': 'This Week', normal: 'Normal' });
  });
});
