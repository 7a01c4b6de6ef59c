import { type DonationRecord } from '../../../shared/donation-hub.schemas.js';
import {
  ACKNOWLEDGMENT_THRESHOLD,
  FORM_8283_SECTION_A_THRESHOLD,
  FORM_8283_SECTION_B_THRESHOLD,
  type TaxSummary,
} from '../../../shared/donation-tax.schemas.js';
import { centsOf, formatCents } from '../../../shared/money.js';

/**
 * The year's figures for the Tax Summary tab and its PDF, from the donation records. Information,
 * not tax advice (DECISIONS 10): the thresholds are the IRS's published ones, and the enhanced
 * deduction is the rule of IRC 170(e)(3) applied line by line where the cost basis was entered.
 */

const dollars = (amount: number) => BigInt(amount) * 100n;

/**
 * Similar items, in the sense of Form 8283: lines picked from the catalogue group by its category
 * ('Chips'), typed lines by their name.
 */
export function similarItemsGroupOf(line: { category: string | null; name: string }): string {
  return line.category ?? line.name.trim().replace(/\s+/g, ' ');
}

/** One line under IRC 170(e)(3): cost plus half the appreciation, at most twice the cost, never above the value. */
export function enhancedDeductionCents(valueCents: bigint, costCents: bigint): { enhanced: bigint; ordinary: bigint } {
  if (valueCents <= costCents) return { enhanced: valueCents, ordinary: valueCents };
  const halfAppreciation = (valueCents - costCents) / 2n;
  const enhanced = costCents + halfAppreciation;
  return { enhanced: enhanced < 2n * costCents ? enhanced : 2n * costCents, ordinary: costCents };
}

export function summarizeTaxYear(year: number, years: number[], records: DonationRecord[], cCorporation: boolean): TaxSummary {
  const ofYear = records.filter((record) => record.taxYear === year);
  const lines = ofYear.flatMap((record) => record.products);
  const total = ofYear.reduce((sum, record) => sum + centsOf(record.totalValue), 0n);
  const withCost = lines.filter((line) => line.lineCost !== null);

  const groups = new Map<string, { group: string; cents: bigint }>();
  for (const line of lines) {
    const group = similarItemsGroupOf(line);
    const key = group.toLowerCase();
    const entry = groups.get(key) ?? { group, cents: 0n };
    entry.cents += centsOf(line.lineTotal);
    groups.set(key, entry);
  }
  const sectionBGroups = [...groups.values()]
    .filter((entry) => entry.cents > dollars(FORM_8283_SECTION_B_THRESHOLD))
    .sort((a, b) => (b.cents > a.cents ? 1 : b.cents < a.cents ? -1 : a.group.localeCompare(b.group)))
    .map((entry) => ({ group: entry.group, value: formatCents(entry.cents) }));

  let enhancedDeduction: TaxSummary['enhancedDeduction'] = null;
  if (cCorporation) {
    let estimate = 0n;
    let ordinary = 0n;
    for (const line of withCost) {
      const figures = enhancedDeductionCents(centsOf(line.lineTotal), centsOf(line.lineCost!));
      estimate += figures.enhanced;
      ordinary += figures.ordinary;
    }
    const withoutCost = lines.filter((line) => line.lineCost === null);
    enhancedDeduction = {
      estimate: formatCents(estimate),
      ordinaryDeduction: formatCents(ordinary),
      linesCounted: withCost.length,
      linesWithoutCost: withoutCost.length,
      valueWithoutCost: formatCents(withoutCost.reduce((sum, line) => sum + centsOf(line.lineTotal), 0n)),
    };
  }

  return {
    year,
    years,
    totalValue: formatCents(total),
    donationCount: ofYear.length,
    charityCount: new Set(ofYear.map((record) => (record.charityId === null ? `name:${record.charityName}` : `id:${record.charityId}`))).size,
    totalCostBasis: withCost.length === 0 ? null : formatCents(withCost.reduce((sum, line) => sum + centsOf(line.lineCost!), 0n)),
    form8283: { sectionA: total > dollars(FORM_8283_SECTION_A_THRESHOLD), sectionBGroups },
    acknowledgmentsNeeded: ofYear.filter((record) => centsOf(record.totalValue) >= dollars(ACKNOWLEDGMENT_THRESHOLD)).length,
    cCorporation,
    enhancedDeduction,
  };
}
