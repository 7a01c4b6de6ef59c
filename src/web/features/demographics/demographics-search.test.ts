import { describe, expect, it } from 'vitest';
import { scopeFromValue, scopeValue, searchForSelection, selectionFromSearch } from './demographics-search.js';

describe('the demographics page in the URL', () => {
  it('reads the scope, range and tab, with defaults for anything missing or unknown', () => {
    expect(selectionFromSearch(new URLSearchParams(''))).toEqual({ scope: { kind: 'all' }, range: '30d', tab: 'age' });
    expect(selectionFromSearch(new URLSearchParams('location=Gym&range=7d&tab=behavior'))).toEqual({
      scope: { kind: 'location', location: 'Gym' },
      range: '7d',
      tab: 'behavior',
    });
    expect(selectionFromSearch(new URLSearchParams('machineId=12&location=Gym&range=2y&tab=nope'))).toEqual({
      scope: { kind: 'machine', machineId: 12 },
      range: '30d',
      tab: 'age',
    });
    expect(selectionFromSearch(new URLSearchParams('machineId=-3&location=%20')).scope).toEqual({ kind: 'all' });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(searchForSelection({ scope: { kind: 'all' }, range: '30d', tab: 'age' }).toString()).toBe('');
    const selection = { scope: { kind: 'location', location: 'Fitness & Gym' }, range: '1y', tab: 'regional' } as const;
    const search = searchForSelection(selection);
    expect(search.toString()).toBe('location=Fitness+%26+Gym&range=1y&tab=regional');
    expect(selectionFromSearch(search)).toEqual(selection);
  });

  it('turns a scope into one select value and back, names with colons included', () => {
    for (const scope of [{ kind: 'all' }, { kind: 'machine', machineId: 7 }, { kind: 'location', location: 'Dock: North' }] as const) {
      expect(scopeFromValue(scopeValue(scope))).toEqual(scope);
    }
  });
});
