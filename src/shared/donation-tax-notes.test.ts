import { describe, expect, it } from 'vitest';
import type { TaxSummary } from './donation-tax.schemas.js';
import { enhancedDeductionNote, taxNotes } from './donation-tax-notes.js';

const summary = (changes: Partial<TaxSummary> = {}): TaxSummary => ({
  year: 2026,
  years: [2026],
  totalValue: '0.00',
  donationCount: 0,
  charityCount: 0,
  totalCostBasis: null,
  form8283: { sectionA: false, sectionBGroups: [] },
  acknowledgmentsNeeded: 0,
  cCorporation: false,
  enhancedDeduction: null,
  ...changes,
});

describe('the notes for the return', () => {
  it('are none for a small year', () => {
    expect(taxNotes(summary())).toEqual([]);
  });

  it('name Form 8283, its Section B groups and the acknowledgments', () => {
    const notes = taxNotes(summary({ form8283: { sectionA: true, sectionBGroups: [{ group: 'Chips', value: '6200.00' }] }, acknowledgmentsNeeded: 1 }));
    expect(notes).toEqual([
      'Your non-cash gifts in 2026 total more than $500: Form 8283 (Section A) goes with your return.',
      "Similar items 'Chips' total $6,200.00, above $5,000: Form 8283 Section B and a qualified appraisal apply to such a group, except for inventory of your business, which stays in Section A.",
      "1 of the year's gifts is $250 or more: keep the charity's signed acknowledgment for each.",
    ]);
    expect(taxNotes(summary({ acknowledgmentsNeeded: 3 }))[0]).toBe(
      "3 of the year's gifts are $250 or more: keep the charity's signed acknowledgment for each.",
    );
  });
});

describe('the enhanced deduction note', () => {
  const estimate = { estimate: '150.00', ordinaryDeduction: '100.00', linesCounted: 2, linesWithoutCost: 1, valueWithoutCost: '40.00' };

  it('is absent unless the business is a C corporation', () => {
    expect(enhancedDeductionNote(summary())).toBeNull();
  });

  it('asks for a cost basis when no line has one', () => {
    expect(enhancedDeductionNote(summary({ enhancedDeduction: { ...estimate, linesCounted: 0 } }))).toMatch(/^Enter a cost basis/);
  });

  it('gives the estimate, the ordinary figure and the lines left out', () => {
    expect(enhancedDeductionNote(summary({ enhancedDeduction: estimate }))).toBe(
      'Estimated enhanced deduction (IRC 170(e)(3): cost plus half the appreciation, at most twice the cost): $150.00, against $100.00 under the ordinary rule for inventory, over 2 lines with a cost basis. 1 line worth $40.00 had no cost basis and is left out. It applies only to gifts the charity uses for the care of the ill, the needy or infants.',
    );
  });
});
