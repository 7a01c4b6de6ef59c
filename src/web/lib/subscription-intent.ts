/**
 * A plan chosen on the pricing page before the visitor had an account (extended spec: stored in
 * browser storage as {priceId, planName}). The billing feature starts checkout with it after
 * sign-up; the auth screens only read it.
 */
export const SUBSCRIPTION_INTENT_KEY = 'subscriptionIntent';

export interface SubscriptionIntent {
  priceId: string;
  planName: string;
}

export function readSubscriptionIntent(): SubscriptionIntent | null {
  try {
    const raw = window.localStorage.getItem(SUBSCRIPTION_INTENT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'priceId' in parsed &&
      'planName' in parsed &&
      typeof parsed.priceId === 'string' &&
      typeof parsed.planName === 'string' &&
      parsed.planName.trim() !== ''
    ) {
      return { priceId: parsed.priceId, planName: parsed.planName };
    }
    return null;
  } catch {
    return null;
  }
}
