import type { BillingStatus, SubscriptionStatus } from '../../../shared/billing.schemas.js';
import { formatDate } from '../../lib/dates.js';

const DAY_MS = 86_400_000;

export const longDate = (iso: string) => formatDate(iso, 'long');

/** Whole days left until `iso`, counting a part day as a day (a trial ending tonight has 1 day left). */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / DAY_MS));
}

export const STATUS_LABELS: Record<BillingStatus, string> = {
  none: 'No subscription',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** The one sentence under the plan: when the trial ends, the next charge, or when the plan stops. */
export function renewalSentence(status: SubscriptionStatus, now = Date.now()): string | null {
  if (status.status === 'trialing' && status.trialEndsAt) {
    const days = daysUntil(status.trialEndsAt, now);
    const left = `${days} ${days === 1 ? 'day' : 'days'} left in your free trial`;
    if (status.cancelAtPeriodEnd) return `${left}. Your plan is cancelled and ends with the trial on ${longDate(status.trialEndsAt)}.`;
    return `${left} (ends ${longDate(status.trialEndsAt)}). To keep the plan afterwards, have a card saved under Manage billing; without one it ends with the trial.`;
  }
  if (!status.currentPeriodEnd) return null;
  if (status.cancelAtPeriodEnd) return `Your plan is cancelled and ends on ${longDate(status.currentPeriodEnd)}.`;
  if (status.status === 'past_due') return `We could not charge your card. Update it to keep your plan; Stripe will try again.`;
  return `Next charge on ${longDate(status.currentPeriodEnd)}.`;
}
