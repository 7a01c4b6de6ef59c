import { createStripeClient } from '../../src/server/integrations/stripe/stripe-client.js';
import { startFakeStripe } from '../fakes/stripe.js';

export interface PlanStripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { growth: string; enterprise: string };
}

/**
 * A fake Stripe that sells the two paid plans at their real monthly amounts, and the app's client
 * pointed at it. Each test file names its own price ids and keys, so files running side by side
 * never read each other's customers or events.
 */
export async function startPlanStripe({ secretKey, webhookSecret, prices }: PlanStripeSettings) {
  const fake = await startFakeStripe({
    secretKey,
    webhookSecret,
    prices: [
      { id: prices.growth, unitAmount: 2000 },
      { id: prices.enterprise, unitAmount: 4000 },
    ],
  });
  return { fake, stripe: createStripeClient({ secretKey, apiBase: fake.url }) };
}
