import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.js';
import { clearSubscriptionIntent, readSubscriptionIntent } from '../../lib/subscription-intent.js';
import { createCheckout } from './api.js';
import { useStripeRedirect } from './use-stripe-redirect.js';

/**
 * Checkout for the plan chosen before signing up (extended spec, verify-email): once the new
 * operator is signed in, Stripe's page opens by itself. The choice is used once: cleared whether
 * checkout opens or fails (a failure says 'Checkout Error' and leads to the pricing page).
 */
export function useIntentCheckout() {
  const navigate = useNavigate();
  const redirect = useStripeRedirect(() => {
    const intent = readSubscriptionIntent();
    clearSubscriptionIntent();
    if (!intent) return Promise.reject(new Error('no plan chosen'));
    return createCheckout({ priceId: intent.priceId, planName: intent.planName });
  });

  /** False when no plan was chosen (the caller goes on as usual). */
  async function start(): Promise<boolean> {
    if (!readSubscriptionIntent()) return false;
    const opened = await redirect.go();
    if (!opened) navigate(paths.pricingTop, { replace: true });
    return true;
  }

  return { start, pending: redirect.pending };
}
