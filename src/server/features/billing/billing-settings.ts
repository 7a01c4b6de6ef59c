import type Stripe from 'stripe';
import type { Env } from '../../env.js';
import { createStripeClient } from '../../integrations/stripe/stripe-client.js';
import type { PlanPrices } from './subscription-sync.js';

export interface BillingSettings {
  stripe: Stripe;
  /** Checks the signature of Stripe's webhook calls; without it they are refused. */
  webhookSecret?: string;
  prices: PlanPrices;
}

/** Billing from the settings, or undefined when STRIPE_SECRET_KEY is not set. */
export function billingFromEnv(env: Env): BillingSettings | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  return {
    stripe: createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: { growth: env.STRIPE_PRICE_GROWTH, enterprise: env.STRIPE_PRICE_ENTERPRISE },
  };
}
