import type { Currency } from './money.js';

/** The subscription plans (DECISIONS 5); `tier` is the value stored in users.subscription_tier. */
export const PLAN_TIERS = ['free', 'growth', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export interface Plan {
  tier: PlanTier;
  name: string;
  /** Dollars per month as a decimal string (DECISIONS 6). */
  monthlyPrice: string;
  monthlyPriceCents: number;
  /** How many machines the plan allows; null means unlimited. */
  machineLimit: number | null;
  /** Paid plans start with a free trial. */
  trialDays: number;
  /** Team members the plan includes besides the owner (DECISIONS 13); null means unlimited. */
  memberLimit: number | null;
}

export const PLANS: Record<PlanTier, Plan> = {
  free: { tier: 'free', name: 'Starter', monthlyPrice: '0.00', monthlyPriceCents: 0, machineLimit: 2, trialDays: 0, memberLimit: 1 },
  growth: { tier: 'growth', name: 'Growth', monthlyPrice: '20.00', monthlyPriceCents: 2000, machineLimit: 10, trialDays: 30, memberLimit: 5 },
  enterprise: { tier: 'enterprise', name: 'Enterprise', monthlyPrice: '40.00', monthlyPriceCents: 4000, machineLimit: null, trialDays: 30, memberLimit: null },
};

/** Whether an operator on `tier` who already has `machineCount` machines may add one more. */
export function canAddMachine(tier: PlanTier, machineCount: number): boolean {
  const { machineLimit } = PLANS[tier];
  return machineLimit === null || machineCount < machineLimit;
}

const machinesPhrase = (limit: number | null) => (limit === null ? 'unlimited machines' : `up to ${limit} machines`);
/** '$20', or 'US$20' for an operator who keeps another currency (money.ts: our charges stay in dollars). */
const wholeDollars = (plan: Plan, preferred: Currency = 'USD') => `${preferred === 'USD' ? '' : 'US'}$${plan.monthlyPriceCents / 100}`;

/**
 * What an operator reads when the plan is full: the plan, its limit, and every bigger plan with its
 * price, e.g. "Your Starter plan includes up to 2 machines. Upgrade to Growth ($20/month, up to 10
 * machines) or Enterprise ($40/month, unlimited machines) on the Pricing page to add more."
 */
export function machineLimitMessage(tier: PlanTier): string {
  const plan = PLANS[tier];
  const upgrades = PLAN_TIERS.slice(PLAN_TIERS.indexOf(tier) + 1).map((next) => {
    const bigger = PLANS[next];
    return `${bigger.name} (${wholeDollars(bigger)}/month, ${machinesPhrase(bigger.machineLimit)})`;
  });
  const limitSentence = `Your ${plan.name} plan includes ${machinesPhrase(plan.machineLimit)}.`;
  if (upgrades.length === 0) return limitSentence;
  return `${limitSentence} Upgrade to ${upgrades.join(' or ')} on the Pricing page to add more.`;
}

/**
 * What the Add Machine button says before the form opens, on a plan with a limit: how much of it is
 * used ('Starter plan: 1 of 2 machines'), short enough for the page header even at the limit (the
 * full machineLimitMessage goes in a notice of its own). Null on an unlimited plan, where there is
 * nothing to tell.
 */
export function machineAllowanceText(tier: PlanTier, machineCount: number): string | null {
  const plan = PLANS[tier];
  if (plan.machineLimit === null) return null;
  return `${plan.name} plan: ${machineCount} of ${plan.machineLimit} machines`;
}

/** The days of free trial a paid plan starts with (the same for both). */
export const PAID_PLAN_TRIAL_DAYS = PLANS.growth.trialDays;

/** What a plan costs, as its card says: 'Free', '$20/month' ('US$20/month' to an operator in another currency). */
export function planPriceText(plan: Plan, preferred: Currency = 'USD'): string {
  return plan.monthlyPriceCents === 0 ? 'Free' : `${wholeDollars(plan, preferred)}/month`;
}

/** How many machines a plan allows, as its card says: 'Up to 2 machines', 'Unlimited machines'. */
export function planMachinesText(plan: Plan): string {
  const phrase = machinesPhrase(plan.machineLimit);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}`;
}

/**
 * What every plan includes: plans differ only in how many machines they allow (the server limits
 * nothing else), so every card lists the same features rather than invent differences.
 */
export const PLAN_FEATURES: readonly string[] = [
  'A vote page and a printable QR code for every machine',
  'Up and down votes, product suggestions and vending issue reports',
  'A dashboard with the demand per product and per machine',
];

/** One line that sets each plan apart, for its card. */
export const PLAN_TAGLINES: Record<PlanTier, string> = {
  free: 'For trying VendVote on your first machines.',
  growth: 'For a growing route of machines.',
  enterprise: 'For operators with many machines.',
};
