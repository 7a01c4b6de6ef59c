import { describe, expect, test } from 'vitest';
import { ExportMessages } from '../../../shared/exports.schemas.js';
import { calendarDay, describePeriod, periodErrors, presetPeriod } from './export-period.js';

describe('presetPeriod', () => {
  test.each([
    ['last30', '2025-03-10', { from: '2025-02-09', to: '2025-03-10' }],
    ['lastMonth', '2025-03-10', { from: '2025-02-01', to: '2025-02-28' }],
    ['lastMonth', '2024-01-15', { from: '2023-12-01', to: '2023-12-31' }],
    ['lastMonth', '2024-03-01', { from: '2024-02-01', to: '2024-02-29' }],
    ['thisYear', '2025-03-10', { from: '2025-01-01', to: '2025-03-10' }],
    ['allTime', '2025-03-10', { from: '', to: '' }],
  ] as const)('%s seen from %s', (preset, today, expected) => {
    expect(presetPeriod(preset, today)).toEqual(expected);
  });
});

describe('periodErrors', () => {
  test('open ends and ordered days are fine', () => {
    expect(periodErrors({ from: '', to: '' })).toEqual({});
    expect(periodErrors({ from: '2025-03-01', to: '2025-03-01' })).toEqual({});
  });

  test('the same messages as the server', () => {
    expect(periodErrors({ from: '2025-04-01', to: '2025-03-31' })).toEqual({ to: ExportMessages.fromAfterTo });
    expect(periodErrors({ from: '1999-12-31', to: '' })).toEqual({ from: ExportMessages.outOfRange('start') });
    expect(periodErrors({ from: '', to: '2025-02-30' })).toEqual({ to: ExportMessages.notACalendarDay('end', '2025-02-30') });
  });
});

test('calendarDay reads the day in the given zone', () => {
  const lateEvening = new Date('2025-03-01T03:00:00Z');
  expect(calendarDay('America/New_York', lateEvening)).toBe('2025-02-28');
  expect(calendarDay('UTC', lateEvening)).toBe('2025-03-01');
});

test('describePeriod', () => {
  expect(describePeriod({ from: '2025-03-01', to: '2025-03-31' })).toBe('from Mar 1, 2025 to Mar 31, 2025');
  expect(describePeriod({ from: '2025-03-01', to: '2025-03-01' })).toBe('on Mar 1, 2025');
  expect(describePeriod({ from: '2025-03-01', to: '' })).toBe('since Mar 1, 2025');
  expect(describePeriod({ from: '', to: '2025-03-31' })).toBe('up to Mar 31, 2025');
  expect(describePeriod({ from: '', to: '' })).toBe('over all time');
});
