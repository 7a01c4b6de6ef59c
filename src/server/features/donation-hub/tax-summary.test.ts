import { describe, expect, test } from 'vitest';
import type { DonationLine, DonationRecord } from '../../../shared/donation-hub.schemas.js';
import { enhancedDeductionCents, similarItemsGroupOf, summarizeTaxYear } from './tax-summary.js';

describe('enhancedDeductionCents (IRC 170(e)(3), line by line)', () => {
  test.each([
    // value, cost, enhanced, ordinary
    [1000n, 400n, 700n, 400n], // cost plus half the appreciation: 4.00 + 3.00
    [1000n, 200n, 400n, 200n], // 2.00 + 4.00 = 6.00, at most twice the cost: 4.00
    [300n, 400n, 300n, 300n], // worth less than it cost: the value, both ways
    [500n, 500n, 500n, 500n], // no appreciation
    [1000n, 0n, 0n, 0n], // nothing paid: nothing to deduct under this rule
    [1001n, 400n, 700n, 400n], // half a cent of appreciation is not counted
    [900n, 300n, 600n, 300n], // exactly at twice the cost
  ])('value %i¢, cost %i¢: %i¢ (ordinary rule %i¢)', (value, cost, enhanced, ordinary) => {
    expect(enhancedDeductionCents(value, cost)).toEqual({ enhanced, ordinary });
  });
});

describe('similarItemsGroupOf', () => {
  test('the catalogue category when the line has one, else the typed name with its spaces tidied', () => {
    expect(similarItemsGroupOf({ category: 'Chips', name: 'Sea Salt Chips' })).toBe('Chips');
    expect(similarItemsGroupOf({ category: null, name: '  Bottled   Water ' })).toBe('Bottled Water');
  });
});

let nextId = 1;
function lineOf(name: string, quantity: number, unitValue: string, extra: { unitCost?: string; category?: string } = {}): DonationLine {
  const cents = (amount: string) => Math.round(Number(amount) * 100) * quantity;
  const money = (value: number) => (value / 100).toFixed(2);
  return {
    productId: null,
    name,
    brand: '',
    category: extra.category ?? null,
    quantity,
    unitValue,
    unitCost: extra.unitCost ?? null,
    lineTotal: money(cents(unitValue)),
    lineCost: extra.unitCost === undefined ? null : money(cents(extra.unitCost)),
  };
}

function donation(taxYear: number, lines: DonationLine[], charity: { id: number | null; name?: string } = { id: 1 }): DonationRecord {
  const id = nextId++;
  const total = lines.reduce((sum, entry) => sum + Math.round(Number(entry.lineTotal) * 100), 0);
  return {
    id,
    charityId: charity.id,
    charityName: charity.name ?? `Charity ${charity.id}`,
    charityEin: null,
    charityAddress: '',
    charityCity: '',
    charityState: '',
    charityZip: '',
    contactPerson: null,
    products: lines,
    totalValue: (total / 100).toFixed(2),
    totalCostBasis: null,
    donationDate: `${taxYear}-06-01`,
    taxYear,
    receiptUrl: `/api/donation-hub/donations/${id}/receipt.pdf`,
    notes: '',
    inReturn: null,
    createdAt: new Date().toISOString(),
  };
}

describe('summarizeTaxYear', () => {
  test('counts only the chosen year: total, donations, unique charities (a removed charity by its name)', () => {
    const records = [
      donation(2025, [lineOf('Water', 10, '1.00')], { id: 1 }),
      donation(2025, [lineOf('Chips', 4, '2.50')], { id: 1 }),
      donation(2025, [lineOf('Soda', 1, '3.00')], { id: null, name: 'Gone Pantry' }),
      donation(2025, [lineOf('Soda', 1, '3.00')], { id: null, name: 'Gone Pantry' }),
      donation(2024, [lineOf('Old', 1, '999.00')], { id: 2 }),
    ];
    expect(summarizeTaxYear(2025, [2026, 2025, 2024], records, false)).toEqual({
      year: 2025,
      years: [2026, 2025, 2024],
      totalValue: '26.00',
      donationCount: 4,
      charityCount: 2,
      totalCostBasis: null,
      form8283: { sectionA: false, sectionBGroups: [] },
      acknowledgmentsNeeded: 0,
      cCorporation: false,
      enhancedDeduction: null,
    });
  });

  test('Section A above $500.00 exactly; acknowledgments from $250.00 exactly', () => {
    const at = [donation(2025, [lineOf('Water', 1, '250.00')]), donation(2025, [lineOf('Water', 1, '249.99')]), donation(2025, [lineOf('Gum', 1, '0.01')])];
    expect(summarizeTaxYear(2025, [2025], at, false)).toMatchObject({ totalValue: '500.00', form8283: { sectionA: false }, acknowledgmentsNeeded: 1 });
    const over = [...at, donation(2025, [lineOf('Gum', 1, '0.01')])];
    expect(summarizeTaxYear(2025, [2025], over, false)).toMatchObject({ totalValue: '500.01', form8283: { sectionA: true } });
  });

  test('Section B per group of similar items above $5,000.00: categories, or names in any case; largest first', () => {
    const records = [
      donation(2025, [lineOf('Sea Salt Chips', 2000, '1.25', { category: 'Chips' }), lineOf('BBQ Chips', 1, '2500.00', { category: 'Chips' })]),
      donation(2025, [lineOf('Bottled Water', 5000, '1.00'), lineOf('bottled water', 1, '0.01')]),
      donation(2025, [lineOf('Trail Mix', 5000, '1.00'), lineOf('Mixed Nuts', 1, '0.01')]),
      donation(2025, [lineOf('Cola', 3000, '1.00', { category: 'Soda' }), lineOf('Lemonade', 1, '3000.00', { category: 'Soda' })]),
    ];
    const summary = summarizeTaxYear(2025, [2025], records, false);
    expect(summary.form8283.sectionBGroups).toEqual([
      { group: 'Soda', value: '6000.00' },
      { group: 'Bottled Water', value: '5000.01' },
    ]);
    expect(summary.form8283.sectionA).toBe(true);
  });

  test('the C corporation estimate sums the lines with a cost basis and counts the others apart', () => {
    const records = [
      donation(2025, [lineOf('Granola', 1, '10.00', { unitCost: '4.00' }), lineOf('Water', 1, '10.00', { unitCost: '2.00' })]),
      donation(2025, [lineOf('Chips', 1, '3.00', { unitCost: '4.00' }), lineOf('Soda', 2, '2.50')]),
    ];
    expect(summarizeTaxYear(2025, [2025], records, false).enhancedDeduction).toBeNull();
    const summary = summarizeTaxYear(2025, [2025], records, true);
    expect(summary).toMatchObject({ totalValue: '28.00', totalCostBasis: '10.00', cCorporation: true });
    expect(summary.enhancedDeduction).toEqual({ estimate: '14.00', ordinaryDeduction: '9.00', linesCounted: 3, linesWithoutCost: 1, valueWithoutCost: '5.00' });
  });

  test('large amounts stay exact to the cent', () => {
    const big = lineOf('Pallets', 1_000_000, '999999.99', { unitCost: '0.01' });
    expect(big.lineTotal).toBe('999999990000.00');
    const summary = summarizeTaxYear(2025, [2025], [donation(2025, [big]), donation(2025, [lineOf('Gum', 1, '0.01')])], true);
    expect(summary.totalValue).toBe('999999990000.01');
    expect(summary.enhancedDeduction).toMatchObject({ estimate: '20000.00', ordinaryDeduction: '10000.00' });
  });
});
