import { COMMISSION_RATE_PERCENT, type Referral } from '../../../shared/affiliates.schemas.js';
import { PLANS, type Plan } from '../../../shared/plans.js';
import { formatDate } from '../../lib/dates.js';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat('en-US');

/** Commissions are earned on Stripe's charges, which are in US dollars: '$1,234.50'. */
export const formatCents = (cents: number) => dollars.format(cents / 100);

export const formatCount = (value: number) => counts.format(value);

/** What one referral on `plan` earns each month it pays, in cents: 800 of Growth's 2000. */
export const monthlyCommissionCents = (plan: Plan) => Math.round((plan.monthlyPriceCents * COMMISSION_RATE_PERCENT) / 100);

/** 'Mar 2025' for 'YYYY-MM', the month as the server counted it (UTC). */
export function monthLabel(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** 'March 3, 2025' for an ISO timestamp, in the reader's own calendar. */
export const dayLabel = (iso: string) => formatDate(iso);

export const PLAN_NAMES: Record<Referral['plan'], string> = {
  free: PLANS.free.name,
  growth: PLANS.growth.name,
  enterprise: PLANS.enterprise.name,
};

/** How a referred account's subscription stands, as the affiliate reads it. */
export const STANDING_LABELS: Record<Referral['standing'], string> = {
  none: 'No paid plan',
  trialing: 'Free trial',
  active: 'Paying',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
};
