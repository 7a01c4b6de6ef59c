import { describe, expect, it } from 'vitest';
import { dateTimeFieldValue, formatChange, formatClockTime, formatMoment, hourLabel, hourSpan, coverText, nextVisitText, savingText, zonedDateTime } from './analytics-format.js';

describe('analytics wording', () => {
  it('says how long the stock lasts and when the next visit is', () => {
    expect(coverText(null)).toBe('No demand expected');
    expect(coverText(0)).toBe('Runs out today');
    expect(coverText(1)).toBe('Runs out tomorrow');
    expect(coverText(12)).toBe('About 12 days of stock');
    expect(nextVisitText(1, 1)).toBe('Monday (tomorrow)');
    expect(nextVisitText(5, 4)).toBe('Friday (in 4 days)');
  });

  it('says a saving, and what costs more rather than a negative saving', () => {
    expect(savingText('1.20', 'USD')).toBe('$1.20');
    expect(savingText('0.00', 'USD')).toBe('$0.00');
    expect(savingText('-0.45', 'USD')).toBe('Costs $0.45 more per fill');
  });

  it('names hours on a twelve-hour clock', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual(['12 AM', '1 AM', '11 AM', '12 PM', '1 PM', '11 PM']);
    expect(hourSpan(23)).toBe('11 PM to 12 AM');
  });

  it('signs a change, and has a dash when there is nothing to compare with', () => {
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-3)).toBe('−3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('—');
  });

  it('shows a moment on the operator’s clock, naming the zone', () => {
    expect(formatMoment('2025-07-01T16:05:00Z', 'America/New_York')).toBe('Jul 1, 2025, 12:05 PM EDT');
    expect(formatMoment('2025-01-15T16:05:00Z', 'America/Los_Angeles')).toBe('Jan 15, 2025, 8:05 AM PST');
  });

  it('gives the time of day of a moment minutes away on the operator’s clock', () => {
    expect(formatClockTime('2025-07-01T16:15:00Z', 'America/New_York')).toBe('12:15 PM EDT');
    expect(formatClockTime('2025-01-15T23:50:00Z', 'UTC')).toBe('11:50 PM UTC');
  });
});

describe('date-time fields on the operator’s clock', () => {
  it('reads a field in the operator’s zone, whatever the browser’s', () => {
    expect(zonedDateTime('2025-07-01T09:30', 'America/New_York')?.toISOString()).toBe('2025-07-01T13:30:00.000Z');
    expect(zonedDateTime('2025-01-15T09:30', 'America/New_York')?.toISOString()).toBe('2025-01-15T14:30:00.000Z');
    expect(zonedDateTime('2025-01-15T09:30', 'UTC')?.toISOString()).toBe('2025-01-15T09:30:00.000Z');
  });

  it('keeps the right offset on the days the clocks change', () => {
    // New York moved from UTC-5 to UTC-4 at 2:00 on 9 March 2025.
    expect(zonedDateTime('2025-03-09T01:30', 'America/New_York')?.toISOString()).toBe('2025-03-09T06:30:00.000Z');
    expect(zonedDateTime('2025-03-09T03:30', 'America/New_York')?.toISOString()).toBe('2025-03-09T07:30:00.000Z');
  });

  it('refuses text that is no date and time', () => {
    expect(zonedDateTime('', 'UTC')).toBeNull();
    expect(zonedDateTime('2025-07-01', 'UTC')).toBeNull();
  });

  it('writes a moment as the field shows it, and reads it back', () => {
    const at = new Date('2025-07-01T13:30:00Z');
    expect(dateTimeFieldValue(at, 'America/New_York')).toBe('2025-07-01T09:30');
    expect(zonedDateTime(dateTimeFieldValue(at, 'America/Chicago'), 'America/Chicago')?.toISOString()).toBe(at.toISOString());
  });
});
