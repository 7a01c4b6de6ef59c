import { describe, expect, it } from 'vitest';
import { dollars, formatDay, recordPlace, unitsOf } from './donation-format.js';

describe('donation wording', () => {
  it('shows a calendar day whatever the clock’s zone', () => {
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDay('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('shows US dollars', () => {
    expect(dollars('1234.5')).toBe('$1,234.50');
  });

  it('counts units and places the charity', () => {
    expect(unitsOf({ products: [{ quantity: 2 }, { quantity: 10 }] as never })).toBe(12);
    expect(recordPlace({ charityAddress: '', charityCity: 'Austin', charityState: 'TX', charityZip: '78701' })).toBe('Austin, TX 78701');
  });
});
