import { z } from 'zod';
import { DonationMessages as M } from './donation-hub.schemas.js';

/**
 * The donation hub's Tax Summary (DECISIONS 4 and 10): the IRS thresholds it notes, the C
 * corporation setting, the year's figures, and the wording every tax figure carries. Information,
 * not tax advice.
 */

/** Form 8283 (information, not advice): Section A above $500 of non-cash gifts a year; Section B above $5,000 for one group. */
export const FORM_8283_SECTION_A_THRESHOLD = 500;
export const FORM_8283_SECTION_B_THRESHOLD = 5000;
/** The IRS asks for a written acknowledgment from the charity for any one gift of $250 or more. */
export const ACKNOWLEDGMENT_THRESHOLD = 250;

const yearSchema = z
  .union([z.string(), z.number()], { error: M.yearInvalid })
  .transform((value) => Number(value))
  .pipe(z.number({ error: M.yearInvalid }).int(M.yearInvalid).min(2000, M.yearInvalid).max(2100, M.yearInvalid));

export const TaxYearQuerySchema = z.object({ year: yearSchema.optional() });

export const TaxSettingsSchema = z.object({ cCorporation: z.boolean() });
export const TaxSettingsInputSchema = z.strictObject({ cCorporation: z.boolean({ error: 'C corporation must be true or false' }) });
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

export const TaxSummarySchema = z.object({
  year: z.number().int(),
  /** Years that have donations, and the current one, newest first. */
  years: z.array(z.number().int()),
  totalValue: z.string(),
  donationCount: z.number().int(),
  charityCount: z.number().int(),
  /** Sum of the cost basis entered this year; null when none was. */
  totalCostBasis: z.string().nullable(),
  form8283: z.object({
    /** Non-cash gifts of the year pass $500: Section A. */
    sectionA: z.boolean(),
    /** Groups of similar items above $5,000 (Section B, unless the goods are inventory). */
    sectionBGroups: z.array(z.object({ group: z.string(), value: z.string() })),
  }),
  /** Gifts of $250 or more, each of which needs the charity's written acknowledgment. */
  acknowledgmentsNeeded: z.number().int(),
  cCorporation: z.boolean(),
  /** The enhanced deduction estimate (IRC 170(e)(3)) for a C corporation; null otherwise. */
  enhancedDeduction: z
    .object({
      estimate: z.string(),
      /** What the ordinary rule for inventory allows on the same lines: the lesser of cost and value. */
      ordinaryDeduction: z.string(),
      linesCounted: z.number().int(),
      linesWithoutCost: z.number().int(),
      valueWithoutCost: z.string(),
    })
    .nullable(),
});
export type TaxSummary = z.infer<typeof TaxSummarySchema>;

/** Said wherever tax figures are shown (DECISIONS 10). */
export const TAX_DISCLAIMER = 'Information, not tax advice. Check with a tax professional before you file.';

/** The Tax Summary's tips (spec 9), on the page and in the year's PDF. */
export const TAX_TIPS = [
  'Deductions for charitable gifts are typically limited to 50-60% of adjusted gross income.',
  'Use fair market value: what the goods would sell for in their present condition, not what you paid for them.',
  `For any single gift of $${ACKNOWLEDGMENT_THRESHOLD} or more, get the charity's written acknowledgment (the receipt has one to sign) before you file.`,
  `Non-cash gifts of more than $${FORM_8283_SECTION_A_THRESHOLD} in a year are reported on Form 8283.`,
  'Food inventory given by any business may qualify for the enhanced deduction, within 15% of net income; ask your adviser whether it applies to you.',
] as const;
