import { describe, expect, it } from 'vitest';
import { formatClockTime, formatComputedAt, hourRange, machineLabel, machineOfFigures, percentOf } from './format.js';

describe('how the demographics page words its figures', () => {
  it('names hours and shares', () => {
    expect(hourRange(23)).toBe('23:00–00:00');
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(1, 0)).toBe(0);
  });

  it('gives moments on the operator’s clock, the zone named', () => {
    expect(formatComputedAt('2025-03-03T07:14:00Z', 'America/New_York')).toBe('Mar 3, 2025, 2:14 AM EST');
    expect(formatClockTime('2025-03-03T07:24:00Z', 'America/New_York')).toBe('2:24 AM EST');
  });

  it('falls back to UTC, named, for a zone the browser does not know', () => {
    expect(formatClockTime('2025-03-03T07:24:00Z', 'Nowhere/Special')).toBe('7:24 AM UTC');
  });

  it('names the one machine the figures are of, with its location', () => {
    const locations = [
      { name: 'Office Tower', region: 'Illinois', machines: [{ id: 4, name: 'Lobby Snacks' }] },
      { name: 'Fitness Center', region: null, machines: [{ id: 7, name: 'Gym Drinks' }] },
    ];
    expect(machineOfFigures({ machineId: 7, locations })).toEqual({ id: 7, name: 'Gym Drinks', location: 'Fitness Center' });
    expect(machineOfFigures({ machineId: null, locations })).toBeNull();
    expect(machineOfFigures({ machineId: 99, locations })).toBeNull();
    expect(machineLabel({ name: 'Gym Drinks', location: 'Fitness Center' })).toBe('Gym Drinks (Fitness Center)');
  });
});
