import { describe, expect, it } from 'vitest';
import { isZipCode, readDonationHubSearch, writeDonationHubSearch } from './donation-hub-search.js';

describe('the donation hub’s URL', () => {
  it('opens Find Charities at 10 miles with no search by default', () => {
    expect(readDonationHubSearch(new URLSearchParams())).toEqual({ tab: 'find', zip: null, radius: 10, year: null });
  });

  it('reads a tab, a search and a year', () => {
    expect(readDonationHubSearch(new URLSearchParams('tab=tax&zip=78701&radius=25&year=2025'))).toEqual({ tab: 'tax', zip: '78701', radius: 25, year: 2025 });
  });

  it('ignores what it does not know', () => {
    expect(readDonationHubSearch(new URLSearchParams('tab=other&zip=7870&radius=15&year=abc'))).toEqual({ tab: 'find', zip: null, radius: 10, year: null });
  });

  it('writes changes and leaves the defaults out', () => {
    const start = new URLSearchParams('tab=history&other=1');
    expect(writeDonationHubSearch(start, { tab: 'find', zip: '78701', radius: 25 }).toString()).toBe('other=1&zip=78701&radius=25');
    expect(writeDonationHubSearch(new URLSearchParams('radius=25&year=2024'), { radius: 10, year: null }).toString()).toBe('');
  });

  it('takes a ZIP code of exactly five digits', () => {
    expect(isZipCode('78701')).toBe(true);
    expect(isZipCode('7870')).toBe(false);
    expect(isZipCode('7870a')).toBe(false);
    expect(isZipCode('787012')).toBe(false);
  });
});
