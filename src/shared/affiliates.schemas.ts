/**
 * The affiliate program (spec extended 3, 5, 9; DECISIONS 4 and 5): sign-up, the affiliate's
 * dashboard, and the admin panel's affiliates, stats and payouts. Money in integer cents (US dollars,
 * as Stripe bills them) wherever a field's name ends in Cents.
 */
import { z } from 'zod';
import { confirmPasswordMatches, passwordsMatch, RegisterFieldsSchema } from './auth.schemas.js';
import { MarketingResourceSchema } from './marketing-resources.schemas.js';

/** 40% of each paid invoice of a referred subscription: $8.00 of Growth, $16.00 of Enterprise. */
export const COMMISSION_RATE_PERCENT = 40;
/** A commission waits this long (refunds come within it) before it is approved for payout. */
export const COMMISSION_HOLD_DAYS = 30;
/** How long a referral link's cookie names its affiliate. */
export const REFERRAL_COOKIE_DAYS = 60;
/** Approved earnings are paid out from this amount up. */
export const MINIMUM_PAYOUT_CENTS = 5000;
/** The query parameter of a referral link: {PUBLIC_URL}/?ref={code}. */
export const REFERRAL_PARAM = 'ref';

export const AFFILIATE_INDUSTRIES = ['education', 'vending', 'food_service', 'business_development', 'sales', 'other'] as const;
export type AffiliateIndustry = (typeof AFFILIATE_INDUSTRIES)[number];
export const INDUSTRY_LABELS: Record<AffiliateIndustry, string> = {
  education: 'Education',
  vending: 'Vending',
  food_service: 'Food Service',
  business_development: 'Business Development',
  sales: 'Sales',
  other: 'Other',
};

export const AFFILIATE_EXPERIENCE = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type AffiliateExperience = (typeof AFFILIATE_EXPERIENCE)[number];
export const EXPERIENCE_LABELS: Record<AffiliateExperience, string> = {
  beginner: 'Beginner (0-1 years)',
  intermediate: 'Intermediate (2-5 years)',
  advanced: 'Advanced (5+ years)',
  expert: 'Expert (10+ years)',
};

export const AffiliateMessages = {
  industryRequired: 'Please select your industry',
  experienceRequired: 'Please select your experience level',
  registered: 'Registration Successful! Welcome to the program. Check your email for next steps.',
  notAffiliate: 'This page is for affiliates.',
  alreadyOperator: 'This account already runs machines.',
  affiliateNotFound: 'Affiliate not found',
  belowMinimumPayout: 'The approved balance is below the $50.00 minimum payout.',
  balanceChanged: 'The approved balance changed since you opened this. Check the new amount and record the payout again.',
  referenceRequired: 'Enter the payment reference (for example the transfer number).',
} as const;

export const AffiliateRegisterSchema = RegisterFieldsSchema.extend({
  industry: z.enum(AFFILIATE_INDUSTRIES, { error: AffiliateMessages.industryRequired }),
  experience: z.enum(AFFILIATE_EXPERIENCE, { error: AffiliateMessages.experienceRequired }),
}).refine(passwordsMatch, confirmPasswordMatches);
export type AffiliateRegisterInput = z.input<typeof AffiliateRegisterSchema>;

export const SUBSCRIPTION_STANDINGS = ['none', 'trialing', 'active', 'past_due', 'canceled'] as const;

export const ReferralSchema = z.object({
  /** Masked: the affiliate sees that someone joined, not who ('j***@e***.com'). */
  email: z.string(),
  joinedAt: z.iso.datetime(),
  plan: z.enum(['free', 'growth', 'enterprise']),
  standing: z.enum(SUBSCRIPTION_STANDINGS),
  earnedCents: z.number().int(),
});
export type Referral = z.infer<typeof ReferralSchema>;

export const PayoutSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  reference: z.string(),
  paidAt: z.iso.datetime(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const EarningsSchema = z.object({
  pendingCents: z.number().int(),
  approvedCents: z.number().int(),
  paidCents: z.number().int(),
});

export const AffiliateDashboardSchema = z.object({
  code: z.string(),
  link: z.string(),
  isActive: z.boolean(),
  /** Whether this account also runs machines (it may become an operator otherwise). */
  isOperator: z.boolean(),
  commissionRatePercent: z.number(),
  clicks: z.number().int(),
  signUps: z.number().int(),
  /** Referred accounts whose paid subscription is active or in its trial. */
  activeReferrals: z.number().int(),
  earnings: EarningsSchema,
  recentReferrals: z.array(ReferralSchema),
  /** The last twelve months, oldest first: 'YYYY-MM' in UTC. */
  monthly: z.array(z.object({ month: z.string(), clicks: z.number().int(), signUps: z.number().int(), earnedCents: z.number().int() })),
  payouts: z.array(PayoutSchema),
});
export type AffiliateDashboard = z.infer<typeof AffiliateDashboardSchema>;

/** The marketing resources an affiliate may use: the active ones, with their own download address. */
export const AffiliateResourceListSchema = z.array(MarketingResourceSchema);
export const affiliateResourceFileUrl = (id: number) => `/api/affiliate/resources/${id}/file`;

export const AdminAffiliateSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  affiliateCode: z.string(),
  industry: z.enum(AFFILIATE_INDUSTRIES),
  referralCount: z.number().int(),
  /** Every commission not cancelled, refunds taken off. */
  totalEarningsCents: z.number().int(),
  approvedBalanceCents: z.number().int(),
  isActive: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type AdminAffiliate = z.infer<typeof AdminAffiliateSchema>;
export const AdminAffiliateListSchema = z.array(AdminAffiliateSchema);

export const AffiliateIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const AffiliateStatusSchema = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/** GET /api/admin/affiliate-stats: the spec's fields, money as decimal strings ("12.00"). */
export const AffiliateStatsSchema = z.object({
  activeAffiliateUsers: z.number().int(),
  totalCommissionsPending: z.string(),
  /** What referred subscriptions paid this month (UTC), refunds taken off. */
  monthlyRevenue: z.string(),
  /** Commissions earned this month (UTC), from the commission lines, refunds taken off. */
  monthlyPayouts: z.string(),
  commissionRate: z.number(),
});
export type AffiliateStats = z.infer<typeof AffiliateStatsSchema>;

export const RecordPayoutSchema = z.strictObject({
  affiliateUserId: z.number({ error: AffiliateMessages.affiliateNotFound }).int().positive(),
  /**
   * The approved balance the admin saw and paid. Only a check: the server computes the amount, and
   * refuses (409) when the balance moved meanwhile (an approval, a refund), so the record always
   * matches the money sent.
   */
  expectedAmountCents: z.number({ error: 'The amount shown is missing' }).int(),
  reference: z
    .string({ error: AffiliateMessages.referenceRequired })
    .trim()
    .min(1, AffiliateMessages.referenceRequired)
    .max(200, 'The reference must be at most 200 characters'),
});
export type RecordPayoutInput = z.input<typeof RecordPayoutSchema>;

/** How a payout or commission of an affiliate whose account was erased names them: it does not. */
export const ERASED_AFFILIATE_NAME = 'Erased account';
export const AdminPayoutSchema = PayoutSchema.extend({ affiliateUserId: z.number().int().nullable(), affiliateName: z.string() });
export const AdminPayoutsSchema = z.object({ recent: z.array(AdminPayoutSchema) });

/** Dollars from cents, for the stats' decimal strings. */
export const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);
