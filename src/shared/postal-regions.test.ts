import { describe, expect, it } from 'vitest';
import { isPostalCode, postalCodeOf, regionCodeOf } from './postal-regions.js';

describe('states and provinces', () => {
  it('takes a code in any case or a name, and answers the code', () => {
    expect(regionCodeOf('US', 'IL')).toBe('IL');
    expect(regionCodeOf('US', ' il ')).toBe('IL');
    expect(regionCodeOf('US', 'Illinois')).toBe('IL');
    expect(regionCodeOf('US', 'new york')).toBe('NY');
    expect(regionCodeOf('US', 'District of Columbia')).toBe('DC');
    expect(regionCodeOf('CA', 'Québec')).toBe('QC');
    expect(regionCodeOf('CA', 'on')).toBe('ON');
  });

  it("refuses another country's region and made-up ones", () => {
    expect(regionCodeOf('US', 'ON')).toBeNull();
    expect(regionCodeOf('CA', 'Illinois')).toBeNull();
    expect(regionCodeOf('US', 'Narnia')).toBeNull();
    expect(regionCodeOf('US', '')).toBeNull();
  });
});

describe('ZIP and postal codes', () => {
  it('knows the two shapes', () => {
    expect(isPostalCode('US', '62701')).toBe(true);
    expect(isPostalCode('US', '62701-1234')).toBe(true);
    expect(isPostalCode('US', '6270')).toBe(false);
    expect(isPostalCode('US', 'K1A 0B1')).toBe(false);
    expect(isPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isPostalCode('CA', 'm5v2t6')).toBe(true);
    expect(isPostalCode('CA', 'D1A 0B1')).toBe(false); // D is not a first letter in use
    expect(isPostalCode('CA', '62701')).toBe(false);
  });

  it('writes Canadian codes as the post does', () => {
    expect(postalCodeOf('CA', 'm5v2t6')).toBe('M5V 2T6');
    expect(postalCodeOf('CA', 'M5V 2T6')).toBe('M5V 2T6');
    expect(postalCodeOf('US', ' 62701 ')).toBe('62701');
  });
});
