import { describe, expect, it } from 'vitest';
import { readAnalyticsSearch, writeAnalyticsSearch } from './analytics-search.js';

describe('the inventory analytics choices in the URL', () => {
  it('reads the machine, range and tab a link names', () => {
    expect(readAnalyticsSearch(new URLSearchParams('machine=12&range=90d&tab=trends'))).toEqual({ machine: 12, range: '90d', tab: 'trends' });
  });

  it('falls back to All Machines, the last 30 days and Demand Predictions', () => {
    expect(readAnalyticsSearch(new URLSearchParams(''))).toEqual({ machine: 'all', range: '30d', tab: 'predictions' });
    expect(readAnalyticsSearch(new URLSearchParams('machine=abc&range=2y&tab=__proto__'))).toEqual({ machine: 'all', range: '30d', tab: 'predictions' });
    expect(readAnalyticsSearch(new URLSearchParams('machine=0')).machine).toBe('all');
    expect(readAnalyticsSearch(new URLSearchParams('machine=-3')).machine).toBe('all');
    expect(readAnalyticsSearch(new URLSearchParams('machine=99999999999')).machine).toBe('all');
  });

  it('writes the changes, keeping other parameters and leaving the defaults out', () => {
    const search = new URLSearchParams('a=1&machine=4');
    expect(writeAnalyticsSearch(search, { range: '7d' }).toString()).toBe('a=1&machine=4&range=7d');
    expect(writeAnalyticsSearch(search, { machine: 'all', tab: 'optimization' }).toString()).toBe('a=1&tab=optimization');
    expect(writeAnalyticsSearch(new URLSearchParams('range=1y&tab=trends'), { range: '30d', tab: 'predictions' }).toString()).toBe('');
    // The parameters given are left as they were.
    expect(search.toString()).toBe('a=1&machine=4');
  });
});
