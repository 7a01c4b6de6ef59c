import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BillingConfig,
  CheckoutConfirmation,
  PaidTier,
  RedirectUrl,
  SubscriptionStatus,
} from '../../../shared/billing.schemas.js';
import { apiJson } from '../../lib/api.js';
import { CURRENT_USER_QUERY_KEY } from '../../lib/auth.js';

export { subscriptionStatusQuery } from '../auth/api.js';

/** GET /api/billing/config: whether Stripe is set up, and the price id of each paid plan. */
export const billingConfigQuery = queryOptions<BillingConfig>({ queryKey: ['/api/billing/config'], staleTime: 5 * 60_000 });

/** GET /api/stripe/checkout-session: the session Stripe sent the browser back from, checked by the server. */
export const checkoutConfirmationQuery = (sessionId: string) =>
  queryOptions<CheckoutConfirmation>({
    queryKey: ['/api/stripe/checkout-session', sessionId],
    queryFn: () =>
      apiJson<CheckoutConfirmation>('GET', `/api/stripe/checkout-session?session_id=${encodeURIComponent(sessionId)}`),
    retry: false,
  });

/** The spec's call: only priceId is used by the server; the rest is the spec's payload. */
export const createCheckout = (payload: { priceId: string; planName: string; userId?: number; email?: string }) =>
  apiJson<RedirectUrl>('POST', '/api/stripe/create-checkout', payload);

export const openCustomerPortal = () => apiJson<RedirectUrl>('POST', '/api/stripe/portal');

export interface PlanChange {
  effective: 'now' | 'period_end';
  subscription: SubscriptionStatus;
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tier: PaidTier) => apiJson<PlanChange>('POST', '/api/stripe/change-plan', { tier }),
    onSuccess: (result) => {
      queryClient.setQueryData(['/api/auth/subscription-status'], result.subscription);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
