import { describe, expect, it } from 'vitest';
import { acceptedItemsPreview, charityOrigin, charityPlace, distanceText, moreText, parseItems, searchHeadline } from './charity-format.js';

describe('accepted items on a card', () => {
  it('shows the first three and counts the rest', () => {
    expect(acceptedItemsPreview(['Snacks', 'Water', 'Juice', 'Cereal', 'Soup'])).toEqual({ shown: ['Snacks', 'Water', 'Juice'], more: 2 });
    expect(moreText(2)).toBe('+2 more');
  });

  it('has nothing more to show for three or fewer', () => {
    expect(acceptedItemsPreview(['Snacks', 'Water', 'Juice'])).toEqual({ shown: ['Snacks', 'Water', 'Juice'], more: 0 });
    expect(acceptedItemsPreview([])).toEqual({ shown: [], more: 0 });
  });

  it('reads the box one item per line or comma, without blanks or repeats', () => {
    expect(parseItems('Snacks\n water , Juice\n\nsnacks,')).toEqual(['Snacks', 'water', 'Juice']);
    expect(parseItems('  ')).toEqual([]);
  });
});

describe('a charity’s card', () => {
  it('says where it is, leaving out what is missing', () => {
    expect(charityPlace({ address: '12 Main St', city: 'Austin', state: 'TX', zip: '78701' })).toBe('12 Main St, Austin, TX 78701');
    expect(charityPlace({ address: '', city: 'Austin', state: 'TX', zip: '78701' })).toBe('Austin, TX 78701');
  });

  it('says how far it is', () => {
    expect(distanceText(0)).toBe('0 miles away');
    expect(distanceText(1)).toBe('1 mile away');
    expect(distanceText(3.4)).toBe('3.4 miles away');
  });

  it('says where the record comes from', () => {
    expect(charityOrigin({ verified: true, source: 'irs', addedByYou: false })).toBe('verified');
    expect(charityOrigin({ verified: false, source: 'example', addedByYou: false })).toBe('example');
    expect(charityOrigin({ verified: false, source: 'operator', addedByYou: true })).toBe('yours');
  });
});

describe('the search headline', () => {
  it('counts the charities in the circle', () => {
    expect(searchHeadline(12, 10, '78701')).toBe('12 charities within 10 miles of 78701');
    expect(searchHeadline(1, 5, '10001')).toBe('1 charity within 5 miles of 10001');
    expect(searchHeadline(1234, 50, '10001')).toBe('1,234 charities within 50 miles of 10001');
  });
});
