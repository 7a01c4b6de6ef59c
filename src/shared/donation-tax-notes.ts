import { ACKNOWLEDGMENT_THRESHOLD, FORM_8283_SECTION_A_THRESHOLD, FORM_8283_SECTION_B_THRESHOLD, type TaxSummary } from './donation-tax.schemas.js';
import { formatMoney } from './money.js';

/**
 * What the Tax Summary says about the year's figures, worded once for the page and the year's PDF
 * (DECISIONS 10: information, not advice). Amounts are US dollars, as the donations are.
 */

const dollars = (amount: string) => formatMoney(amount, 'USD');
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The notes about Form 8283 and the charities' acknowledgments; none when nothing applies. */
export function taxNotes(summary: TaxSummary): string[] {
  const notes: string[] = [];
  if (summary.form8283.sectionA) {
    notes.push(`Your non-cash gifts in ${summary.year} total more than $${FORM_8283_SECTION_A_THRESHOLD}: Form 8283 (Section A) goes with your return.`);
  }
  for (const group of summary.form8283.sectionBGroups) {
    notes.push(
      `Similar items '${group.group}' total ${dollars(group.value)}, above $${FORM_8283_SECTION_B_THRESHOLD.toLocaleString('en-US')}: Form 8283 Section B and a qualified appraisal apply to such a group, except for inventory of your business, which stays in Section A.`,
    );
  }
  if (summary.acknowledgmentsNeeded > 0) {
    notes.push(
      `${summary.acknowledgmentsNeeded} of the year's gifts ${plural(summary.acknowledgmentsNeeded, 'is', 'are')} $${ACKNOWLEDGMENT_THRESHOLD} or more: keep the charity's signed acknowledgment for each.`,
    );
  }
  return notes;
}

/** What the C corporation estimate says, or null when it does not apply. */
export function enhancedDeductionNote(summary: TaxSummary): string | null {
  const estimate = summary.enhancedDeduction;
  if (!estimate) return null;
  if (estimate.linesCounted === 0)
    return 'Enter a cost basis on donated lines to estimate the enhanced deduction for inventory given for the care of the ill, the needy or infants.';
  const left =
    estimate.linesWithoutCost > 0
      ? ` ${estimate.linesWithoutCost} ${plural(estimate.linesWithoutCost, 'line', 'lines')} worth ${dollars(estimate.valueWithoutCost)} had no cost basis and ${plural(estimate.linesWithoutCost, 'is', 'are')} left out.`
      : '';
  return `Estimated enhanced deduction (IRC 170(e)(3): cost plus half the appreciation, at most twice the cost): ${dollars(estimate.estimate)}, against ${dollars(estimate.ordinaryDeduction)} under the ordinary rule for inventory, over ${estimate.linesCounted} ${plural(estimate.linesCounted, 'line', 'lines')} with a cost basis.${left} It applies only to gifts the charity uses for the care of the ill, the needy or infants.`;
}
