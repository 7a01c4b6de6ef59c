import { describe, expect, test } from 'vitest';
import { formatCharge, formatMoney } from '../../src/shared/money.js';

describe('money on screen', () => {
  test("the operator's own amounts are shown in the currency they chose", () => {
    expect(formatMoney('1.50', 'USD')).toBe('$1.50');
    expect(formatMoney('1.50', 'EUR')).toBe('€1.50');
    expect(formatMoney('1.50', 'GBP')).toBe('£1.50');
    expect(formatMoney(1234.5, 'CAD')).toBe('CA$1,234.50');
  });

  test('our charges stay in US dollars, marked US$ for an operator who keeps another currency', () => {
    expect(formatCharge('14.97', 'USD')).toBe('$14.97');
    expect(formatCharge('14.97', 'EUR')).toBe('US$14.97');
    expect(formatCharge('14.97', 'CAD')).toBe('US$14.97');
    expect(formatCharge('14.97')).toBe('$14.97');
  });
});
