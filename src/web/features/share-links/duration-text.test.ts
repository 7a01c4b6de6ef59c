import { describe, expect, test } from 'vitest';
import { durationText } from './duration-text.js';

describe('durationText', () => {
  test.each([
    [0, 'under a minute'],
    [0.005, 'under a minute'],
    [0.5, '30 minutes'],
    [1 / 60, '1 minute'],
    [0.999, '1 hour'],
    [1, '1 hour'],
    [3.54, '3.5 hours'],
    [47.9, '47.9 hours'],
    [48, '2 days'],
    [60, '2.5 days'],
  ])('%s hours reads %s', (hours, text) => {
    expect(durationText(hours)).toBe(text);
  });
});
