import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  donationTotalCents,
  earliestDay,
  isSendable,
  lineTotalCents,
  newLine,
  parseCents,
  parseQuantity,
  sendableLines,
  sortFieldErrors,
} from './donation-lines.js';

describe('reading what was typed in a product row', () => {
  it('reads the quantity as a whole number, and anything else as 0', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('12.7')).toBe(12);
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity('-4')).toBe(0);
  });

  it('reads the unit value as a decimal in cents, and anything else as 0', () => {
    expect(parseCents('1.99')).toBe(199);
    expect(parseCents('1.5')).toBe(150);
    expect(parseCents('2')).toBe(200);
    expect(parseCents('1.999')).toBe(200);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('')).toBe(0);
    expect(parseCents('x')).toBe(0);
    expect(parseCents('-1')).toBe(0);
  });
});

describe('totals', () => {
  it('multiplies quantity by unit value', () => {
    expect(lineTotalCents({ quantity: '3', unitValue: '1.25' })).toBe(375n);
    expect(lineTotalCents({ quantity: 'x', unitValue: '1.25' })).toBe(0n);
  });

  it('stays exact for a million units of a costly line', () => {
    expect(lineTotalCents({ quantity: '1000000', unitValue: '99999.99' })).toBe(9_999_999_000_000n);
  });

  it('adds only the rows that will be sent', () => {
    const lines = [
      newLine({ name: 'Chips', quantity: '2', unitValue: '1.50' }),
      newLine({ name: '', quantity: '5', unitValue: '10' }),
      newLine({ name: 'Soda', quantity: '0', unitValue: '2' }),
      newLine({ name: 'Jerky', quantity: '1', unitValue: '4.25' }),
    ];
    expect(donationTotalCents(lines)).toBe(725n);
  });
});

describe('which rows are sent', () => {
  it('needs a name and a quantity above 0', () => {
    expect(isSendable(newLine({ name: 'Chips', quantity: '1' }))).toBe(true);
    expect(isSendable(newLine({ name: '   ', quantity: '1' }))).toBe(false);
    expect(isSendable(newLine({ name: 'Chips', quantity: '0' }))).toBe(false);
    expect(isSendable(newLine({ name: 'Chips', quantity: 'abc' }))).toBe(false);
  });

  it('sends those rows in order, as the API spells them, and remembers where each came from', () => {
    const first = newLine({ productId: 7, name: ' Chips ', brand: ' Lay’s ', quantity: '2.9', unitValue: '1.5', unitCost: '0.8' });
    const skipped = newLine({ name: '', quantity: '3' });
    const last = newLine({ name: 'Water', quantity: '12', unitValue: 'free', unitCost: ' ' });
    const { products, rowKeys } = sendableLines([first, skipped, last]);
    expect(products).toEqual([
      { productId: 7, name: 'Chips', brand: 'Lay’s', quantity: 2, unitValue: '1.50', unitCost: '0.80' },
      { name: 'Water', brand: '', quantity: 12, unitValue: '0.00', unitCost: null },
    ]);
    expect(rowKeys).toEqual([first.key, last.key]);
  });

  it('gives every row its own key', () => {
    expect(newLine().key).not.toBe(newLine().key);
  });
});

describe("the server's field errors", () => {
  it('go to the row a sent product came from, the rest by name', () => {
    const sorted = sortFieldErrors(
      {
        'products.1.quantity': 'Quantity must be at most 1,000,000',
        'products.0.productId': 'Product not found',
        'products.5.name': 'Product name is required',
        donationDate: 'Donation date cannot be in the future',
        'inReturn.value': 'Value received must be an amount such as 10.00',
      },
      ['line-a', 'line-c'],
    );
    expect(sorted.rows).toEqual({ 'line-c': { quantity: 'Quantity must be at most 1,000,000' }, 'line-a': { productId: 'Product not found' } });
    expect(sorted.other).toEqual({
      'products.5.name': 'Product name is required',
      donationDate: 'Donation date cannot be in the future',
      'inReturn.value': 'Value received must be an amount such as 10.00',
    });
  });

  it('are none when the server sent none', () => {
    expect(sortFieldErrors(undefined, [])).toEqual({ rows: {}, other: {} });
  });
});

describe('the date of the gift', () => {
  it('is today on the operator’s calendar', () => {
    const lateEvening = new Date('2026-01-01T03:30:00Z');
    expect(calendarDay('America/Los_Angeles', lateEvening)).toBe('2025-12-31');
    expect(calendarDay('UTC', lateEvening)).toBe('2026-01-01');
  });

  it('reaches back to January 1st a few tax years ago', () => {
    expect(earliestDay('2026-05-01', 3)).toBe('2023-01-01');
  });
});
