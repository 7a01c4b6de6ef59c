import { SUBSCRIPTION_INTENT_KEY, SubscriptionIntentSchema, type SubscriptionIntent } from '../../shared/billing.schemas.js';

/**
 * A plan chosen on the pricing page before the visitor had an account (extended spec: stored in
 * browser storage as {priceId, planName}). The register page names it in a banner; once the email
 * is verified and the visitor signed in, checkout starts with it and it is cleared.
 */
export type { SubscriptionIntent };

export function readSubscriptionIntent(): SubscriptionIntent | null {
  try {
    const raw = window.localStorage.getItem(SUBSCRIPTION_INTENT_KEY);
    return raw ? (SubscriptionIntentSchema.safeParse(JSON.parse(raw)).data ?? null) : null;
  } catch {
    return null;
  }
}

export function saveSubscriptionIntent(intent: SubscriptionIntent): void {
  try {
    window.localStorage.setItem(SUBSCRIPTION_INTENT_KEY, JSON.stringify(intent));
  } catch {
    // Storage refused (private mode, full): the visitor picks the plan again after signing up.
  }
}

export function clearSubscriptionIntent(): void {
  try {
    window.localStorage.removeItem(SUBSCRIPTION_INTENT_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
